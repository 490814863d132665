import { getRouteApi } from '@tanstack/react-router';
import { useCallback } from 'react';
import {
  NEW_EXCAVATOR,
  type ExcavatorsSearch,
  type MaintenanceFilterChoice,
  type StatusFilter,
} from './model';

const route = getRouteApi('/_app/excavators');

/**
 * Quick view and form state live in the URL (`?view=<id>`, `?edit=<id|new>`): back closes them. So do
 * the status and maintenance filters (`?status=`, `?maintenance=`), which links from other screens set.
 */
export function useExcavatorsNavigation() {
  const search: ExcavatorsSearch = route.useSearch();
  const navigate = route.useNavigate();
  // Opening and closing the quick view or a form keeps the list's filters.
  const go = useCallback(
    (next: ExcavatorsSearch) =>
      void navigate({
        search: (prev) => ({ status: prev.status, maintenance: prev.maintenance, ...next }),
        replace: false,
      }),
    [navigate],
  );
  const setFilters = useCallback(
    (filters: { status?: StatusFilter; maintenance?: MaintenanceFilterChoice }) =>
      void navigate({
        search: (prev) => {
          const status = 'status' in filters ? filters.status : prev.status;
          const maintenance = 'maintenance' in filters ? filters.maintenance : prev.maintenance;
          return {
            ...prev,
            status: status === 'all' ? undefined : status,
            maintenance: maintenance === 'all' ? undefined : maintenance,
          };
        },
        replace: true,
      }),
    [navigate],
  );
  return {
    viewId: search.view ?? null,
    editId: search.edit ?? null,
    status: (search.status ?? 'all') as StatusFilter,
    maintenance: (search.maintenance ?? 'all') as MaintenanceFilterChoice,
    setFilters,
    openView: useCallback((id: string) => go({ view: id }), [go]),
    openCreate: useCallback(() => go({ edit: NEW_EXCAVATOR }), [go]),
    openEdit: useCallback((id: string) => go({ edit: id }), [go]),
    close: useCallback(() => go({}), [go]),
  };
}
