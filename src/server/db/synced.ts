import { bigint, index, integer, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/*
 * Columns every synced (offline-mirrored) table carries. Kept free of the `@/`
 * alias because drizzle-kit loads the schema with its own resolver.
 *
 * - `id`: UUIDv7; the client may supply it when it creates a record offline.
 * - `version`: 1 on create, +1 on every write; the ETag / If-Match value.
 * - `deletedAt`: soft delete; a deleted row is the sync tombstone until the retention purge.
 * - `changeSeq`: the pull cursor. Every synced write transaction takes the single `sync_counter` row
 *   first and stamps its rows with the next values (see src/server/modules/sync/cursor.ts), so commit
 *   order equals cursor order and a pull can never skip a row that commits late.
 */
export const syncedColumns = () => ({
  id: uuid('id').primaryKey(),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  createdBy: uuid('created_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedBy: uuid('updated_by'),
  deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  changeSeq: bigint('change_seq', { mode: 'number' }).notNull(),
});

/** The pull scans `change_seq > cursor order by change_seq`: every synced table needs this index. */
export const syncedIndexes = (table: string, t: { changeSeq: AnyPgColumn }) => [
  index(`${table}_change_seq_idx`).on(t.changeSeq),
];
