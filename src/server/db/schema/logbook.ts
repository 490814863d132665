import {
  boolean,
  date,
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
import { syncedColumns, syncedIndexes } from '../synced';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Shapes of the JSON columns (validated by src/domain/logbook.ts before they are written). */
export interface StoredLogbookWeather {
  temperature: number | null;
  humidity: number | null;
  conditions: string | null;
}
export interface StoredConveyorCheck {
  key: string | null;
  name: string;
  functional: boolean;
  notes: string | null;
}
export interface StoredSpecialCheck {
  key: string | null;
  name: string;
  open: boolean;
  notes: string | null;
}

/**
 * Daily operations log, "Betriebstagebuch". A synced collection: 'logbook'. Status rules:
 * src/domain/logbook-status.ts. Signatures are PNG data URLs (small; they travel with the row so the
 * PDF can be built offline).
 */
export const logbookEntries = pgTable(
  'logbook_entries',
  {
    ...syncedColumns(),
    date: date('date', { mode: 'string' }).notNull(),
    site: text('site'),
    /** HH:MM; an end before the start is an overnight shift. */
    shiftStart: text('shift_start').notNull(),
    shiftEnd: text('shift_end').notNull(),
    weather: jsonb('weather').$type<StoredLogbookWeather>(),
    conveyorChecks: jsonb('conveyor_checks').$type<StoredConveyorCheck[]>().notNull().default([]),
    specialChecks: jsonb('special_checks').$type<StoredSpecialCheck[]>().notNull().default([]),
    generalNotes: text('general_notes'),
    status: text('status').notNull().default('unsigned'),
    /** Stamped from the author's profile signature when signed. */
    creatorSignature: text('creator_signature'),
    signedAt: ts('signed_at'),
    reviewerSignature: text('reviewer_signature'),
    approvedBy: uuid('approved_by'),
    approvedAt: ts('approved_at'),
  },
  (t) => [
    ...syncedIndexes('logbook_entries', t),
    index('logbook_entries_date_idx').on(t.date),
    index('logbook_entries_status_idx').on(t.status, t.date),
    index('logbook_entries_created_by_idx').on(t.createdBy, t.date),
  ],
);

/*
 * Day totals of the checks in the live logbook entries for the analytics: per date, kind
 * ('conveyor' | 'special') and check key (its configured key, else its lower-cased name). `checks` counts
 * them, `failures` the conveyors not functional (specials: still open); `last*` is the check of the
 * newest entry of that day (created_at), whose `lastValue` is `functional` or `open`. Never written by
 * the app: the statement triggers on `logbook_entries` (migration 0009) recompute every date a write
 * touches, in the writing transaction; the migration backfilled them.
 */
export const logbookCheckDays = pgTable(
  'logbook_check_days',
  {
    date: date('date', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    checks: integer('checks').notNull(),
    failures: integer('failures').notNull(),
    lastEntryId: uuid('last_entry_id').notNull(),
    lastName: text('last_name'),
    lastValue: boolean('last_value'),
    lastNotes: text('last_notes'),
  },
  (t) => [
    primaryKey({ columns: [t.date, t.kind, t.key] }),
    // The newest day of every check key (alerts: conveyors down, open special checks).
    index('logbook_check_days_key_idx').on(t.kind, t.key, t.date),
  ],
);
