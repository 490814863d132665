import { LOGBOOK_STATUSES, type LogbookStatus } from '@/domain/constants';
import { oneOf, pageNumber, text } from '@/client/lib/search-params';

/** What the page shows: the list (no view), an entry's details, the new-entry or the edit form. */
export const LOGBOOK_VIEWS = ['detail', 'new', 'edit'] as const;

/** /betriebstagebuch search params: the open view and the list's filters and page. */
export interface LogbookSearch {
  view?: (typeof LOGBOOK_VIEWS)[number];
  id?: string;
  status?: LogbookStatus;
  author?: string;
  from?: string;
  to?: string;
  page?: number;
}

export function logbookSearch(search: Record<string, unknown>): LogbookSearch {
  return {
    view: oneOf(LOGBOOK_VIEWS, search.view),
    id: text(search.id, { max: 100 }),
    status: oneOf(LOGBOOK_STATUSES, search.status),
    author: text(search.author, { max: 100 }),
    from: text(search.from, { max: 10 }),
    to: text(search.to, { max: 10 }),
    page: pageNumber(search.page),
  };
}

export const STATUS_COLOR: Record<LogbookStatus, string> = {
  unsigned: 'gray',
  pending: 'yellow',
  approved: 'green',
};

export const LOGBOOK_PAGE_SIZE = 20;
