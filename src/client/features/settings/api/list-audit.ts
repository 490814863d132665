import { auditListSchema, type AuditList } from '@/domain/audit';
import { apiFetch } from '@/client/api/client';

/** The audit log filters; empty ones are left out. `from`/`to` are calendar dates (YYYY-MM-DD). */
export interface AuditFilters {
  page: number;
  limit: number;
  user: string;
  entity: string;
  action: string;
  from: string;
  to: string;
}

/** `/audit?page=…&limit=…[&user=…][&entity=…][&action=…][&from=…][&to=…]` */
export function auditListPath(filters: AuditFilters): string {
  const params = new URLSearchParams({ page: String(filters.page), limit: String(filters.limit) });
  for (const key of ['user', 'entity', 'action', 'from', 'to'] as const) {
    const value = filters[key].trim();
    if (value) params.set(key, value);
  }
  return `/audit?${params.toString()}`;
}

/** GET /api/audit at a path built by `auditListPath`: newest first. */
export async function listAudit(path: string, signal?: AbortSignal): Promise<AuditList> {
  return auditListSchema.parse(await apiFetch<unknown>(path, { signal }));
}
