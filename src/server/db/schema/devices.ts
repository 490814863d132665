import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One row per installation of the app (its random device id), refreshed by the state its requests
 * report: who used it last, when it was last heard from, and the unsent work it holds.
 */
export const devices = pgTable(
  'devices',
  {
    deviceId: uuid('device_id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    lastSeenAt: ts('last_seen_at').notNull(),
    waiting: integer('waiting').notNull().default(0),
    /** Server time the oldest waiting entry was made (its reported age subtracted from arrival). */
    oldestWaitingAt: ts('oldest_waiting_at'),
    appVersion: text('app_version'),
    /** Null while the browser could not say. */
    persistent: boolean('persistent'),
    /**
     * When managers were told that this device is silent with work waiting; cleared whenever the device
     * is heard from again, so each silence is reported once.
     */
    alertedAt: ts('alerted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('devices_last_seen_idx').on(t.lastSeenAt)],
);
