import { useEffect, useState } from 'react';
import { assignmentSchema, type Assignment } from '@/domain/dispo/assignments';
import { DISPO_SYNC_COLLECTION } from '@/domain/dispo/constants';
import { onTableChanged, useLiveQuery, useSyncEngine, type SyncedRow } from '@/client/offline';
import { MIRROR_STATE_KEY } from '@/client/offline/mirror';
import { useCurrentUser } from '@/client/lib/session/session-store';

/*
 * The device's copy of the assignments (the synced collection 'dispoAssignments').
 * The pull serves a driver's tablet only the published assignments of the drivers linked to its user,
 * dispatchers every assignment; a user whose role or feature flag does not allow Dispo is not served
 * the collection at all (and its rows leave the device).
 */

export const ASSIGNMENTS = DISPO_SYNC_COLLECTION;

/** A mirrored row as an assignment (the API's shape); null when it is a tombstone or unreadable. */
export function toAssignment(row: SyncedRow | undefined): Assignment | null {
  if (!row || row.deletedAt) return null;
  const parsed = assignmentSchema.safeParse(row);
  return parsed.success ? parsed.data : null;
}

/**
 * Whether the device holds this user's mirror of the assignments: the last pull under this user
 * served the collection. Undefined while the database is read.
 */
export function useAssignmentMirrorReady(): boolean | undefined {
  const engine = useSyncEngine();
  const me = useCurrentUser();
  return useLiveQuery(async () => {
    try {
      const state = (await engine.db.meta.get(MIRROR_STATE_KEY))?.value as
        { userId?: unknown; collections?: unknown } | undefined;
      return (
        !!state &&
        state.userId === me.id &&
        Array.isArray(state.collections) &&
        state.collections.includes(ASSIGNMENTS)
      );
    } catch {
      // A closed database (another tab upgraded it): the screens fall back to the network.
      return false;
    }
  }, [engine, me.id]);
}

export interface MirroredAssignment {
  assignment: Assignment;
  /** Local changes (a ticked round) wait in the outbox. */
  pending: boolean;
}

/** One assignment from the device: undefined while reading, null when it is not on the device. */
export function useMirroredAssignment(id: string): MirroredAssignment | null | undefined {
  const engine = useSyncEngine();
  return useLiveQuery(async () => {
    try {
      const row = await engine.db.collection(ASSIGNMENTS).get(id);
      const assignment = toAssignment(row);
      return assignment ? { assignment, pending: row?._sync === 'pending' } : null;
    } catch {
      return null;
    }
  }, [engine, id]);
}

/**
 * The published assignments of drivers linked to this user from `from` on, by date (the driver's own
 * list). Undefined while reading.
 */
export function useMyMirroredAssignments(from: string, enabled: boolean): Assignment[] | undefined {
  const engine = useSyncEngine();
  const me = useCurrentUser();
  return useLiveQuery(async () => {
    if (!enabled) return undefined;
    const rows = await engine.db.collection(ASSIGNMENTS).where('date').aboveOrEqual(from).sortBy('date');
    return rows
      .map(toAssignment)
      .filter((a): a is Assignment => !!a && a.status === 'published' && a.driver?.userId === me.id);
  }, [engine, me.id, from, enabled]);
}

/** How long a burst of mirror writes (a pull page, a replay answer) is gathered into one signal. */
export const MIRROR_SETTLE_MS = 300;

/**
 * A number that grows whenever the device's assignments change (a pull brought a driver's tick, a
 * dispatcher's edit on another device): screens that read the server (planning list, week board,
 * dashboard) load again.
 */
export function useAssignmentMirrorChanges(): number {
  const engine = useSyncEngine();
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const unsubscribe = onTableChanged(engine.db, ASSIGNMENTS, () => {
      timer ??= setTimeout(() => {
        timer = null;
        setChanges((n) => n + 1);
      }, MIRROR_SETTLE_MS);
    });
    return () => {
      if (timer) clearTimeout(timer);
      unsubscribe();
    };
  }, [engine]);
  return changes;
}
