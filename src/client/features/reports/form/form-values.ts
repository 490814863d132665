import type { TFunction } from 'i18next';
import { isIsoDate } from '@/domain/excavator';
import {
  FUEL_LEVEL_MESSAGE,
  FUTURE_REPORT_DATE_MESSAGE,
  isFutureReportDate,
  REPORT_MAX_NOTE,
  REPORT_MAX_TEXT,
  reportFieldsSchema,
  type ChecklistState,
  type Report,
} from '@/domain/report';
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

/** Field errors in the user's language; the domain schema (the server's own) is the last word. */
export function validateReport(values: ReportFormValues, t: TFunction): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.excavatorId) errors.excavatorId = t('reports.validation.excavator');
  if (!values.reportDate) errors.reportDate = t('reports.validation.reportDateRequired');
  else if (!isIsoDate(values.reportDate)) errors.reportDate = t('reports.validation.date');
  else if (isFutureReportDate(values.reportDate) || values.reportDate > localToday())
    errors.reportDate = t('reports.validation.futureDate');
  for (const field of ['serviceDate', 'uvvInspectionDate'] as const) {
    if (values[field] && !isIsoDate(values[field])) errors[field] = t('reports.validation.date');
  }
  if (!values.operatorName.trim()) errors.operatorName = t('reports.validation.operatorName');
  if (values.operatingHours !== '' && values.operatingHours < 0)
    errors.operatingHours = t('reports.validation.hours');
  if (values.fuelLevel !== null && (values.fuelLevel < 0 || values.fuelLevel > 100))
    errors.fuelLevel = t('reports.validation.fuel');
  if (values.description.length > REPORT_MAX_TEXT)
    errors.description = t('reports.validation.tooLong', { max: REPORT_MAX_TEXT });
  if (values.notes.length > REPORT_MAX_TEXT)
    errors.notes = t('reports.validation.tooLong', { max: REPORT_MAX_TEXT });
  for (const [category, items] of Object.entries(values.checklist)) {
    for (const [item, answer] of Object.entries(items)) {
      if (answer.note.length > REPORT_MAX_NOTE)
        errors[`checklist.${category}.${item}.note`] = t('reports.validation.tooLong', {
          max: REPORT_MAX_NOTE,
        });
    }
  }
  return errors;
}

const DOMAIN_MESSAGE_KEYS: Record<string, string> = {
  [FUEL_LEVEL_MESSAGE]: 'reports.validation.fuel',
  [FUTURE_REPORT_DATE_MESSAGE]: 'reports.validation.futureDate',
};

/** Runs the domain schema over the payload; any message it has is shown on its field. */
export function schemaErrors(payload: ReportPayload, t: TFunction): Record<string, string> {
  const result = reportFieldsSchema.safeParse(payload);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.') || 'form';
    const key = DOMAIN_MESSAGE_KEYS[issue.message];
    errors[path] ??= key ? t(key) : issue.message;
  }
  return errors;
}
