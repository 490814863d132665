import type { Notification } from '@/domain/notification';

export const NOTIFICATION_GROUPS = ['today', 'yesterday', 'thisWeek', 'older'] as const;
export type NotificationGroup = (typeof NOTIFICATION_GROUPS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/**
 * The list group of a notification by the local calendar: today, yesterday, this week (the
 * five days before yesterday, so a Monday still shows last week's Friday under "this week" rather than
 * an empty group) and older. A timestamp from the future (a device clock behind) counts as today.
 */
export function notificationGroup(createdAt: string, now: Date = new Date()): NotificationGroup {
  const created = new Date(createdAt);
  if (Number.isNaN(created.getTime())) return 'older';
  const today = startOfDay(now);
  const day = startOfDay(created);
  if (day >= today) return 'today';
  // Calendar days apart, rounded so that a daylight-saving change (23 or 25 h days) does not matter.
  const daysAgo = Math.round((today - day) / DAY_MS);
  if (daysAgo === 1) return 'yesterday';
  if (daysAgo < 7) return 'thisWeek';
  return 'older';
}

/** Notifications (newest first) in their groups, in the order today → older; empty groups left out. */
export function groupNotifications(
  items: readonly Notification[],
  now: Date = new Date(),
): Array<{ group: NotificationGroup; items: Notification[] }> {
  const groups = new Map<NotificationGroup, Notification[]>();
  for (const item of items) {
    const group = notificationGroup(item.createdAt, now);
    const list = groups.get(group);
    if (list) list.push(item);
    else groups.set(group, [item]);
  }
  return NOTIFICATION_GROUPS.flatMap((group) => {
    const list = groups.get(group);
    return list ? [{ group, items: list }] : [];
  });
}
