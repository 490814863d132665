import { useCallback, useEffect, useState } from 'react';
import type { AuditList } from '@/domain/audit';
import { auditListPath, listAudit, type AuditFilters } from './api/list-audit';

interface Loaded {
  key: string;
  data: AuditList | null;
  error: unknown;
}

export interface AuditListState {
  /** The last page that arrived; kept while the next one loads. */
  data: AuditList | null;
  loading: boolean;
  /** The failure of the latest request, null once it succeeded. */
  error: unknown;
  reload(): void;
}

/** Loads one page of the audit log for the filters; a newer request cancels an older one. */
export function useAuditList(filters: AuditFilters): AuditListState {
  const [version, setVersion] = useState(0);
  const [loaded, setLoaded] = useState<Loaded>({ key: '', data: null, error: null });
  const path = auditListPath(filters);
  const key = `${path}#${version}`;

  useEffect(() => {
    const controller = new AbortController();
    listAudit(path, controller.signal).then(
      (data) => setLoaded({ key, data, error: null }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoaded((current) => ({ key, data: current.data, error }));
      },
    );
    return () => controller.abort();
  }, [key, path]);

  const reload = useCallback(() => setVersion((current) => current + 1), []);
  return {
    data: loaded.data,
    loading: loaded.key !== key,
    error: loaded.key === key ? loaded.error : null,
    reload,
  };
}
