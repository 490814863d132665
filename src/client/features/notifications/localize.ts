import { isLanguage } from '@/domain/constants';
import type { Notification } from '@/domain/notification';
import { renderNotification } from '@/domain/notification-texts';

/**
 * The notification in the reader's current language: rendered from its message key and parameters,
 * so switching the app's language re-words the bell and the list at once, offline too. A key this
 * version does not know keeps the text the server sent.
 */
export function inLanguage(notification: Notification, language: string): Notification {
  if (!isLanguage(language)) return notification;
  const rendered = renderNotification(notification.key, notification.params, language);
  return rendered ? { ...notification, ...rendered } : notification;
}
