import type { ReportStatus } from '@/domain/report-status';

/** Chart colours of the report statuses (Mantine theme colours: they adapt to dark mode). */
export const REPORT_STATUS_COLORS: Record<ReportStatus, string> = {
  unsigned: 'gray.6',
  signed: 'blue.6',
  pending: 'yellow.6',
  approved: 'green.6',
  rejected: 'red.6',
};
