import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './schema/users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One row (id = 1) holding the whole settings document. */
export const appSettings = pgTable('app_settings', {
  id: integer('id').primaryKey(),
  data: jsonb('data').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Server secrets shared by every instance on the same database (JWT key, VAPID keys). */
export const serverSecrets = pgTable('server_secrets', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey(),
    /** When the action happened (the device's time for a write done offline). */
    at: ts('at').notNull().defaultNow(),
    /** When the server received it; null on rows written before it was kept (then equal to `at`). */
    receivedAt: ts('received_at'),
    userId: uuid('user_id'),
    username: text('username'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    changes: jsonb('changes'),
    ip: text('ip'),
  },
  (t) => [
    index('audit_at_idx').on(t.at),
    index('audit_entity_idx').on(t.entity, t.entityId),
    index('audit_user_idx').on(t.userId, t.at),
    index('audit_action_idx').on(t.action, t.at),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** Rendered in the site's default language: what a reader sees when the key is unknown. */
    title: text('title').notNull(),
    message: text('message').notNull(),
    /** The message key and raw parameters each reader's language is rendered from. */
    messageKey: text('message_key'),
    params: jsonb('params').$type<Record<string, unknown>>(),
    link: text('link'),
    read: boolean('read').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.read, t.createdAt)],
);

/** Failed sign-in counters per key ("ip:1.2.3.4" or "user:alice"), shared by every instance. */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    key: text('key').notNull(),
    windowStart: ts('window_start').notNull(),
    failures: integer('failures').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key] })],
);

/*
 * ── Offline sync ─────────────────────────────────────────────────────────────────
 */

/**
 * The single change-cursor counter (id = 1). Every synced write transaction locks this row before it
 * stamps anything (src/server/modules/sync/cursor.ts), so stamps are handed out in commit order.
 */
export const syncCounter = pgTable('sync_counter', {
  id: integer('id').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
});

/**
 * Pull bookkeeping (id = 1): `minCursor` is the highest change_seq of a purged tombstone. A client whose
 * cursor is below it may have missed a deletion and must re-mirror (410 GONE).
 */
export const syncState = pgTable('sync_state', {
  id: integer('id').primaryKey(),
  minCursor: bigint('min_cursor', { mode: 'number' }).notNull().default(0),
  purgedAt: ts('purged_at'),
});

/**
 * Claimed Idempotency-Key values, per user. Written in the same transaction as the write they guard,
 * so a stored row always means "this write committed, and this was its answer". Kept ≥ 90 days.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    response: jsonb('response'),
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

// users and excavators live in their own files because other schema files reference them: importing
// them from here, which re-exports those files, made a cycle whose start-up order decided whether
// `users` was defined yet.
export * from './schema/users';
export * from './schema/excavators';
export * from './schema/ai';
export * from './schema/notification-channels';
export * from './schema/config-documents';
export * from './schema/logbook';
export * from './schema/reports';
export * from './schema/inventory';
export * from './schema/dispo';
export * from './schema/field-history';
export * from './schema/devices';
export * from './schema/follow-ups';
