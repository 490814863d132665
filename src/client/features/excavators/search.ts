import {
  EXCAVATOR_STATUSES,
  MAINTENANCE_FILTERS,
  type ExcavatorStatus,
  type MaintenanceFilter,
} from '@/domain/constants';
import { oneOf, text } from '@/client/lib/search-params';

/**
 * The route's search params: quick view (`view`), form (`edit`: an id, or `new`) and the list's filters
 * (`status`, `maintenance`), which links from other screens set too. An unknown filter value means no
 * filter.
 */
export interface ExcavatorsSearch {
  view?: string;
  edit?: string;
  status?: ExcavatorStatus;
  maintenance?: MaintenanceFilter;
}

export const NEW_EXCAVATOR = 'new';

export function excavatorsSearch(search: Record<string, unknown>): ExcavatorsSearch {
  return {
    view: text(search.view, { min: 1 }),
    edit: text(search.edit, { min: 1 }),
    status: oneOf(EXCAVATOR_STATUSES, search.status),
    maintenance: oneOf(MAINTENANCE_FILTERS, search.maintenance),
  };
}
