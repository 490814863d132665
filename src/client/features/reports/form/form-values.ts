import type { TFunction } from 'i18next';
import { issueMessages } from '@/client/lib/validation-messages';
import type { EntityForm } from '@/domain/fields';
import {
  answersWithin,
  defineReportEntity,
  type ChecklistAnswer,
  type Report,
  type ReportFields,
} from '@/domain/report';
import { type ReportRecord } from '../model';
import { localToday } from '@/client/lib/dates';

export type { ChecklistAnswer };

/*
 * The report form is the domain's declaration (src/domain/report.ts) with the device's own today as
 * the latest report date: the server allows the latest today anywhere on earth, a device refuses a date
 * after the day its user lives in.
 */
const reportForm = defineReportEntity(localToday);

/** What the form holds: text as typed, numbers as numbers or '' (not given), an answer per item. */
export type ReportFormValues = EntityForm<typeof reportForm.fields>;

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
export type ReportPayload = ReportFields;

/** The report as the form holds it; a new one is dated today and signed by the user. */
export function initialFormValues(report: ReportRecord | null, operatorName: string): ReportFormValues {
  // The form takes its checklist from the caller (the report's own, or the configuration's).
  if (report) return reportForm.toForm({ ...report, checklistItems: null });
  return { ...reportForm.formDefaults(), reportDate: localToday(), operatorName };
}

/** The form with what it holds outside its inputs: the checklist it shows and the drawn signature. */
function complete(
  values: ReportFormValues,
  categories: Report['checklistItems'],
  operatorSignature: string | null,
): ReportFormValues {
  return {
    ...values,
    checklist: answersWithin(values.checklist, categories),
    checklistItems: categories,
    operatorSignature,
  };
}

/** The editable fields to save, as the shared schema reads the form (valid input only). */
export function toPayload(
  values: ReportFormValues,
  categories: Report['checklistItems'],
  operatorSignature: string | null,
): ReportPayload {
  return reportForm.toRecord(complete(values, categories, operatorSignature));
}

/** Field errors in the user's language, from the shared declaration, by the form's paths. */
export function validateReport(
  values: ReportFormValues,
  t: TFunction,
  categories: Report['checklistItems'] | null = null,
  operatorSignature: string | null = null,
): Record<string, string> {
  const form = categories ? complete(values, categories, operatorSignature) : values;
  return issueMessages(t, reportForm.validate(form));
}
