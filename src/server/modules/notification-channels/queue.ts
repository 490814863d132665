import { and, asc, eq, inArray, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { isFeatureEnabled } from '@/domain/features';
import type { Language } from '@/domain/constants';
import type { Notification } from '@/domain/notification';
import { renderNotification } from '@/domain/notification-texts';
import type { Database } from '../../db/client';
import { notificationDeliveries, pushSubscriptions, users } from '../../db/schema';
import { channelsFor, type ChannelConfig } from './config';
import { backoffMs, type NotificationChannelsOptions } from './options';

export type DeliveryRow = typeof notificationDeliveries.$inferSelect;
export type DeliveryStatus = 'pending' | 'sent' | 'dead' | 'cancelled';

/** What a queued delivery carries: the notification as stored, and for e-mail whom to greet. */
export interface DeliveryPayload {
  notification: Notification;
  recipientName?: string;
  /** The recipient's language: the e-mail's own wording (greeting, footer) follows it. */
  language?: Language;
}

export interface PublishedNotification {
  userId: string;
  /** The recipient's language, which `notification`'s title and message are already in. */
  language?: Language;
  notification: Notification;
}

const INSERT_CHUNK = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Queues the channel deliveries for notifications stored by one `notify` call (one event, one row per
 * recipient): an e-mail per recipient with an address, a push message per subscription of each
 * recipient, and one message per chat channel for the event as a whole. Only channels the event is
 * routed to, switched on and configured get rows. The unique dedupe key makes a repeat harmless.
 */
export async function enqueueDeliveries(
  db: Database,
  config: ChannelConfig,
  items: readonly PublishedNotification[],
  options: Pick<NotificationChannelsOptions, 'maxAttempts'>,
): Promise<number> {
  const first = items[0]?.notification;
  if (!first) return 0;
  const channels = channelsFor(config, first.type);
  if (channels.length === 0) return 0;
  const userIds = [...new Set(items.map((i) => i.userId))];
  const rows: Array<typeof notificationDeliveries.$inferInsert> = [];
  const row = (
    channel: string,
    dedupeKey: string,
    payload: DeliveryPayload,
    userId: string | null,
    target: string | null,
  ) =>
    rows.push({
      id: uuidv7(),
      channel,
      event: first.type,
      dedupeKey,
      userId,
      target,
      payload,
      maxAttempts: options.maxAttempts,
    });

  if (channels.includes('email')) {
    const recipients = await db
      .select({ id: users.id, email: users.email, name: users.name, username: users.username })
      .from(users)
      .where(and(inArray(users.id, userIds), eq(users.active, true), isNotNull(users.email)));
    for (const { userId, notification, language } of items) {
      const user = recipients.find((r) => r.id === userId);
      const email = user?.email?.trim();
      if (!user || !email) continue;
      const recipientName = user.name?.trim() || user.username;
      row('email', `email:${notification.id}`, { notification, recipientName, language }, userId, email);
    }
  }

  if (channels.includes('push') && isFeatureEnabled(config.settings.features, 'notifications')) {
    const subscriptions = await db
      .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.userId, userIds));
    for (const { userId, notification } of items) {
      for (const sub of subscriptions.filter((s) => s.userId === userId))
        row('push', `push:${notification.id}:${sub.id}`, { notification }, userId, sub.id);
    }
  }

  // Chat channels get the event once, not once per recipient: a shared channel reads the site's language.
  const siteLanguage = config.settings.app.defaultLanguage;
  const shared = renderNotification(first.key, first.params, siteLanguage);
  const forChat = shared ? { ...first, ...shared } : first;
  for (const channel of channels) {
    if (channel === 'email' || channel === 'push') continue;
    row(channel, `${channel}:${first.id}`, { notification: forChat, language: siteLanguage }, null, null);
  }

  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await db
      .insert(notificationDeliveries)
      .values(rows.slice(i, i + INSERT_CHUNK))
      .onConflictDoNothing({ target: notificationDeliveries.dedupeKey });
  }
  return rows.length;
}

const msInterval = (ms: number) => sql`make_interval(secs => ${ms / 1000}::double precision)`;

/**
 * Claims up to `batchSize` due deliveries. `SELECT … FOR UPDATE SKIP LOCKED` lets several instances
 * claim at once without taking the same row; the claim moves `next_attempt_at` a lease ahead, so a
 * row whose sender dies mid-send comes back after the lease instead of staying stuck.
 * Two statements in one short transaction on purpose: as one `UPDATE … WHERE id IN (SELECT … LIMIT n
 * FOR UPDATE SKIP LOCKED)` PostgreSQL may rescan the subquery, skip the rows it just updated and so
 * claim far more than n.
 */
export async function claimDueDeliveries(
  db: Database,
  options: Pick<NotificationChannelsOptions, 'batchSize' | 'leaseMs'>,
): Promise<DeliveryRow[]> {
  const t = notificationDeliveries;
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.status, 'pending'), lte(t.nextAttemptAt, sql`now()`)))
      .orderBy(asc(t.nextAttemptAt))
      .limit(options.batchSize)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(t)
      .set({
        attempts: sql`${t.attempts} + 1`,
        nextAttemptAt: sql`now() + ${msInterval(options.leaseMs)}`,
        updatedAt: sql`now()`,
      })
      .where(
        inArray(
          t.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

/** Only the holder of the current claim may settle a row (a sender past its lease may not). */
const claimed = (row: DeliveryRow) =>
  and(
    eq(notificationDeliveries.id, row.id),
    eq(notificationDeliveries.status, 'pending'),
    eq(notificationDeliveries.attempts, row.attempts),
  );

export async function markSent(db: Database, row: DeliveryRow) {
  await db
    .update(notificationDeliveries)
    .set({ status: 'sent', sentAt: sql`now()`, updatedAt: sql`now()`, lastError: null })
    .where(claimed(row));
}

export async function markCancelled(db: Database, row: DeliveryRow, reason: string) {
  await db
    .update(notificationDeliveries)
    .set({ status: 'cancelled', updatedAt: sql`now()`, lastError: reason })
    .where(claimed(row));
}

/** A failed attempt: retried after an exponential back-off, or dead once the attempts are used up. */
export async function markFailed(
  db: Database,
  row: DeliveryRow,
  error: string,
  options: NotificationChannelsOptions,
): Promise<DeliveryStatus> {
  const dead = row.attempts >= row.maxAttempts;
  await db
    .update(notificationDeliveries)
    .set({
      status: dead ? 'dead' : 'pending',
      lastError: error.slice(0, 1000),
      updatedAt: sql`now()`,
      ...(!dead && { nextAttemptAt: sql`now() + ${msInterval(backoffMs(row.attempts, options))}` }),
    })
    .where(claimed(row));
  return dead ? 'dead' : 'pending';
}

/** Sent and cancelled rows are kept 30 days, dead ones 90 (the admin may want to see why). */
export async function purgeOldDeliveries(db: Database, now = new Date()): Promise<number> {
  const t = notificationDeliveries;
  const gone = await db
    .delete(t)
    .where(
      or(
        and(inArray(t.status, ['sent', 'cancelled']), lt(t.updatedAt, new Date(now.getTime() - 30 * DAY_MS))),
        and(eq(t.status, 'dead'), lt(t.updatedAt, new Date(now.getTime() - 90 * DAY_MS))),
      ),
    )
    .returning({ id: t.id });
  return gone.length;
}
