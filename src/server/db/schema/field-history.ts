import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Which column of a synced row changed in which version, with its value before the change. Written by
 * a row trigger on every synced table (see the migration that adds this table); read by field-level PATCH to learn what changed
 * on the server since the version a device based its edit on. `tbl` and `field` are database names.
 */
export const recordFieldChanges = pgTable(
  'record_field_changes',
  {
    tbl: text('tbl').notNull(),
    recordId: uuid('record_id').notNull(),
    version: integer('version').notNull(),
    field: text('field').notNull(),
    oldValue: jsonb('old_value'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'record_field_changes_pk', columns: [t.tbl, t.recordId, t.version, t.field] })],
);
