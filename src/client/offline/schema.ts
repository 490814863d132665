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
];
