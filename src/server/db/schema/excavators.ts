import { sql } from 'drizzle-orm';
import {
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { syncedColumns, syncedIndexes } from '../synced';

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
