import { useLiveQuery } from 'dexie-react-hooks';
import type { OfflineDb } from '../db';
import { useSyncEngine } from '../engine-context';
import type { OutboxEntry, RecordSyncState } from '../types';
import { useOutboxValue } from './outbox-value';

const EMPTY: OutboxEntry[] = [];

/** Conflict outranks failed outranks waiting: the row shows what needs a person first. */
export function recordStateOf(entries: readonly OutboxEntry[]): RecordSyncState | null {
  if (entries.length === 0) return null;
  if (entries.some((e) => e.state === 'conflict')) return 'conflict';
  if (entries.some((e) => e.state === 'failed')) return 'failed';
  return 'waiting';
}

/** Every outbox entry on this device, FIFO. */
export function useOutboxEntries(): OutboxEntry[] {
  const engine = useSyncEngine();
  // The top bar reads this on every page: a closed database (another tab upgraded it; the reload
  // dialog says so) or one the browser refuses shows no entries rather than breaking the shell.
  return useLiveQuery(
    () =>
      engine.db.outbox
        .orderBy('seq')
        .toArray()
        .catch(() => EMPTY),
    [engine],
    EMPTY,
  );
}

export interface OutboxSummary {
  /** Waiting or being sent. */
  waiting: number;
  failed: number;
  conflict: number;
  /** Entries written by another user on this device (replayed only when that user signs in). */
  otherUsers: number;
}

export function summarize(entries: readonly OutboxEntry[], userId: string | null): OutboxSummary {
  const summary: OutboxSummary = { waiting: 0, failed: 0, conflict: 0, otherUsers: 0 };
  for (const entry of entries) {
    if (entry.userId !== userId) summary.otherUsers++;
    else if (entry.state === 'failed') summary.failed++;
    else if (entry.state === 'conflict') summary.conflict++;
    else summary.waiting++;
  }
  return summary;
}

const NO_ENTRIES: OutboxSummary = { waiting: 0, failed: 0, conflict: 0, otherUsers: 0 };

/**
 * `summarize` from index counts: the top bar shows it on every page and it re-runs on every outbox
 * change, so it must not read the entries (bodies, photos) of a long outbox while it replays. Only
 * other users' entries, rare, are read.
 */
export async function readOutboxSummary(db: OfflineDb, userId: string | null): Promise<OutboxSummary> {
  return db.transaction('r', ['outbox'], async () => {
    const total = await db.outbox.count();
    if (userId === null) return { ...NO_ENTRIES, otherUsers: total };
    // Two plain key ranges: Dexie's notEqual walks a cursor through every entry of `userId`.
    const [failed, conflict, before, after] = await Promise.all([
      db.outbox.where('state').equals('failed').count(),
      db.outbox.where('state').equals('conflict').count(),
      db.outbox.where('userId').below(userId).toArray(),
      db.outbox.where('userId').above(userId).toArray(),
    ]);
    const others = [...before, ...after];
    const theirs = summarize(others, null);
    const ownFailed = failed - others.filter((e) => e.state === 'failed').length;
    const ownConflict = conflict - others.filter((e) => e.state === 'conflict').length;
    return {
      waiting: total - theirs.otherUsers - ownFailed - ownConflict,
      failed: ownFailed,
      conflict: ownConflict,
      otherUsers: theirs.otherUsers,
    };
  });
}

export function useOutboxSummary(userId: string | null): OutboxSummary {
  return useOutboxValue(readOutboxSummary, userId, NO_ENTRIES);
}
