import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
// Relative, not `@/`: drizzle-kit loads the schema with its own resolver.
import { excavators } from './excavators';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A browser's push subscription. The endpoint names one browser profile, so it belongs to one user. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique('push_subscriptions_endpoint_key'),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * The outgoing queue: one row per message to one channel target (an e-mail address, a push
 * subscription, a chat webhook). Written after the notifications commit, sent by the worker.
 * `status`: pending → sent | dead (attempts used up) | cancelled (target gone, channel switched off).
 * A pending row is claimed by moving `next_attempt_at` past a lease; a crashed sender's row comes back.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: uuid('id').primaryKey(),
    channel: text('channel').notNull(),
    event: text('event').notNull(),
    /** One row per message: `email:<notification>`, `push:<notification>:<subscription>`, `slack:<event>`. */
    dedupeKey: text('dedupe_key').notNull().unique('notification_deliveries_dedupe_key'),
    userId: uuid('user_id'),
    /** E-mail address or push subscription id; null for chat channels. */
    target: text('target'),
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
  },
  (t) => [
    index('notification_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index('notification_deliveries_status_idx').on(t.status, t.updatedAt),
  ],
);

/**
 * Maintenance-due notifications already sent, per machine and threshold ('soon', 'urgent'). Cleared
 * when the machine's label is back to 'ok' (serviced), so the next approach notifies again.
 */
export const maintenanceAlerts = pgTable(
  'maintenance_alerts',
  {
    excavatorId: uuid('excavator_id')
      .notNull()
      .references(() => excavators.id, { onDelete: 'cascade' }),
    threshold: text('threshold').notNull(),
    hoursUntil: doublePrecision('hours_until').notNull(),
    notifiedAt: ts('notified_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.excavatorId, t.threshold] })],
);
