import { getRouteApi } from '@tanstack/react-router';
import { useCallback } from 'react';
import { NEW_EXCAVATOR, type ExcavatorsSearch } from './model';

const route = getRouteApi('/_app/excavators');

/** Quick view and form state live in the URL (`?view=<id>`, `?edit=<id|new>`): back closes them. */
export function useExcavatorsNavigation() {
  const search: ExcavatorsSearch = route.useSearch();
  const navigate = route.useNavigate();
  const go = useCallback(
    (next: ExcavatorsSearch) => void navigate({ search: next, replace: false }),
    [navigate],
  );
  return {
    viewId: search.view ?? null,
    editId: search.edit ?? null,
    openView: useCallback((id: string) => go({ view: id }), [go]),
    openCreate: useCallback(() => go({ edit: NEW_EXCAVATOR }), [go]),
    openEdit: useCallback((id: string) => go({ edit: id }), [go]),
    close: useCallback(() => go({}), [go]),
  };
}
