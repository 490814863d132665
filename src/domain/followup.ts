import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { LANGUAGES, type Language } from './constants';
import { isIsoDate } from './excavator';
import { syncedMetaSchema } from './sync';

/*
 * Follow-ups (docs/follow-ups.md): work left over from a checklist item marked "not ok". A synced
 * collection, `followUps`, served at /api/follow-ups.
 *
 * - The server opens one per "not ok" item when a report is submitted (once per report and item, and
 *   not while the same item of the same machine already has an open follow-up).
 * - People may open one by hand and change title, note, photo, assignee and due date (`followup:write`).
 * - A report closes follow-ups by listing them in its `resolvesFollowUps`: when it is submitted, each
 *   listed follow-up that is still open on the report's machine is closed with `closedByReportId`.
 *   `PUT /api/follow-ups/{id}/close` (no report) and `/reopen` are the manual way (`followup:close`).
 */

export const FOLLOW_UP_STATUSES = ['open', 'closed'] as const;
export type FollowUpStatus = (typeof FOLLOW_UP_STATUSES)[number];

export const FOLLOW_UP_TITLE_MAX = 200;
export const FOLLOW_UP_NOTE_MAX = 2000;
/** The form field of the photo in a multipart create or update. */
export const FOLLOW_UP_FILE_FIELDS = ['photo'] as const;
/** At most this many follow-ups one report can close. */
export const REPORT_MAX_RESOLVED_FOLLOW_UPS = 100;

const blankToNull = (v: unknown) =>
  v === undefined || (typeof v === 'string' && v.trim() === '') ? null : v;

/** The editable fields of a follow-up (what PUT replaces; an omitted optional field is cleared). */
export const followUpFieldsSchema = lazySchema(() =>
  z.object({
    excavatorId: z.uuid({ error: 'Choose an excavator' }),
    title: z
      .string({ error: 'Title is required' })
      .trim()
      .min(1, 'Title is required')
      .max(FOLLOW_UP_TITLE_MAX, `Title must be at most ${FOLLOW_UP_TITLE_MAX} characters`),
    note: z
      .preprocess(
        blankToNull,
        z
          .string({ error: 'Note must be text' })
          .trim()
          .max(FOLLOW_UP_NOTE_MAX, `Note must be at most ${FOLLOW_UP_NOTE_MAX} characters`)
          .nullable(),
      )
      .transform((v) => v ?? null),
    assigneeId: z
      .preprocess(blankToNull, z.uuid({ error: 'Assignee must be a user' }).nullable())
      .transform((v) => v ?? null),
    dueDate: z
      .preprocess(
        blankToNull,
        z
          .string({ error: 'Due date must be a date (YYYY-MM-DD)' })
          .refine(isIsoDate, 'Due date must be a date (YYYY-MM-DD)')
          .nullable(),
      )
      .transform((v) => v ?? null),
  }),
);
export type FollowUpFields = z.infer<typeof followUpFieldsSchema>;
export const FOLLOW_UP_FIELD_NAMES = Object.keys(followUpFieldsSchema.shape) as Array<keyof FollowUpFields>;

export const followUpCreateSchema = lazySchema(() =>
  followUpFieldsSchema.extend({
    id: z.uuid({ error: 'Id must be a UUID' }).optional(),
  }),
);
export type FollowUpCreate = z.infer<typeof followUpCreateSchema>;

/** PUT /api/follow-ups/{id}: the fields, and `removePhoto` to drop the stored photo. */
export const followUpUpdateSchema = lazySchema(() =>
  followUpFieldsSchema.extend({
    removePhoto: z.preprocess((v) => v === true || v === 'true', z.boolean()).optional(),
  }),
);
export type FollowUpUpdate = z.infer<typeof followUpUpdateSchema>;

/** Multipart text fields → the JSON shape the schemas read. */
export function followUpInputFromForm(fields: Record<string, string | string[]>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value]),
  );
}

/** Where an automatically opened follow-up came from: the report and its checklist item. */
export const followUpSourceSchema = lazySchema(() =>
  z.object({
    reportId: z.string(),
    categoryKey: z.string(),
    itemKey: z.string(),
  }),
);
export type FollowUpSource = z.infer<typeof followUpSourceSchema>;

/** A follow-up as the API returns it (list items, single reads, pull `data`). */
export const followUpSchema = lazySchema(() =>
  syncedMetaSchema.extend({
    excavatorId: z.string(),
    title: z.string(),
    /** The checklist item's label per language, for a follow-up opened from a report (else null). */
    titleLabels: z.record(z.string(), z.string()).nullable(),
    note: z.string().nullable(),
    /** Stored path of the photo, served at /uploads/{path}. */
    photo: z.string().nullable(),
    assigneeId: z.string().nullable(),
    assigneeName: z.string().nullable(),
    dueDate: z.string().nullable(),
    status: z.enum(FOLLOW_UP_STATUSES),
    source: followUpSourceSchema.nullable(),
    closedAt: z.string().nullable(),
    closedBy: z.string().nullable(),
    closedByName: z.string().nullable(),
    closedByReportId: z.string().nullable(),
  }),
);
export type FollowUp = z.infer<typeof followUpSchema>;

export const followUpListQuerySchema = lazySchema(() =>
  z.object({
    excavator: z.uuid({ error: 'Excavator must be an id' }).optional(),
    status: z.enum(FOLLOW_UP_STATUSES).optional(),
  }),
);
export type FollowUpListQuery = z.infer<typeof followUpListQuerySchema>;

export const followUpListSchema = lazySchema(() =>
  z.object({ items: z.array(followUpSchema), total: z.number().int() }),
);

/** GET /api/follow-ups/assignees: the people a follow-up can be assigned to. */
export const followUpAssigneesSchema = lazySchema(() =>
  z.object({
    items: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
);
export type FollowUpAssignee = z.infer<typeof followUpAssigneesSchema>['items'][number];

/** The title in `language`: the checklist item's label there, else another language's, else the stored title. */
export function followUpTitle(
  followUp: Pick<FollowUp, 'title' | 'titleLabels'>,
  language: Language | string,
): string {
  const labels = followUp.titleLabels;
  if (!labels) return followUp.title;
  const own = labels[language]?.trim();
  if (own) return own;
  return followUp.title || LANGUAGES.map((l) => labels[l]?.trim()).find(Boolean) || '';
}

/** A checklist item marked "not ok" in a report: what an automatic follow-up is opened from. */
export interface FailedChecklistItem {
  categoryKey: string;
  itemKey: string;
  labels: Record<string, string>;
  note: string | null;
}

/** The report's "not ok" items in checklist order, with the item's labels (the key when it has none). */
export function failedChecklistItems(report: {
  checklist: Record<string, Record<string, { state: string; note?: string }>>;
  checklistItems: ReadonlyArray<{
    key: string;
    items: ReadonlyArray<{ key: string; label: Record<string, string> }>;
  }>;
}): FailedChecklistItem[] {
  const failed: FailedChecklistItem[] = [];
  for (const category of report.checklistItems) {
    for (const item of category.items) {
      const entry = report.checklist[category.key]?.[item.key];
      if (entry?.state !== 'not_ok') continue;
      failed.push({
        categoryKey: category.key,
        itemKey: item.key,
        labels: { ...item.label },
        note: entry.note?.trim() || null,
      });
    }
  }
  return failed;
}

/** Open first, then by due date (none last), then newest first. */
export function compareFollowUps(
  a: Pick<FollowUp, 'status' | 'dueDate' | 'createdAt'>,
  b: Pick<FollowUp, 'status' | 'dueDate' | 'createdAt'>,
): number {
  if (a.status !== b.status) return a.status === 'open' ? -1 : 1;
  if (a.dueDate !== b.dueDate) {
    if (a.dueDate === null) return 1;
    if (b.dueDate === null) return -1;
    return a.dueDate.localeCompare(b.dueDate);
  }
  return b.createdAt.localeCompare(a.createdAt);
}

/** True when an open follow-up's due date lies before `today` (YYYY-MM-DD). */
export function isFollowUpOverdue(followUp: Pick<FollowUp, 'status' | 'dueDate'>, today: string): boolean {
  return followUp.status === 'open' && followUp.dueDate !== null && followUp.dueDate < today;
}
