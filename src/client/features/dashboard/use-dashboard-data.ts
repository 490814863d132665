import { useMemo } from 'react';
import type { DashboardRange } from '@/domain/dashboard';
import { isFeatureEnabled } from '@/domain/features';
import { serviceIntervalFromSettings } from '@/domain/maintenance';
import { ApiError } from '@/client/api/client';
import { useLiveQuery, useOnline, useSyncEngine, type SyncedRow } from '@/client/offline';
import { useSettings } from '@/client/lib/session/settings-store';
import { fetchDashboard } from './api';
import { localToday } from '@/client/lib/dates';
import { dashboardFromMirror, fromServer, type DashboardView } from './model';
import { useRemote } from '@/client/shell/data/use-remote';

export interface DashboardData {
  view: DashboardView | null;
  /** The first answer for this range is on its way. */
  loading: boolean;
  /** The server refused or failed (not a missing connection: that shows the device's data). */
  error: unknown;
  reload(): void;
}

const isNetworkError = (error: unknown) => error instanceof ApiError && error.isNetworkError;

/**
 * The dashboard for `range`: from GET /api/dashboard while online; from the device's mirror when the
 * connection is off or the server cannot be reached.
 */
export function useDashboardData(range: DashboardRange, enabled: boolean): DashboardData {
  const online = useOnline();
  const engine = useSyncEngine();
  const { settings } = useSettings();
  const remote = useRemote(
    `dashboard:${range}`,
    (signal) => fetchDashboard(range, signal),
    enabled && online,
  );
  const useMirror = enabled && (!online || isNetworkError(remote.error));

  const excavatorsOn = isFeatureEnabled(settings.features, 'excavators');
  const reportsOn = isFeatureEnabled(settings.features, 'reports');
  const excavators = useLiveQuery(
    async (): Promise<SyncedRow[] | null> =>
      useMirror && excavatorsOn ? engine.db.excavators.toArray() : null,
    [engine, useMirror, excavatorsOn],
    null,
  );
  const reports = useLiveQuery(
    async (): Promise<SyncedRow[] | null> => (useMirror && reportsOn ? engine.db.reports.toArray() : null),
    [engine, useMirror, reportsOn],
    null,
  );

  const interval = serviceIntervalFromSettings(settings);
  const mirrorView = useMemo(
    () =>
      useMirror
        ? dashboardFromMirror({ excavators, reports, range, today: localToday(), intervalHours: interval })
        : null,
    [useMirror, excavators, reports, range, interval],
  );

  if (useMirror) return { view: mirrorView, loading: false, error: null, reload: remote.reload };
  return {
    view: remote.data ? fromServer(remote.data) : null,
    loading: remote.loading,
    error: remote.error,
    reload: remote.reload,
  };
}
