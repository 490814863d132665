import { REPORT_STATUSES, type ReportStatus } from '@/domain/report-status';
import { oneOf, pageNumber, text } from '@/client/lib/search-params';

export const REPORT_VIEWS = ['quick', 'detail', 'edit', 'new'] as const;
export type ReportView = (typeof REPORT_VIEWS)[number];

/** /reports search params: filters, page and which report is open how. */
export interface ReportsSearch {
  view?: ReportView;
  id?: string;
  status?: ReportStatus;
  excavator?: string;
  author?: string;
  from?: string;
  to?: string;
  q?: string;
  page?: number;
}

export function reportsSearch(search: Record<string, unknown>): ReportsSearch {
  return {
    view: oneOf(REPORT_VIEWS, search.view),
    id: text(search.id),
    status: oneOf(REPORT_STATUSES, search.status),
    excavator: text(search.excavator),
    author: text(search.author),
    from: text(search.from),
    to: text(search.to),
    q: text(search.q),
    page: pageNumber(search.page),
  };
}
