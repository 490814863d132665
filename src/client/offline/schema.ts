import type { Transaction } from 'dexie';

export const OFFLINE_DB_NAME = 'fleetpilot';

/**
 * The IndexedDB schema history. Never change a released entry: a module that needs an index (its list
 * filters) appends a version with the full store definition of the tables it changes and, where rows
 * need reshaping, an `upgrade` that migrates them (Dexie runs each missing step in order on open).
 */
export interface SchemaVersion {
  version: number;
  stores: Record<string, string | null>;
  upgrade?: (tx: Transaction) => Promise<void> | void;
}

/** The mirror's bookkeeping row in `meta` (mirror.ts; here because upgrades below rewrite it). */
export const MIRROR_STATE_KEY = 'sync:mirror';

/**
 * Version 2 (drivers in the field): the `dispoAssignments` mirror. Devices that mirrored before
 * were already served the collection by the server (and skipped its rows, unknown to them), so their
 * mirror state lists it and their cursor is past its rows: the upgrade takes it off that list, and the
 * next pull sees it as newly served and mirrors again from cursor 0.
 */
async function forgetServedDispoAssignments(tx: Transaction): Promise<void> {
  const meta = tx.table<{ key: string; value: unknown }, string>('meta');
  const state = await meta.get(MIRROR_STATE_KEY);
  const value = state?.value as { collections?: unknown } | undefined;
  if (!value || !Array.isArray(value.collections)) return;
  const collections = value.collections.filter((name) => name !== 'dispoAssignments');
  if (collections.length === value.collections.length) return;
  await meta.put({ key: MIRROR_STATE_KEY, value: { ...value, collections } });
}

export const SCHEMA_VERSIONS: readonly SchemaVersion[] = [
  {
    version: 1,
    stores: {
      excavators: 'id, updatedAt, status, _sync',
      reports: 'id, updatedAt, status, _sync',
      logbook: 'id, updatedAt, status, _sync',
      inventory: 'id, updatedAt, _sync',
      outbox: '++seq, &id, userId, state, [collection+recordId]',
      files: 'id, recordId, entryId',
      meta: 'key',
      shadows: '[collection+id]',
    },
  },
  {
    version: 2,
    stores: {
      dispoAssignments: 'id, date, driverId, status, _sync',
    },
    upgrade: forgetServedDispoAssignments,
  },
  {
    // Follow-ups of failed checks: a new collection the server never served before, so no mirror state
    // needs rewriting — the next pull sees it as newly served and mirrors it from cursor 0.
    version: 3,
    stores: {
      followUps: 'id, excavatorId, status, _sync',
    },
  },
  {
    // What a form held before it was saved (drafts.ts): device-only, never synced, so no mirror state
    // changes. Keyed by user + form + record; `userId` lets a sign-in list only its own.
    version: 4,
    stores: {
      drafts: 'key, userId',
    },
  },
];
