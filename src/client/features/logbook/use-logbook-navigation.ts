import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { LogbookSearch } from './search';

const route = getRouteApi('/_app/betriebstagebuch');

export function useLogbookSearch(): LogbookSearch {
  return route.useSearch();
}

export type ListFilters = Pick<LogbookSearch, 'status' | 'author' | 'from' | 'to'>;

/** Moves between the list, the details and the forms through the URL (back button friendly). */
export function useLogbookNavigation() {
  const navigate = route.useNavigate();
  return useMemo(() => {
    const keepList = (search: LogbookSearch): LogbookSearch => ({
      status: search.status,
      author: search.author,
      from: search.from,
      to: search.to,
      page: search.page,
    });
    return {
      openList: () => void navigate({ search: keepList }),
      openEntry: (id: string, replace = false) =>
        void navigate({ search: (s) => ({ ...keepList(s), view: 'detail', id }), replace }),
      openNew: () => void navigate({ search: (s) => ({ ...keepList(s), view: 'new' }) }),
      openEdit: (id: string) => void navigate({ search: (s) => ({ ...keepList(s), view: 'edit', id }) }),
      setFilters: (filters: ListFilters) =>
        void navigate({ search: (s) => ({ ...keepList(s), ...filters, page: undefined }), replace: true }),
      setPage: (page: number) =>
        void navigate({ search: (s) => ({ ...keepList(s), page: page > 1 ? page : undefined }) }),
    };
  }, [navigate]);
}
