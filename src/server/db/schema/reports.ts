import { sql } from 'drizzle-orm';
import {
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { syncedColumns, syncedIndexes } from '../synced';

/*
 * Maintenance reports. A synced collection: 'reports'. No `@/` imports: drizzle-kit loads the
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
    /** Ids of the machine's follow-ups this report resolves; closed when the report is submitted. */
    resolvesFollowUps: jsonb('resolves_follow_ups').$type<string[]>().notNull().default([]),
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
    // Approval lead time: the approved reports of a range with both timestamps, from the index alone.
    index('reports_live_approved_idx')
      .on(t.approvedAt, t.submittedAt)
      .where(sql`deleted_at is null and approved_at is not null and submitted_at is not null`),
    // Reports waiting for approval, oldest submission first (analytics alerts, pending counts).
    index('reports_live_pending_idx')
      .on(sql`coalesce(${t.submittedAt}, ${t.updatedAt})`, t.id)
      .where(sql`deleted_at is null and status = 'pending'`),
  ],
);

/*
 * Day totals of the live reports for the analytics and the dashboard, so a year's
 * figures are sums over a few thousand narrow rows instead of every report and checklist answer. Never
 * written by the app: the statement triggers on `reports` (migration 0009) recompute the rows of every
 * report date a write touches, in the writing transaction, from the live reports of that date; the
 * migration backfilled them. A checklist answer is one item of a category object in `checklist` (as
 * the analytics count it).
 */

/** Per report date and status: live reports (dashboard trend, analytics reports by status). */
export const reportStatusDays = pgTable(
  'report_status_days',
  {
    reportDate: date('report_date', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    reports: integer('reports').notNull(),
  },
  (t) => [primaryKey({ columns: [t.reportDate, t.status] })],
);

/** Per report date and checklist item: answers, answers checked (ok or not ok) and not ok. */
export const reportChecklistDays = pgTable(
  'report_checklist_days',
  {
    reportDate: date('report_date', { mode: 'string' }).notNull(),
    category: text('category').notNull(),
    item: text('item').notNull(),
    answers: integer('answers').notNull(),
    checked: integer('checked').notNull(),
    failed: integer('failed').notNull(),
  },
  (t) => [primaryKey({ columns: [t.reportDate, t.category, t.item] })],
);

/**
 * Per report date and machine: live reports, those with at least one checklist answer, their not-ok
 * answers, and the lowest and highest operating hours (null when no report has them).
 */
export const reportMachineDays = pgTable(
  'report_machine_days',
  {
    reportDate: date('report_date', { mode: 'string' }).notNull(),
    excavatorId: uuid('excavator_id').notNull(),
    reports: integer('reports').notNull(),
    checklistReports: integer('checklist_reports').notNull(),
    failed: integer('failed').notNull(),
    minHours: doublePrecision('min_hours'),
    maxHours: doublePrecision('max_hours'),
  },
  (t) => [primaryKey({ columns: [t.reportDate, t.excavatorId] })],
);
