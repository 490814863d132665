import { z } from 'zod';
import { notificationSchema, type Notification } from '@/domain/notification';
import { apiFetch } from '@/client/api/client';

const listSchema = z.array(notificationSchema);

/**
 * `GET /api/notifications`: the signed-in user's notifications, newest first. With `onlyUnread` the
 * array holds every unread one and its length is the unread count.
 */
export async function getNotifications(
  options: { onlyUnread?: boolean; signal?: AbortSignal } = {},
): Promise<Notification[]> {
  const query = options.onlyUnread ? '?onlyUnread=true' : '';
  const data = await apiFetch<unknown>(`/notifications${query}`, { signal: options.signal });
  return listSchema.parse(data);
}

/** A notification pushed over the socket, or null when the payload is not one. */
export function toNotification(data: unknown): Notification | null {
  const parsed = notificationSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}
