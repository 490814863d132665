import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { syncedColumns, syncedIndexes } from './synced';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    username: text('username').notNull(),
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    department: text('department'),
    role: text('role').notNull(),
    passwordHash: text('password_hash').notNull(),
    active: boolean('active').notNull().default(true),
    profileImage: text('profile_image'),
    signature: text('signature'),
    lastLogin: ts('last_login'),
    /** Bumped on password change or deactivation: older tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** The language the user last chose in the app (en, de, bg, gr): e-mail and push speak it. */
    language: text('language'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role),
  ],
);

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
    at: ts('at').notNull().defaultNow(),
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

/** Excavator fleet register. A synced collection: 'excavators'. */
export const excavators = pgTable(
  'excavators',
  {
    ...syncedColumns(),
    name: text('name').notNull(),
    model: text('model').notNull(),
    serialNumber: text('serial_number').notNull(),
    year: integer('year'),
    status: text('status').notNull().default('operational'),
    usageHours: doublePrecision('usage_hours').notNull().default(0),
    location: text('location'),
    engineNumber: text('engine_number'),
    /** Per-machine override: the usage-hours reading at which the next inspection is due. */
    nextInspectionHours: doublePrecision('next_inspection_hours'),
    /** Usage-hours reading at the last service; the default next maintenance is this + the interval. */
    lastServiceHours: doublePrecision('last_service_hours'),
    purchaseDate: date('purchase_date', { mode: 'string' }),
    lastServiceDate: date('last_service_date', { mode: 'string' }),
    profileImage: text('profile_image'),
    gallery: jsonb('gallery').$type<string[]>().notNull().default([]),
    specifications: jsonb('specifications')
      .$type<Array<{ key: string; value: string }>>()
      .notNull()
      .default([]),
    description: text('description'),
    notes: text('notes'),
  },
  (t) => [
    ...syncedIndexes('excavators', t),
    // Serial numbers are unique among live machines; a deleted machine's serial may be registered again.
    uniqueIndex('excavators_serial_live_idx')
      .on(sql`lower(${t.serialNumber})`)
      .where(sql`deleted_at is null`),
    index('excavators_name_idx').on(t.name),
    index('excavators_status_idx').on(t.status),
  ],
);
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
