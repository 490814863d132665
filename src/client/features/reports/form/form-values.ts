import type { TFunction } from 'i18next';
import { issueMessages, translateIssue } from '@/client/lib/validation-messages';
import { keyedIssues } from '@/domain/fields';
import { reportFieldsSchema, type ChecklistState, type Report } from '@/domain/report';
import { type ReportRecord } from '../model';
import { localToday } from '@/client/lib/dates';

export interface ChecklistAnswer {
  state: ChecklistState | null;
  note: string;
}

/** What the form holds: text as typed, numbers as numbers or '' (not given). */
export interface ReportFormValues {
  excavatorId: string | null;
  reportDate: string;
  serviceDate: string;
  uvvInspectionDate: string;
  operatingHours: number | '';
  fuelLevel: number | null;
  hoursUntilNextMaintenance: number | '';
  operatorName: string;
  managerName: string;
  description: string;
  notes: string;
  checklist: Record<string, Record<string, ChecklistAnswer>>;
  /** Follow-ups of the machine this report resolves. */
  resolvesFollowUps: string[];
}

/** The checklist's answers by category and item. */
export type ChecklistAnswers = ReportFormValues['checklist'];

/**
 * What the report form's `useForm` holds: all but the checklist, whose answers live in a store of
 * their own (a tap re-renders only its row, not the form).
 */
export type ReportFieldValues = Omit<ReportFormValues, 'checklist'>;

/** Whether two checklists hold the same answers (an item without an answer is the same as none). */
export function sameChecklist(a: ChecklistAnswers, b: ChecklistAnswers): boolean {
  if (a === b) return true;
  const covers = (x: ChecklistAnswers, y: ChecklistAnswers) =>
    Object.entries(x).every(([category, items]) =>
      Object.entries(items).every(([item, answer]) => {
        const other = y[category]?.[item];
        return (answer.state ?? null) === (other?.state ?? null) && answer.note === (other?.note ?? '');
      }),
    );
  return covers(a, b) && covers(b, a);
}

/** What is saved: the API's editable fields. */
export interface ReportPayload {
  reportDate: string;
  excavatorId: string;
  operatorName: string;
  managerName: string | null;
  description: string | null;
  operatingHours: number | null;
  notes: string | null;
  serviceDate: string | null;
  uvvInspectionDate: string | null;
  fuelLevel: number | null;
  hoursUntilNextMaintenance: number | null;
  checklist: Report['checklist'];
  checklistItems: Report['checklistItems'];
  resolvesFollowUps: string[];
  operatorSignature: string | null;
}

export function initialFormValues(report: ReportRecord | null, operatorName: string): ReportFormValues {
  const checklist: ReportFormValues['checklist'] = {};
  for (const [category, items] of Object.entries(report?.checklist ?? {})) {
    checklist[category] = {};
    for (const [item, answer] of Object.entries(items)) {
      checklist[category][item] = { state: answer.state, note: answer.note ?? '' };
    }
  }
  return {
    excavatorId: report?.excavatorId || null,
    reportDate: report?.reportDate || localToday(),
    serviceDate: report?.serviceDate ?? '',
    uvvInspectionDate: report?.uvvInspectionDate ?? '',
    operatingHours: report?.operatingHours ?? '',
    fuelLevel: report?.fuelLevel ?? null,
    hoursUntilNextMaintenance: report?.hoursUntilNextMaintenance ?? '',
    operatorName: report?.operatorName ?? operatorName,
    managerName: report?.managerName ?? '',
    description: report?.description ?? '',
    notes: report?.notes ?? '',
    checklist,
    resolvesFollowUps: report?.resolvesFollowUps ?? [],
  };
}

const text = (value: string) => (value.trim() ? value.trim() : null);
const num = (value: number | '') => (value === '' ? null : value);

export function toPayload(
  values: ReportFormValues,
  categories: Report['checklistItems'],
  operatorSignature: string | null,
): ReportPayload {
  const checklist: Report['checklist'] = {};
  for (const category of categories) {
    for (const item of category.items) {
      const answer = values.checklist[category.key]?.[item.key];
      if (!answer?.state) continue;
      const note = answer.note.trim();
      checklist[category.key] ??= {};
      checklist[category.key]![item.key] = note ? { state: answer.state, note } : { state: answer.state };
    }
  }
  return {
    reportDate: values.reportDate,
    excavatorId: values.excavatorId ?? '',
    operatorName: values.operatorName.trim(),
    managerName: text(values.managerName),
    description: text(values.description),
    operatingHours: num(values.operatingHours),
    notes: text(values.notes),
    serviceDate: values.serviceDate || null,
    uvvInspectionDate: values.uvvInspectionDate || null,
    fuelLevel: values.fuelLevel,
    hoursUntilNextMaintenance: num(values.hoursUntilNextMaintenance),
    checklist,
    checklistItems: categories,
    resolvesFollowUps: values.resolvesFollowUps,
    operatorSignature,
  };
}

/** The schema's issues over a payload, in the user's language, by the form's paths. */
export function schemaErrors(
  payload: ReportPayload | Record<string, unknown>,
  t: TFunction,
): Record<string, string> {
  const result = reportFieldsSchema.safeParse(payload);
  return result.success ? {} : issueMessages(t, keyedIssues(result.error.issues));
}

/**
 * Field errors in the user's language, from the domain schema (the server's own) over the form's
 * answers. One rule more on the device: a report date after the user's own today, which the schema
 * (taking the latest today anywhere on earth) lets through.
 */
export function validateReport(values: ReportFormValues, t: TFunction): Record<string, string> {
  const checklist: Report['checklist'] = {};
  for (const [category, items] of Object.entries(values.checklist)) {
    for (const [item, answer] of Object.entries(items)) {
      if (!answer.state) continue;
      (checklist[category] ??= {})[item] = { state: answer.state, note: answer.note };
    }
  }
  const errors = schemaErrors({ ...toPayload(values, [], null), checklist, checklistItems: null }, t);
  if (!errors.reportDate && values.reportDate > localToday()) {
    errors.reportDate = translateIssue(t, {
      key: 'validation.future',
      params: { field: 'reports.fields.reportDate' },
    });
  }
  return errors;
}
