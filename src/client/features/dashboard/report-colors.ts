import type { ReportStatus } from '@/domain/report-status';

/** Chart and badge colours of the report statuses. */
export const REPORT_STATUS_CHART_COLOR: Record<ReportStatus, string> = {
  unsigned: 'gray.5',
  signed: 'blue.5',
  pending: 'yellow.6',
  approved: 'green.6',
  rejected: 'red.6',
};
