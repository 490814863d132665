import type { FollowUp } from '@/domain/followup';
import { useLiveQuery, useSyncEngine } from '@/client/offline';
import { sortedFollowUps } from './model';

/** The machine's follow-ups from this device's mirror (open first); undefined while reading. */
export function useExcavatorFollowUps(excavatorId: string): FollowUp[] | undefined {
  const engine = useSyncEngine();
  return useLiveQuery(
    async () => sortedFollowUps(await engine.db.followUps.where('excavatorId').equals(excavatorId).toArray()),
    [engine, excavatorId],
  );
}

/** Every open follow-up on this device, soonest due first. */
export function useOpenFollowUps(): FollowUp[] | undefined {
  const engine = useSyncEngine();
  return useLiveQuery(
    async () => sortedFollowUps(await engine.db.followUps.where('status').equals('open').toArray()),
    [engine],
  );
}

/** The follow-ups a report closed (linked by `closedByReportId`). */
export function useFollowUpsClosedBy(reportId: string): FollowUp[] | undefined {
  const engine = useSyncEngine();
  return useLiveQuery(
    async () =>
      sortedFollowUps(await engine.db.followUps.filter((row) => row.closedByReportId === reportId).toArray()),
    [engine, reportId],
  );
}
