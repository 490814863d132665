import type { ActivityEntry } from '@/domain/dashboard';
import type { ExcavatorStatus } from '@/domain/excavator';
import type { MaintenanceFilter } from '@/domain/maintenance';
import type { ReportStatus } from '@/domain/report-status';

/*
 * Links into the lists with their filters as search params, for the dashboard tiles and the follow-up
 * lists. The list screens own those params; these only build the URLs.
 */

const withQuery = (path: string, params: Record<string, string | undefined>) => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) query.set(key, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
};

export const excavatorsHref = (status?: ExcavatorStatus) => withQuery('/excavators', { status });
export const excavatorHref = (id: string) => withQuery('/excavators', { view: id });
export const maintenanceHref = (filter: MaintenanceFilter = 'due') =>
  withQuery('/excavators', { maintenance: filter });
export const reportsHref = (filters: {
  status?: ReportStatus;
  from?: string;
  to?: string;
  excavator?: string;
}) => withQuery('/reports', filters);

/** The record an activity entry is about, when it still exists and has a screen. */
export function activityHref(entry: ActivityEntry): string | null {
  if (!entry.exists) return null;
  const id = entry.entityId ?? undefined;
  switch (entry.entity) {
    case 'excavator':
      return id ? excavatorHref(id) : '/excavators';
    case 'report':
      return withQuery('/reports', { view: id ? 'quick' : undefined, id });
    case 'logbook':
      return withQuery('/betriebstagebuch', { view: id ? 'detail' : undefined, id });
    case 'inventory':
      return '/inventory';
    case 'dispoAssignment':
      return id ? `/dispo/assignments/${encodeURIComponent(id)}` : '/dispo';
    case 'user':
      return '/users';
    case 'settings':
      return '/settings';
    default:
      return null;
  }
}
