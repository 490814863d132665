import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { checklistCategoriesSchema, checklistCategoryKeySchema, checklistItemKeySchema } from './checklist';
import { DEFAULT_LIMIT, DEFAULT_PAGE, MAX_LIMIT } from './constants';
import {
  custom,
  date,
  defineEntity,
  fieldError,
  formShaped,
  optionalDate,
  optionalNumber,
  optionalText,
  reference,
  requiredText,
} from './fields';
import { isIsoDate } from './excavator';
import { overrideReasonSchema } from './four-eyes';
import { REPORT_MAX_RESOLVED_FOLLOW_UPS } from './followup';
import { REPORT_STATUSES } from './report-status';
import { syncedMetaSchema } from './sync';
import { signatureSchema } from './user';

/*
 * Maintenance report. The schemas validate the server's input and the
 * client's form (messages per field) and describe the API's answers.
 *
 * Writes (JSON; the offline outbox replays them with Idempotency-Key, updates with If-Match):
 * - POST /api/reports: `reportCreateSchema` — the fields below, optionally a client-made `id` (UUIDv7).
 *   A create repeated with the same id and content by the same user answers the existing row (200).
 * - PUT /api/reports/{id}: `reportUpdateSchema` — PUT replaces every editable field (an omitted
 *   optional field is cleared). The status follows from the operator signature (unsigned/signed);
 *   status, signatures of the manager and the workflow data are never taken from the body.
 * - PUT /api/reports/{id}/submit (no body), /approve `{ signature, managerName? }`, /reject
 *   `{ reason, signature? }` — see report-status.ts for who may do what from which status.
 * - `checklist`: `{ [categoryKey]: { [itemKey]: { state: 'ok' | 'not_ok' | 'na', note? } } }`; every key
 *   must exist in the report's `checklistItems`.
 * - `checklistItems`: the checklist the form was filled with (categories and items, keys and labels).
 *   Optional: omitted on create the server takes the current configuration, omitted on update the
 *   report keeps the one it has. Sending the categories the form showed (from the cached
 *   configuration, or the report's own snapshot when editing) keeps offline forms exact.
 * - `operatingHours` above the excavator's usage hours raise them (same transaction).
 */

export const CHECKLIST_STATES = ['ok', 'not_ok', 'na'] as const;
export type ChecklistState = (typeof CHECKLIST_STATES)[number];

export const REPORT_MAX_TEXT = 5000;
export const REPORT_MAX_NOTE = 500;
export const REPORT_MAX_REASON = 2000;
const MAX_HOURS = 1_000_000;

const blankToNull = (v: unknown) =>
  v === undefined || (typeof v === 'string' && v.trim() === '') ? null : v;

/**
 * The latest calendar date anywhere on earth right now (UTC+14). A report dated today in the user's
 * time zone is never "in the future", whatever zone the server runs in.
 */
export function latestTodayOnEarth(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

export function isFutureReportDate(date: string, now: Date = new Date()): boolean {
  return date > latestTodayOnEarth(now);
}

const label = (name: string, en: string) => ({ label: `reports.fields.${name}`, en });
const REPORT_DATE = label('reportDate', 'Report date');

/** A real date, not after today anywhere on earth. */
export const reportDateSchema = date(REPORT_DATE, { notAfter: () => latestTodayOnEarth() }).schema;

export const nullableSignatureSchema = lazySchema(() =>
  z.preprocess(blankToNull, signatureSchema.nullable()).transform((v) => v ?? null),
);

const CHECKLIST_NOTE = { label: 'reports.checklist.note', en: 'Note' };

export const checklistEntrySchema = lazySchema(() =>
  z
    .object({
      state: z.enum(CHECKLIST_STATES, { error: 'Choose ok, not ok or n.a.' }),
      note: z
        .string({ error: fieldError(CHECKLIST_NOTE) })
        .trim()
        .max(REPORT_MAX_NOTE)
        .nullish(),
    })
    // A blank note is no note.
    .transform(({ state, note }): { state: ChecklistState; note?: string } =>
      note ? { state, note } : { state },
    ),
);
export type ChecklistEntry = z.infer<typeof checklistEntrySchema>;

/** `{ [categoryKey]: { [itemKey]: { state, note? } } }` */
export const checklistResultsSchema = lazySchema(() =>
  z.record(
    checklistCategoryKeySchema,
    z.record(checklistItemKeySchema, checklistEntrySchema, { error: 'Checklist results must be an object' }),
    { error: 'Checklist results must be an object' },
  ),
);
export type ChecklistResults = z.infer<typeof checklistResultsSchema>;

export const UNKNOWN_CHECKLIST_ITEM_MESSAGE = 'This checklist item is not part of the report';

/** Paths (`checklist.exterior.tracks`) of results whose category or item the checklist does not hold. */
export function unknownChecklistResults(
  results: ChecklistResults,
  categories: ReadonlyArray<{ key: string; items: ReadonlyArray<{ key: string }> }>,
): string[] {
  const unknown: string[] = [];
  for (const [categoryKey, items] of Object.entries(results)) {
    const category = categories.find((c) => c.key === categoryKey);
    for (const itemKey of Object.keys(items)) {
      if (!category?.items.some((i) => i.key === itemKey))
        unknown.push(`checklist.${categoryKey}.${itemKey}`);
    }
  }
  return unknown;
}

/** The checklist a form shows (a report's snapshot or the configuration's categories). */
type ChecklistSnapshot = ReadonlyArray<{
  key: string;
  label: Record<string, string>;
  items: ReadonlyArray<{ key: string; label: Record<string, string> }>;
}>;

/** One checklist item as the form holds it: unanswered until a state is picked, the note as typed. */
export interface ChecklistAnswer {
  state: ChecklistState | null;
  note: string;
}
export type ChecklistAnswers = Record<string, Record<string, ChecklistAnswer>>;

/** The answers per item as the form holds them, and back: unanswered items are left out, notes trimmed. */
const checklistAnswers = {
  empty: (): ChecklistAnswers => ({}),
  toForm: (results: ChecklistResults): ChecklistAnswers =>
    Object.fromEntries(
      Object.entries(results).map(([category, items]) => [
        category,
        Object.fromEntries(
          Object.entries(items).map(([item, answer]) => [
            item,
            { state: answer.state, note: answer.note ?? '' },
          ]),
        ),
      ]),
    ),
  toPayload: (answers: ChecklistAnswers) => {
    const results: Record<string, Record<string, { state: ChecklistState; note?: string }>> = {};
    for (const [category, items] of Object.entries(answers)) {
      for (const [item, { state, note }] of Object.entries(items)) {
        if (!state) continue;
        (results[category] ??= {})[item] = note.trim() ? { state, note: note.trim() } : { state };
      }
    }
    return results;
  },
};

/** The answers of the categories a form shows (an older report may hold answers of others). */
export function answersWithin(
  answers: ChecklistAnswers,
  categories: ReadonlyArray<{ key: string; items: ReadonlyArray<{ key: string }> }>,
): ChecklistAnswers {
  const kept: ChecklistAnswers = {};
  for (const category of categories) {
    for (const item of category.items) {
      const answer = answers[category.key]?.[item.key];
      if (answer) (kept[category.key] ??= {})[item.key] = answer;
    }
  }
  return kept;
}

/**
 * The editable fields, declared once: the API's schema, the field names a PATCH takes, the form's
 * values and payload and the keyed validation messages come from here. The form holds the checklist as
 * an answer per item; its snapshot, the signature and the resolved follow-ups are nested structures
 * with schemas of their own.
 *
 * `today`: the latest report date allowed. The server takes the latest today anywhere on earth (it
 * cannot know the user's zone, and a report replayed from an outbox days later is dated in the past
 * anyway); a device takes its own today.
 */
export function defineReportEntity(today: () => string) {
  return defineEntity({
    reportDate: date(REPORT_DATE, { notAfter: today }),
    excavatorId: reference(label('excavator', 'Excavator')),
    operatorName: requiredText(label('operatorName', 'Operator name'), 120),
    managerName: optionalText(label('managerName', 'Manager name'), 120),
    description: optionalText(label('description', 'Description'), REPORT_MAX_TEXT),
    operatingHours: optionalNumber(label('operatingHours', 'Operating hours'), {
      min: 0,
      max: MAX_HOURS,
      range: true,
    }),
    notes: optionalText(label('notes', 'Notes'), REPORT_MAX_TEXT),
    serviceDate: optionalDate(label('serviceDate', 'Service date')),
    uvvInspectionDate: optionalDate(label('uvvInspectionDate', 'UVV inspection date')),
    fuelLevel: optionalNumber(label('fuelLevel', 'Fuel level'), { min: 0, max: 100, range: true }),
    hoursUntilNextMaintenance: optionalNumber(
      label('hoursUntilNextMaintenance', 'Hours until next maintenance'),
      { min: -MAX_HOURS, max: MAX_HOURS, range: true },
    ),
    checklist: formShaped(
      { label: 'reports.checklist.note', en: 'Checklist' },
      z.preprocess((v) => v ?? {}, checklistResultsSchema),
      checklistAnswers,
    ),
    operatorSignature: custom(
      label('operatorSignature', 'Operator signature'),
      nullableSignatureSchema,
      null,
    ),
    checklistItems: formShaped(
      { label: 'reports.checklist.note', en: 'Checklist' },
      z.preprocess((v) => v ?? null, checklistCategoriesSchema.nullable()).transform((v) => v ?? null),
      {
        empty: (): ChecklistSnapshot | null => null,
        toForm: (categories): ChecklistSnapshot | null => categories,
        toPayload: (categories) => categories,
      },
    ),
    /** Follow-ups of the machine this report resolves (closed when it is submitted; src/domain/followup.ts). */
    resolvesFollowUps: custom(
      { label: 'followUps.title', en: 'Follow-ups' },
      z.preprocess(
        (v) => v ?? [],
        z
          .array(z.uuid({ error: 'Follow-ups must be ids' }), { error: 'Follow-ups must be a list of ids' })
          .max(REPORT_MAX_RESOLVED_FOLLOW_UPS, `At most ${REPORT_MAX_RESOLVED_FOLLOW_UPS} follow-ups`)
          .transform((ids) => [...new Set(ids)]),
      ),
      [],
    ),
  });
}

/** The report as the API reads it: no date after today anywhere on earth. */
export const reportEntity = defineReportEntity(() => latestTodayOnEarth());

/** The editable fields, as the form fills them and the API accepts them. */
export const reportFieldsSchema = reportEntity.schema;
export type ReportFields = z.infer<typeof reportFieldsSchema>;
export type ReportFieldsInput = z.input<typeof reportFieldsSchema>;

export const reportCreateSchema = lazySchema(() =>
  reportFieldsSchema.extend({
    id: z.uuid({ error: 'Id must be a UUID' }).optional(),
  }),
);
export type ReportCreate = z.infer<typeof reportCreateSchema>;

export const reportUpdateSchema = reportFieldsSchema;
export type ReportUpdate = z.infer<typeof reportUpdateSchema>;

/** PUT /api/reports/{id}/approve: the manager's signature (PNG data URL). */
export const reportApproveSchema = lazySchema(() =>
  z.object({
    signature: z
      .string({ error: 'Signature is required' })
      .min(1, 'Signature is required')
      .pipe(signatureSchema),
    /** Printed as the manager's name; the approver's own name when omitted and the report names none. */
    managerName: optionalText(label('managerName', 'Manager name'), 120).schema.optional(),
    overrideReason: overrideReasonSchema,
  }),
);
export type ReportApprove = z.infer<typeof reportApproveSchema>;

/** PUT /api/reports/{id}/reject: a reason is required; the manager may sign the rejection. */
export const reportRejectSchema = lazySchema(() =>
  z.object({
    reason: requiredText(
      { label: 'reports.reject.reason', en: 'A reason' },
      REPORT_MAX_REASON,
    ).schema.describe('Why the report is rejected'),
    signature: nullableSignatureSchema.optional(),
  }),
);
export type ReportReject = z.infer<typeof reportRejectSchema>;

/** The machine a report is about, as the API adds it (null when the excavator is gone for good). */
export const reportExcavatorSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    model: z.string(),
    serialNumber: z.string(),
  }),
);
export type ReportExcavator = z.infer<typeof reportExcavatorSchema>;

/** A report as the API returns it (list items, single reads, pull `data`). */
export const reportSchema = lazySchema(() =>
  syncedMetaSchema.extend({
    reportDate: z.string(),
    excavatorId: z.string(),
    excavator: reportExcavatorSchema.nullable(),
    operatorName: z.string(),
    managerName: z.string().nullable(),
    description: z.string().nullable(),
    operatingHours: z.number().nullable(),
    notes: z.string().nullable(),
    serviceDate: z.string().nullable(),
    uvvInspectionDate: z.string().nullable(),
    fuelLevel: z.number().nullable(),
    hoursUntilNextMaintenance: z.number().nullable(),
    checklist: z.record(
      z.string(),
      z.record(z.string(), z.object({ state: z.enum(CHECKLIST_STATES), note: z.string().optional() })),
    ),
    /** The checklist (keys and labels) the report was filled with. */
    checklistItems: z.array(
      z.object({
        key: z.string(),
        label: z.record(z.string(), z.string()),
        items: z.array(z.object({ key: z.string(), label: z.record(z.string(), z.string()) })),
      }),
    ),
    /** Ids of the follow-ups this report resolves. */
    resolvesFollowUps: z.array(z.string()),
    operatorSignature: z.string().nullable(),
    managerSignature: z.string().nullable(),
    status: z.enum(REPORT_STATUSES),
    /** Display name (name, else username) of `createdBy`. */
    createdByName: z.string().nullable(),
    submittedAt: z.string().nullable(),
    approvedBy: z.string().nullable(),
    approvedByName: z.string().nullable(),
    approvedAt: z.string().nullable(),
    rejectionReason: z.string().nullable(),
    rejectedBy: z.string().nullable(),
    rejectedByName: z.string().nullable(),
    rejectedAt: z.string().nullable(),
  }),
);
export type Report = z.infer<typeof reportSchema>;

export const REPORT_SORT_FIELDS = ['reportDate', 'createdAt', 'updatedAt', 'status', 'operatorName'] as const;
export type ReportSortField = (typeof REPORT_SORT_FIELDS)[number];
/** `reportDate` ascending, `-reportDate` descending (the default: newest first). */
export const REPORT_SORTS = [...REPORT_SORT_FIELDS, ...REPORT_SORT_FIELDS.map((f) => `-${f}` as const)];

const queryDate = (label: string) =>
  z.string().trim().refine(isIsoDate, `${label} must be a date (YYYY-MM-DD)`).optional();

export const reportListQuerySchema = lazySchema(() =>
  z.object({
    page: z.coerce.number().int().min(1).default(DEFAULT_PAGE),
    limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT),
    status: z.enum(REPORT_STATUSES).optional(),
    /** Excavator id. */
    excavator: z.uuid({ error: 'Excavator must be an id' }).optional(),
    /** Author (createdBy) user id. */
    author: z.uuid({ error: 'Author must be a user id' }).optional(),
    /** Report date from (inclusive). */
    from: queryDate('From'),
    /** Report date to (inclusive). */
    to: queryDate('To'),
    /** Matches description, notes and operator name (case-insensitive, substring). */
    q: z.string().trim().max(200).optional(),
    sort: z.enum(REPORT_SORTS as [string, ...string[]]).default('-reportDate'),
  }),
);
export type ReportListQuery = z.infer<typeof reportListQuerySchema>;

/** GET /api/reports/excavator/{id}: the same filters but the excavator. */
export const excavatorReportsQuerySchema = lazySchema(() => reportListQuerySchema.omit({ excavator: true }));

export const reportListSchema = lazySchema(() =>
  z.object({
    items: z.array(reportSchema),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  }),
);
export type ReportList = z.infer<typeof reportListSchema>;

/** Filters a report the way the list endpoint does (the client filters its mirror with it). */
export function matchesReportQuery(
  report: Pick<
    Report,
    'status' | 'excavatorId' | 'createdBy' | 'reportDate' | 'description' | 'notes' | 'operatorName'
  >,
  query: Partial<Pick<ReportListQuery, 'status' | 'excavator' | 'author' | 'from' | 'to' | 'q'>>,
): boolean {
  if (query.status && report.status !== query.status) return false;
  if (query.excavator && report.excavatorId !== query.excavator) return false;
  if (query.author && report.createdBy !== query.author) return false;
  if (query.from && report.reportDate < query.from) return false;
  if (query.to && report.reportDate > query.to) return false;
  const needle = query.q?.trim().toLowerCase();
  if (!needle) return true;
  return [report.description, report.notes, report.operatorName].some((v) =>
    (v ?? '').toLowerCase().includes(needle),
  );
}

export const UNCHECKED_ITEMS_MESSAGE = 'Every checklist item must be checked before the report is submitted';

/** How many of the report's checklist items were left unanswered, of how many. */
export function uncheckedItems(report: {
  checklist: Report['checklist'];
  checklistItems: ReadonlyArray<{ key: string; items: ReadonlyArray<{ key: string }> }> | null;
}): {
  unchecked: number;
  total: number;
} {
  const counts = checklistSummary(report.checklist ?? {}, report.checklistItems ?? []);
  return { unchecked: counts.open, total: counts.ok + counts.not_ok + counts.na + counts.open };
}

/** Counts of ok / not ok / n.a. / unanswered items of a report against its checklist. */
export function checklistSummary(
  results: Report['checklist'],
  categories: ReadonlyArray<{ key: string; items: ReadonlyArray<{ key: string }> }>,
): Record<ChecklistState | 'open', number> {
  const counts = { ok: 0, not_ok: 0, na: 0, open: 0 };
  for (const category of categories) {
    for (const item of category.items) {
      const state = results[category.key]?.[item.key]?.state;
      counts[state ?? 'open'] += 1;
    }
  }
  return counts;
}
