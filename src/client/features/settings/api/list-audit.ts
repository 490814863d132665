import { auditListSchema, type AuditList } from '@/domain/audit';
import { apiFetch } from '@/client/api/client';

/** The audit log filters; empty ones are left out. `from`/`to` are calendar dates (YYYY-MM-DD). */
export interface AuditFilters {
  page: number;
  limit: number;
  user: string;
  entity: string;
  action: string;
  /** One record's id. */
  record: string;
  from: string;
  to: string;
}

const FILTER_KEYS = ['user', 'entity', 'action', 'record', 'from', 'to'] as const;

function filterParams(filters: Omit<AuditFilters, 'page' | 'limit'>, params: URLSearchParams) {
  for (const key of FILTER_KEYS) {
    const value = filters[key].trim();
    if (value) params.set(key, value);
  }
  return params;
}

/** `/audit?page=…&limit=…[&user=…][&entity=…][&action=…][&record=…][&from=…][&to=…]` */
export function auditListPath(filters: AuditFilters): string {
  const params = new URLSearchParams({ page: String(filters.page), limit: String(filters.limit) });
  return `/audit?${filterParams(filters, params).toString()}`;
}

/** `/audit/export.csv` with the same filters and no paging. */
export function auditExportPath(filters: Omit<AuditFilters, 'page' | 'limit'>): string {
  const query = filterParams(filters, new URLSearchParams()).toString();
  return `/audit/export.csv${query ? `?${query}` : ''}`;
}

/** Downloads the filtered audit log as a CSV file. */
export async function downloadAuditCsv(filters: Omit<AuditFilters, 'page' | 'limit'>): Promise<void> {
  const blob = await apiFetch<Blob>(auditExportPath(filters), { responseType: 'blob' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `audit-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** GET /api/audit at a path built by `auditListPath`: newest first. */
export async function listAudit(path: string, signal?: AbortSignal): Promise<AuditList> {
  return auditListSchema.parse(await apiFetch<unknown>(path, { signal }));
}
