import { sql } from 'drizzle-orm';
import { date, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
// Relative, not `@/`: drizzle-kit loads the schema with its own resolver.
import { syncedColumns, syncedIndexes } from '../synced';

/*
 * Follow-ups of failed checklist items (src/domain/followup.ts). A synced collection: 'followUps'.
 * No foreign keys to excavators or reports: purging their tombstones must not be blocked by these rows.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const followUps = pgTable(
  'follow_ups',
  {
    ...syncedColumns(),
    excavatorId: uuid('excavator_id').notNull(),
    title: text('title').notNull(),
    /** The checklist item's label per language when opened from a report. */
    titleLabels: jsonb('title_labels').$type<Record<string, string>>(),
    note: text('note'),
    /** Stored relative path of the photo, served at /uploads/{path}. */
    photo: text('photo'),
    assigneeId: uuid('assignee_id'),
    dueDate: date('due_date', { mode: 'string' }),
    /** open | closed */
    status: text('status').notNull().default('open'),
    sourceReportId: uuid('source_report_id'),
    sourceCategory: text('source_category'),
    sourceItem: text('source_item'),
    closedAt: ts('closed_at'),
    closedBy: uuid('closed_by'),
    closedByReportId: uuid('closed_by_report_id'),
  },
  (t) => [
    ...syncedIndexes('follow_ups', t),
    // One follow-up per report and failed item, whatever retries or resubmissions happen.
    uniqueIndex('follow_ups_source_idx')
      .on(t.sourceReportId, t.sourceCategory, t.sourceItem)
      .where(sql`source_report_id is not null`),
    index('follow_ups_excavator_idx').on(t.excavatorId, t.status),
    index('follow_ups_closed_by_report_idx').on(t.closedByReportId),
  ],
);
