import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { toSameOriginPath } from '@/domain/service-worker';

export type NotificationTarget = { kind: 'internal'; href: string } | { kind: 'external'; href: string };

/** Where a notification's link leads: a path of this app (followed by the router) or another site. */
export function notificationTarget(
  link: string | null | undefined,
  origin: string = window.location.origin,
): NotificationTarget | null {
  if (!link?.trim()) return null;
  const internal = toSameOriginPath(link, origin);
  if (internal) return { kind: 'internal', href: internal };
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:'
      ? { kind: 'external', href: url.href }
      : null;
  } catch {
    return null;
  }
}

/** Follows a notification's link: inside the app through the router, elsewhere in a new tab. */
export function useFollowNotificationLink(): (link: string | null | undefined) => boolean {
  const router = useRouter();
  return useCallback(
    (link) => {
      const target = notificationTarget(link);
      if (!target) return false;
      if (target.kind === 'internal') void router.navigate({ href: target.href });
      else window.open(target.href, '_blank', 'noopener,noreferrer');
      return true;
    },
    [router],
  );
}
