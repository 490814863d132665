import type { DispoStatus } from '@/domain/dispo/constants';
import type { StatusWord } from '@/domain/format';
import type { LogbookStatus } from '@/domain/logbook';
import type { ReportStatus } from '@/domain/report-status';

/*
 * The one set of words for record states: every screen (list, dashboard, analytics, excavator page)
 * names a status through these keys, so a draft is "Draft" everywhere. Keys are spelled out so the
 * locale check finds each of them in the source.
 */
export const STATUS_LABEL: Record<StatusWord, string> = {
  unsigned: 'status.unsigned',
  signed: 'status.signed',
  pending: 'status.pending',
  approved: 'status.approved',
  rejected: 'status.rejected',
  draft: 'status.draft',
  published: 'status.published',
};

export const REPORT_STATUS_LABEL: Record<ReportStatus, string> = STATUS_LABEL;
export const LOGBOOK_STATUS_LABEL: Record<LogbookStatus, string> = STATUS_LABEL;
export const DISPO_STATUS_LABEL: Record<DispoStatus, string> = STATUS_LABEL;
