import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
// Relative, not `@/`: drizzle-kit loads the schema with its own resolver.
import { users } from './users';
import { syncedColumns, syncedIndexes } from '../synced';

/*
 * Dispo: master data (drivers, trucks, container types) and the synced collection
 * 'dispoAssignments'. The JSON shapes mirror src/domain/dispo.ts.
 *
 * Master data is deleted softly (`deleted_at`): an assignment keeps naming the driver, truck and types
 * it was planned with, even as a tombstone, and the foreign keys below never block the tombstone purge
 * of assignments. Uniqueness holds among live rows only.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

const masterColumns = () => ({
  id: uuid('id').primaryKey(),
  version: integer('version').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
  createdBy: uuid('created_by'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedBy: uuid('updated_by'),
  deletedAt: ts('deleted_at'),
  active: boolean('active').notNull().default(true),
});

export const dispoDrivers = pgTable(
  'dispo_drivers',
  {
    ...masterColumns(),
    name: text('name').notNull(),
    phone: text('phone'),
    /** The account the driver signs in with (users are deactivated, not deleted). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('dispo_drivers_user_live_idx')
      .on(t.userId)
      .where(sql`deleted_at is null and user_id is not null`),
    index('dispo_drivers_name_idx').on(t.name),
  ],
);

export const dispoTrucks = pgTable(
  'dispo_trucks',
  {
    ...masterColumns(),
    /** Normalised (normalizeLicensePlate in src/domain/dispo.ts). */
    licensePlate: text('license_plate').notNull(),
    type: text('type'),
    /** Payload in tonnes. */
    capacity: doublePrecision('capacity'),
  },
  (t) => [
    uniqueIndex('dispo_trucks_plate_live_idx')
      .on(t.licensePlate)
      .where(sql`deleted_at is null`),
  ],
);

export const dispoContainerTypes = pgTable(
  'dispo_container_types',
  {
    ...masterColumns(),
    name: text('name').notNull(),
    /** m³. */
    volume: doublePrecision('volume').notNull(),
    description: text('description'),
  },
  (t) => [
    uniqueIndex('dispo_container_types_name_live_idx')
      .on(sql`lower(${t.name})`)
      .where(sql`deleted_at is null`),
  ],
);

export type StoredDispoRound = {
  notes: string | null;
  done: boolean;
  items: Array<{ containerTypeId: string; quantity: number; operation: 'pickup' | 'place' | 'swap' }>;
};

export type StoredDispoChange =
  | { kind: 'field'; field: 'date' | 'driver' | 'truck' | 'generalNotes' }
  | { kind: 'round'; index: number; change: 'added' | 'removed' | 'changed' };

export const dispoAssignments = pgTable(
  'dispo_assignments',
  {
    ...syncedColumns(),
    /** Local calendar date. */
    date: date('date', { mode: 'string' }).notNull(),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => dispoDrivers.id),
    truckId: uuid('truck_id').references(() => dispoTrucks.id),
    rounds: jsonb('rounds').$type<StoredDispoRound[]>().notNull().default([]),
    generalNotes: text('general_notes'),
    /** draft | published */
    status: text('status').notNull().default('draft'),
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: ts('published_at'),
    /** The latest change after publishing: `{ at, by, changes }`. */
    lastChange: jsonb('last_change').$type<{ at: string; by: string | null; changes: StoredDispoChange[] }>(),
  },
  (t) => [
    ...syncedIndexes('dispo_assignments', t),
    index('dispo_assignments_live_date_idx')
      .on(t.date, t.driverId)
      .where(sql`deleted_at is null`),
    index('dispo_assignments_driver_date_idx').on(t.driverId, t.date),
    index('dispo_assignments_truck_idx').on(t.truckId),
    // "Is this container type used?" — `rounds @> '[{"items":[{"containerTypeId":…}]}]'`.
    index('dispo_assignments_rounds_idx').using('gin', t.rounds.op('jsonb_path_ops')),
  ],
);
