import Dexie, { type Table } from 'dexie';
import type { SyncCollection } from './collections';
import { OFFLINE_DB_NAME, SCHEMA_VERSIONS, type SchemaVersion } from './schema';
import type { DraftRow, FileRow, MetaRow, OutboxEntry, ShadowRow, SyncedRow } from './types';

/** The device database: the mirrored collections, the outbox, files, cached metadata and form drafts. */
export class OfflineDb extends Dexie {
  excavators!: Table<SyncedRow, string>;
  reports!: Table<SyncedRow, string>;
  logbook!: Table<SyncedRow, string>;
  inventory!: Table<SyncedRow, string>;
  followUps!: Table<SyncedRow, string>;
  outbox!: Table<OutboxEntry, number>;
  files!: Table<FileRow, string>;
  meta!: Table<MetaRow, string>;
  shadows!: Table<ShadowRow, [string, string]>;
  drafts!: Table<DraftRow, string>;

  constructor(name: string = OFFLINE_DB_NAME, versions: readonly SchemaVersion[] = SCHEMA_VERSIONS) {
    super(name);
    for (const step of versions) {
      const version = this.version(step.version).stores(step.stores);
      if (step.upgrade) version.upgrade(step.upgrade);
    }
  }

  collection(name: SyncCollection): Table<SyncedRow, string> {
    return this.table(name);
  }
}

export interface OpenOfflineDbOptions {
  name?: string;
  versions?: readonly SchemaVersion[];
  /**
   * Another tab opened a newer schema: this connection is closed (it would block the upgrade) and the
   * page must reload to use the new code.
   */
  onVersionChange?: () => void;
}

export function openOfflineDb(options: OpenOfflineDbOptions = {}): OfflineDb {
  const db = new OfflineDb(options.name, options.versions);
  db.on('versionchange', () => {
    db.close({ disableAutoOpen: true });
    options.onVersionChange?.();
    return false;
  });
  return db;
}
