import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { DashboardRange } from '@/domain/dashboard';
import { isFeatureEnabled } from '@/domain/features';
import { serviceIntervalFromSettings } from '@/domain/maintenance';
import { useOnline } from '@/client/offline/connectivity';
import { WhenEngineReady } from '@/client/offline/engine-context';
import { useSettings } from '@/client/lib/session/settings-store';
import { useRemoteData } from '@/client/lib/use-remote-data';
import { fetchDashboard } from './api';
import { fromServer, type DashboardView } from './model';

// Reading the mirror needs Dexie: loaded with the offline engine, only when the dashboard needs it.
const DashboardMirror = lazy(() =>
  import('./dashboard-mirror').then((module) => ({ default: module.DashboardMirror })),
);

export interface DashboardData {
  view: DashboardView | null;
  /** The first answer for this range is on its way. */
  loading: boolean;
  /** The server refused or failed (not a missing connection: that shows the device's data). */
  error: unknown;
  reload(): void;
  /** Render it beside the view: it reads the device's mirror while the dashboard shows it. */
  mirrorSource: ReactNode;
}

/**
 * The dashboard for `range`: from GET /api/dashboard while online; from the device's mirror when the
 * connection is off or the server cannot be reached (as soon as the offline engine has loaded).
 */
export function useDashboardData(range: DashboardRange, enabled: boolean): DashboardData {
  const online = useOnline();
  const { settings } = useSettings();
  const remote = useRemoteData(enabled && online ? `dashboard:${range}` : null, (signal) =>
    fetchDashboard(range, signal),
  );
  const useMirror = enabled && (!online || remote.unreachable);
  const [mirrorView, setMirrorView] = useState<DashboardView | null>(null);

  if (useMirror) {
    const query = {
      range,
      excavatorsOn: isFeatureEnabled(settings.features, 'excavators'),
      reportsOn: isFeatureEnabled(settings.features, 'reports'),
      intervalHours: serviceIntervalFromSettings(settings),
    };
    const mirrorSource = (
      <WhenEngineReady>
        <Suspense fallback={null}>
          <DashboardMirror query={query} onView={setMirrorView} />
        </Suspense>
      </WhenEngineReady>
    );
    // A view of another range is not shown while the mirror works out this one.
    const view = mirrorView?.range === range ? mirrorView : null;
    return { view, loading: false, error: null, reload: remote.reload, mirrorSource };
  }
  return {
    view: remote.data ? fromServer(remote.data) : null,
    loading: remote.loading,
    error: remote.error,
    reload: remote.reload,
    mirrorSource: null,
  };
}
