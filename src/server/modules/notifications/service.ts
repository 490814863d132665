import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { notificationInputSchema, type Notification, type NotificationInput } from '@/domain/notification';
import { isFeatureEnabled } from '@/domain/features';
import { normalizeRole } from '@/domain/roles';
import type { Executor } from '../../db/client';
import { notifications, users } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    _id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    link: row.link,
    read: row.read,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Notifications stored by `notify`, not yet announced to sockets. */
export interface PendingNotifications {
  /** One per recipient. */
  items: ReadonlyArray<{ userId: string; notification: Notification }>;
  /**
   * Emits `notification:created` for every item and queues the e-mail, push and chat deliveries
   * (modules/notification-channels). Call it once the transaction that stored them has committed;
   * calling it again does nothing.
   */
  publish(): void;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Active users named by id or holding one of the roles (compared in lower case), each once. */
async function findRecipients(executor: Executor, userIds: string[], roles: string[]): Promise<string[]> {
  const ids = [...new Set(userIds.filter((id) => UUID.test(id)))];
  const roleNames = [...new Set(roles.map(normalizeRole).filter(Boolean))];
  const match: SQL[] = [];
  if (ids.length) match.push(inArray(users.id, ids));
  if (roleNames.length) match.push(inArray(sql`lower(trim(${users.role}))`, roleNames));
  if (!match.length) return [];
  const rows = await executor
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.active, true), or(...match)))
    .orderBy(users.id);
  return rows.map((r) => r.id);
}

/**
 * Stores one notification per recipient (the users in `userIds` and the active users holding any of
 * `roles`, each once) and returns them with a `publish()` that announces them.
 *
 * Events must not leave before the rows are committed: a rolled-back write would otherwise announce a
 * notification that never existed, and a client fetching on `notification:new` could miss the row.
 * So with a caller's transaction the caller publishes after its commit:
 *
 *   const pending = await app.db.transaction(async (tx) => { …write…; return app.notify(input, tx); });
 *   pending.publish();
 *
 * Without an executor the rows are written in their own statement, committed on return, and published
 * at once (publishing again is a no-op).
 */
export async function notify(
  app: FastifyInstance,
  input: NotificationInput,
  executor?: Executor,
): Promise<PendingNotifications> {
  const data = notificationInputSchema.parse(input);
  // A switched-off feature is off on every channel: no row, no socket event, no push, mail or chat.
  const settings = await app.settingsStore.get(executor ?? app.db);
  if (!isFeatureEnabled(settings.features, 'notifications')) {
    return { items: [], publish: () => undefined };
  }
  const recipients = await findRecipients(executor ?? app.db, data.userIds ?? [], data.roles ?? []);
  let rows: NotificationRow[] = [];
  if (recipients.length) {
    rows = await (executor ?? app.db)
      .insert(notifications)
      .values(
        recipients.map((userId) => ({
          id: uuidv7(),
          userId,
          type: data.type,
          title: data.title,
          message: data.message,
          link: data.link ?? null,
        })),
      )
      .returning();
  }
  const items = rows.map((row) => ({ userId: row.userId, notification: toNotification(row) }));
  let published = false;
  const pending: PendingNotifications = {
    items,
    publish() {
      if (published) return;
      published = true;
      for (const { userId, notification } of items)
        app.events.emit('notification:created', userId, notification);
      // E-mail, push and chat are queued only now, after the commit; that never fails the caller.
      if (items.length && app.hasDecorator('notificationChannels')) app.notificationChannels.enqueue(items);
    },
  };
  if (!executor) pending.publish();
  return pending;
}

/** Newest first. The full list is capped; the unread list never is, its length being the unread count. */
export const NOTIFICATION_LIST_CAP = 500;

export async function listNotifications(
  executor: Executor,
  userId: string,
  onlyUnread: boolean,
): Promise<Notification[]> {
  const query = executor
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), onlyUnread ? eq(notifications.read, false) : undefined))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .$dynamic();
  const rows = onlyUnread ? await query : await query.limit(NOTIFICATION_LIST_CAP);
  return rows.map(toNotification);
}

/** Marks one of the user's notifications read; undefined when it is not theirs or does not exist. */
export async function markRead(
  executor: Executor,
  userId: string,
  id: string,
): Promise<{ before: boolean; notification: Notification } | undefined> {
  if (!UUID.test(id)) return undefined;
  const [current] = await executor
    .select({ read: notifications.read })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  if (!current) return undefined;
  const [row] = await executor
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row ? { before: current.read, notification: toNotification(row) } : undefined;
}

/** Marks every unread notification of the user read and returns how many changed. */
export async function markAllRead(executor: Executor, userId: string): Promise<number> {
  const rows = await executor
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  return rows.length;
}
