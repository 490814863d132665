import { REPORT_STATUS_LABEL } from '@/client/i18n/status-labels';
import type { ChecklistCategory } from '@/domain/checklist';
import type { ChecklistState, Report } from '@/domain/report';
import { REPORT_STATUSES, type ReportStatus } from '@/domain/report-status';
import type { SyncedRow } from '@/client/offline';

/** A mirrored report row with every field the screen reads (local rows lack the server's extras). */
export type ReportRecord = Report;

const DEFAULTS: Omit<Report, 'id' | 'version' | 'reportDate' | 'excavatorId' | 'operatorName'> = {
  createdAt: '',
  createdBy: null,
  updatedAt: '',
  updatedBy: null,
  deletedAt: null,
  excavator: null,
  managerName: null,
  description: null,
  operatingHours: null,
  notes: null,
  serviceDate: null,
  uvvInspectionDate: null,
  fuelLevel: null,
  hoursUntilNextMaintenance: null,
  checklist: {},
  checklistItems: [],
  resolvesFollowUps: [],
  operatorSignature: null,
  managerSignature: null,
  status: 'unsigned',
  createdByName: null,
  submittedAt: null,
  approvedBy: null,
  approvedByName: null,
  approvedAt: null,
  rejectionReason: null,
  rejectedBy: null,
  rejectedByName: null,
  rejectedAt: null,
};

const isStatus = (value: unknown): value is ReportStatus =>
  typeof value === 'string' && (REPORT_STATUSES as readonly string[]).includes(value);

/** Reads a mirror row as a report: missing fields take their empty value. */
export function toReport(row: SyncedRow): ReportRecord {
  const merged = { ...DEFAULTS, reportDate: '', excavatorId: '', operatorName: '', ...row };
  for (const key of Object.keys(DEFAULTS) as Array<keyof typeof DEFAULTS>) {
    if (merged[key] === undefined) Object.assign(merged, { [key]: DEFAULTS[key] });
  }
  return { ...(merged as ReportRecord), status: isStatus(row.status) ? row.status : 'unsigned' };
}

/** The categories a report shows: its own snapshot, else the current configuration. */
export function reportCategories(
  report: Pick<Report, 'checklistItems'> | null,
  config: readonly ChecklistCategory[] | null | undefined,
): Report['checklistItems'] {
  if (report && report.checklistItems.length > 0) return report.checklistItems;
  return (config ?? []).map((c) => ({ key: c.key, label: c.label, items: c.items }));
}

export { REPORT_VIEWS, type ReportsSearch, type ReportView } from './search';

export const STATUS_COLOR: Record<ReportStatus, string> = {
  unsigned: 'gray',
  signed: 'blue',
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
};

/** i18n keys of the statuses and checklist answers (literal, so unused keys can be found). */
/** The shared status vocabulary. */
export const STATUS_LABEL_KEY = REPORT_STATUS_LABEL;
export const CHECKLIST_STATE_KEY: Record<ChecklistState, string> = {
  ok: 'reports.checklist.states.ok',
  not_ok: 'reports.checklist.states.not_ok',
  na: 'reports.checklist.states.na',
};
