import { sql } from 'drizzle-orm';
import { date, doublePrecision, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { syncedColumns, syncedIndexes } from '../synced';

/*
 * Maintenance reports (issue 6). A synced collection: 'reports'. No `@/` imports: drizzle-kit loads the
 * schema with its own resolver; the JSON shapes below mirror src/domain/report.ts and checklist.ts.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

type StoredLabel = Record<string, string>;
/** The checklist the report was filled with (src/domain/checklist.ts ChecklistCategory[]). */
export type StoredChecklistItems = Array<{
  key: string;
  label: StoredLabel;
  items: Array<{ key: string; label: StoredLabel }>;
}>;
/** `{ [categoryKey]: { [itemKey]: { state, note? } } }` (src/domain/report.ts ChecklistResults). */
export type StoredChecklistResults = Record<
  string,
  Record<string, { state: 'ok' | 'not_ok' | 'na'; note?: string }>
>;

export const reports = pgTable(
  'reports',
  {
    ...syncedColumns(),
    reportDate: date('report_date', { mode: 'string' }).notNull(),
    /** No foreign key: purging an excavator's tombstone must not be blocked by its reports. */
    excavatorId: uuid('excavator_id').notNull(),
    operatorName: text('operator_name').notNull(),
    managerName: text('manager_name'),
    description: text('description'),
    operatingHours: doublePrecision('operating_hours'),
    notes: text('notes'),
    serviceDate: date('service_date', { mode: 'string' }),
    uvvInspectionDate: date('uvv_inspection_date', { mode: 'string' }),
    fuelLevel: doublePrecision('fuel_level'),
    hoursUntilNextMaintenance: doublePrecision('hours_until_next_maintenance'),
    checklist: jsonb('checklist').$type<StoredChecklistResults>().notNull().default({}),
    checklistItems: jsonb('checklist_items').$type<StoredChecklistItems>().notNull().default([]),
    /** PNG data URLs. */
    operatorSignature: text('operator_signature'),
    managerSignature: text('manager_signature'),
    /** unsigned | signed | pending | approved | rejected (src/domain/report-status.ts). */
    status: text('status').notNull().default('unsigned'),
    submittedAt: ts('submitted_at'),
    approvedBy: uuid('approved_by'),
    approvedAt: ts('approved_at'),
    rejectionReason: text('rejection_reason'),
    rejectedBy: uuid('rejected_by'),
    rejectedAt: ts('rejected_at'),
  },
  (t) => [
    ...syncedIndexes('reports', t),
    index('reports_live_date_idx')
      .on(t.reportDate, t.createdAt)
      .where(sql`deleted_at is null`),
    index('reports_excavator_idx').on(t.excavatorId, t.reportDate),
    index('reports_status_idx').on(t.status),
    index('reports_created_by_idx').on(t.createdBy),
  ],
);
