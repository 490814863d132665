import { useEffect, useMemo } from 'react';
import type { DashboardRange } from '@/domain/dashboard';
import { useSyncEngine } from '@/client/offline/engine-context';
import { useLiveQuery } from '@/client/offline/hooks/records';
import type { SyncedRow } from '@/client/offline/types';
import { localToday } from '@/client/lib/dates';
import { dashboardFromMirror, type DashboardView } from './model';

export interface MirrorQuery {
  range: DashboardRange;
  excavatorsOn: boolean;
  reportsOn: boolean;
  intervalHours: number;
}

/**
 * Works the dashboard out of the device's mirror and hands it to `onView` (renders nothing). A lazy
 * chunk of its own, mounted once the offline engine is there: Dexie is not part of the first paint.
 */
export function DashboardMirror({
  query,
  onView,
}: {
  query: MirrorQuery;
  onView: (view: DashboardView) => void;
}) {
  const engine = useSyncEngine();
  const { range, excavatorsOn, reportsOn, intervalHours } = query;
  const excavators = useLiveQuery(
    async (): Promise<SyncedRow[] | null> => (excavatorsOn ? engine.db.excavators.toArray() : null),
    [engine, excavatorsOn],
    null,
  );
  const reports = useLiveQuery(
    async (): Promise<SyncedRow[] | null> => (reportsOn ? engine.db.reports.toArray() : null),
    [engine, reportsOn],
    null,
  );
  // Both reads answer on their own; the view waits for every one that is asked for, so the tiles
  // appear together instead of the trend popping in under an already drawn fleet and moving it.
  const pending = (excavatorsOn && excavators === null) || (reportsOn && reports === null);
  const view = useMemo(
    () =>
      pending
        ? null
        : dashboardFromMirror({ excavators, reports, range, today: localToday(), intervalHours }),
    [pending, excavators, reports, range, intervalHours],
  );
  useEffect(() => {
    if (view) onView(view);
  }, [view, onView]);
  return null;
}
