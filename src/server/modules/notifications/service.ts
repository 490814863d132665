import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { isLanguage, type Language } from '@/domain/constants';
import { notificationInputSchema, type Notification, type NotificationInput } from '@/domain/notification';
import { isFeatureEnabled } from '@/domain/features';
import { renderNotification } from '@/domain/notification-texts';
import { normalizeRole } from '@/domain/roles';
import type { Executor } from '../../db/client';
import { notifications, users } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;

/** The row as its reader sees it: rendered in `language` when its key is known, else as stored. */
export function toNotification(row: NotificationRow, language?: Language): Notification {
  const rendered = language ? renderNotification(row.messageKey, row.params, language) : null;
  return {
    id: row.id,
    _id: row.id,
    type: row.type,
    title: rendered?.title ?? row.title,
    message: rendered?.message ?? row.message,
    key: row.messageKey,
    params: row.params,
    link: row.link,
    read: row.read,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Notifications stored by `notify`, not yet announced to sockets. */
export interface PendingNotifications {
  /** One per recipient. */
  items: ReadonlyArray<{ userId: string; language: Language; notification: Notification }>;
  /**
   * Emits `notification:created` for every item and queues the e-mail, push and chat deliveries
   * (modules/notification-channels). Call it once the transaction that stored them has committed;
   * calling it again does nothing.
   */
  publish(): void;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Recipient {
  id: string;
  language: string | null;
}

/** Active users named by id or holding one of the roles (compared in lower case), each once. */
async function findRecipients(executor: Executor, userIds: string[], roles: string[]): Promise<Recipient[]> {
  const ids = [...new Set(userIds.filter((id) => UUID.test(id)))];
  const roleNames = [...new Set(roles.map(normalizeRole).filter(Boolean))];
  const match: SQL[] = [];
  if (ids.length) match.push(inArray(users.id, ids));
  if (roleNames.length) match.push(inArray(sql`lower(trim(${users.role}))`, roleNames));
  if (!match.length) return [];
  return executor
    .select({ id: users.id, language: users.language })
    .from(users)
    .where(and(eq(users.active, true), or(...match)))
    .orderBy(users.id);
}

/** The language a user chose in the app, else the site's default. */
export function readerLanguage(chosen: string | null | undefined, siteDefault: Language): Language {
  return chosen && isLanguage(chosen) ? chosen : siteDefault;
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
  const siteLanguage = settings.app.defaultLanguage;
  if (recipients.length) {
    // The stored text is the site language's rendering: the fallback for a key a reader cannot render.
    const stored = renderNotification(data.key, data.params, siteLanguage);
    rows = await (executor ?? app.db)
      .insert(notifications)
      .values(
        recipients.map(({ id: userId }) => ({
          id: uuidv7(),
          userId,
          type: data.type,
          title: stored?.title ?? data.title ?? '',
          message: stored?.message ?? data.message ?? '',
          messageKey: data.key ?? null,
          params: data.key ? (data.params ?? {}) : null,
          link: data.link ?? null,
        })),
      )
      .returning();
  }
  const languageOf = new Map(recipients.map((r) => [r.id, readerLanguage(r.language, siteLanguage)]));
  // Sockets, e-mail and push carry each recipient's own language.
  const items = rows.map((row) => {
    const language = languageOf.get(row.userId) ?? siteLanguage;
    return { userId: row.userId, language, notification: toNotification(row, language) };
  });
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
  language?: Language,
): Promise<Notification[]> {
  const query = executor
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), onlyUnread ? eq(notifications.read, false) : undefined))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .$dynamic();
  const rows = onlyUnread ? await query : await query.limit(NOTIFICATION_LIST_CAP);
  return rows.map((row) => toNotification(row, language));
}

/** Marks one of the user's notifications read; undefined when it is not theirs or does not exist. */
export async function markRead(
  executor: Executor,
  userId: string,
  id: string,
  language?: Language,
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
  return row ? { before: current.read, notification: toNotification(row, language) } : undefined;
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
