import { index, jsonb, pgTable, text, timestamp, uuid, date } from 'drizzle-orm/pg-core';
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
 * Daily operations log, "Betriebstagebuch" (issue 7). A synced collection: 'logbook'. Status rules:
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
