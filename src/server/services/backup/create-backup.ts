import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { BackupArchive, BackupPhase } from '@/domain/backup';
import type { Database } from '../../db/client';
import { archiveName, pruneArchives } from './archives';
import { hashStaging, writeArchive } from './archive-writer';
import type { Manifest } from './manifest';
import { snapshotPglite } from './pglite-snapshot';
import { snapshotPostgres } from './postgres-snapshot';
import { migrationLabel } from './schema-version';

/** Where a backup reads the database from. */
export type BackupTarget =
  | { kind: 'pglite'; db: Database; pgliteDir: string }
  | { kind: 'postgres'; databaseUrl: string; pgBinDir: string | undefined };

/** A target while this process holds the right to back it up. */
type BackupSource =
  | { kind: 'pglite'; db: Database; pgliteDir: string }
  | { kind: 'postgres'; databaseUrl: string; pgBinDir: string | undefined; client: pg.Client };

/** Arbitrary constant: one backup at a time across every instance on a PostgreSQL database. */
export const BACKUP_JOB_LOCK_ID = 724_311_950;
const STAGING_PREFIX = '.backup-staging-';

/** Embedded databases in use by a backup of this process (only this process can open them). */
const busyPglite = new Set<string>();

/**
 * Runs `fn` holding the backup lock of `target`: on PostgreSQL a session advisory lock on a connection
 * of its own (so one instance of several backs up at a time); on the embedded database, which only this
 * process can open, a lock in memory. Answers `{ locked: false }` at once when a backup already runs.
 */
export async function withBackupLock<T>(
  target: BackupTarget,
  fn: (source: BackupSource) => Promise<T>,
): Promise<{ locked: true; value: T } | { locked: false }> {
  if (target.kind === 'pglite') {
    if (busyPglite.has(target.pgliteDir)) return { locked: false };
    busyPglite.add(target.pgliteDir);
    try {
      return { locked: true, value: await fn(target) };
    } finally {
      busyPglite.delete(target.pgliteDir);
    }
  }
  const client = new pg.Client({
    connectionString: target.databaseUrl,
    application_name: 'fleetpilot-backup',
  });
  // A dropped connection surfaces as a failed query; the event must not crash the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      'select pg_try_advisory_lock($1::bigint) as locked',
      [BACKUP_JOB_LOCK_ID],
    );
    if (!rows[0]?.locked) return { locked: false };
    try {
      return { locked: true, value: await fn({ ...target, client }) };
    } finally {
      await client
        .query('select pg_advisory_unlock($1::bigint)', [BACKUP_JOB_LOCK_ID])
        .catch(() => undefined);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface BackupOptions {
  source: BackupSource;
  /** DATA_DIR: the uploads are in its uploads/ folder; the archive is staged inside it. */
  dataDir: string;
  /** Where the archive goes. */
  outDir: string;
  /** Archives kept in `outDir` after this one; older ones are deleted. Undefined keeps all. */
  keep?: number;
  timeZone: string;
  appVersion: string;
  onProgress?: (phase: BackupPhase, percent: number) => void;
}

export interface BackupResult {
  archive: BackupArchive;
  path: string;
  manifest: Manifest;
  pruned: string[];
}

/**
 * One backup: a consistent snapshot of the database and the uploads (see the two snapshot functions),
 * hashed into a manifest and written as one tar.gz archive. Call it inside `withBackupLock`.
 */
export async function createBackup(opts: BackupOptions): Promise<BackupResult> {
  let last = '';
  // Whole percents only: a listener (a socket, a poll) hears of each step once.
  const report = (phase: BackupPhase, percent: number) => {
    const key = `${phase}:${Math.floor(percent)}`;
    if (key === last) return;
    last = key;
    opts.onProgress?.(phase, Math.floor(percent));
  };
  try {
    await fs.mkdir(opts.outDir, { recursive: true });
    await fs.access(opts.outDir, constants.W_OK);
  } catch (err) {
    throw new Error(`The backup folder ${opts.outDir} cannot be used: ${(err as Error).message}`);
  }
  await fs.mkdir(opts.dataDir, { recursive: true });
  // Leftovers of a backup cut short (a crash, a power cut): the lock says no other backup runs now.
  for (const name of await fs.readdir(opts.dataDir)) {
    if (name.startsWith(STAGING_PREFIX))
      await fs.rm(path.join(opts.dataDir, name), { recursive: true, force: true });
  }
  // Staged beside the uploads, so they can be hard-linked (same file system).
  const staging = await fs.mkdtemp(path.join(opts.dataDir, STAGING_PREFIX));
  try {
    report('snapshot', 0);
    const uploadsDir = path.join(opts.dataDir, 'uploads');
    const { source } = opts;
    let database: Manifest['database'];
    let snapshot;
    if (source.kind === 'pglite') {
      const s = await snapshotPglite({ db: source.db, pgliteDir: source.pgliteDir, uploadsDir, staging });
      database = { engine: 'pglite', method: 'data-directory', postgresMajor: s.postgresMajor };
      snapshot = s;
    } else {
      const s = await snapshotPostgres({
        client: source.client,
        databaseUrl: source.databaseUrl,
        pgBinDir: source.pgBinDir,
        uploadsDir,
        staging,
        onDumpStarted: () => report('dump', 5),
      });
      database = { engine: 'postgres', method: 'pg_dump', tool: s.tool, serverVersion: s.serverVersion };
      snapshot = s;
    }

    report('hash', 10);
    const total = await stagedBytes(staging);
    let hashed = 0;
    const files = await hashStaging(staging, (n) => {
      hashed += n;
      report('hash', 10 + (30 * hashed) / Math.max(total, 1));
    });

    report('archive', 40);
    const name = await archiveName(opts.outDir, snapshot.snapshotAt, opts.timeZone);
    const target = path.join(opts.outDir, name);
    let written = 0;
    const manifest = await writeArchive({
      staging,
      target,
      manifest: {
        snapshotAt: snapshot.snapshotAt.toISOString(),
        appVersion: opts.appVersion,
        database,
        schema: {
          version: migrationLabel(snapshot.migrations.at(-1)),
          migrations: snapshot.migrations,
        },
        tables: snapshot.tables,
        files,
      },
      onBytes: (n) => {
        written += n;
        report('archive', Math.min(99, 40 + (60 * written) / Math.max(total, 1)));
      },
    });
    const stat = await fs.stat(target);
    const pruned = opts.keep ? await pruneArchives(opts.outDir, opts.keep) : [];
    report('archive', 100);
    return {
      archive: { name, size: stat.size, createdAt: stat.mtime.toISOString() },
      path: target,
      manifest,
      pruned,
    };
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

async function stagedBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await fs.stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}
