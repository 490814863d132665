import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { PGLITE_LOCK_FILE, type Database } from '../../db/client';
import { isPartialUpload } from '../storage';
import { copyTree, linkFiles, listFiles, listTree } from './files';
import { ARCHIVE_DATABASE_DIR, ARCHIVE_UPLOADS_DIR, type AppliedMigration } from './manifest';
import { appliedMigrations } from './schema-version';
import { countTables } from './table-counts';

export interface Snapshot {
  snapshotAt: Date;
  tables: Record<string, number>;
  migrations: AppliedMigration[];
}

/** Files of a data directory that belong to the running process, not to the data. */
export function skipInDataDirectory(name: string): boolean {
  return name === PGLITE_LOCK_FILE || name === 'postmaster.pid';
}

/**
 * The embedded database and the uploads at one instant, copied into `staging`.
 *
 * PGlite serves one query or transaction at a time, so while this transaction runs no other write can
 * start or commit: a CHECKPOINT writes every change to the data files, the directory is copied as it
 * now stands on disk, and the uploads are hard-linked (instant). Writes wait for these moments and then
 * go on; each is either wholly before the snapshot (in the archive) or wholly after it. An upload whose
 * row committed before the snapshot is complete on disk by then (files are written before their row).
 */
export async function snapshotPglite(opts: {
  db: Database;
  pgliteDir: string;
  uploadsDir: string;
  staging: string;
}): Promise<Snapshot & { postgresMajor: string }> {
  return opts.db.transaction(async (tx) => {
    const snapshotAt = new Date();
    await tx.execute(sql`checkpoint`);
    const tables = await countTables(tx);
    const migrations = await appliedMigrations(tx);
    const dbTree = await listTree(opts.pgliteDir, skipInDataDirectory);
    await copyTree(dbTree, path.join(opts.staging, ARCHIVE_DATABASE_DIR));
    const uploads = await listFiles(opts.uploadsDir, isPartialUpload);
    await linkFiles(uploads, path.join(opts.staging, ARCHIVE_UPLOADS_DIR));
    const postgresMajor = (await fs.readFile(path.join(opts.pgliteDir, 'PG_VERSION'), 'utf8')).trim();
    return { snapshotAt, tables, migrations, postgresMajor };
  });
}
