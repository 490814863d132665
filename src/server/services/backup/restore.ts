import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { DirectoryLockedError, lockDirectory } from '../../db/dir-lock';
import { openPglite, openPostgres, pgliteDir, PGLITE_LOCK_FILE, type DatabaseHandle } from '../../db/client';
import { ArchiveError, extractArchive, readArchiveManifest } from './archive-reader';
import { listFiles } from './files';
import {
  ARCHIVE_DATABASE_DIR,
  ARCHIVE_FORMAT_VERSION,
  ARCHIVE_UPLOADS_DIR,
  latestMigration,
  PG_DUMP_FILE,
  type Manifest,
} from './manifest';
import { findPgTool, libpqConnection, PgToolError, run } from './pg-tools';
import {
  appliedMigrations,
  compareSchema,
  migrationLabel,
  readJournal,
  type JournalEntry,
} from './schema-version';
import { countDifferences, countTables } from './table-counts';

/** A restore that must not go on; the message says why and what to do. */
export class RestoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreError';
  }
}

export interface RestoreOptions {
  archive: string;
  dataDir: string;
  /** Set: the archive's PostgreSQL dump goes into this (empty) database. */
  databaseUrl?: string;
  pgBinDir?: string;
  /** Replace a DATA_DIR (or database) that already holds data. */
  force?: boolean;
  appVersion: string;
  /** Progress lines for a person watching. */
  log?: (line: string) => void;
  /** Another migration history (tests). */
  migrationsFolder?: string;
}

export interface RestoreSummary {
  manifest: Manifest;
  files: number;
  tables: number;
  rows: number;
  /** Migrations applied after the restore (an archive of an older FleetPilot). */
  migrated: JournalEntry[];
}

async function hasEntries(dir: string, ignore: (name: string) => boolean = () => false): Promise<boolean> {
  try {
    return (await fs.readdir(dir)).some((name) => !ignore(name));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
}

/** Whether the PostgreSQL database holds FleetPilot's (or any) tables. */
async function postgresHasTables(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from information_schema.tables where table_schema in ('public', 'drizzle')`,
    );
    return Number(rows[0]?.n ?? 0) > 0;
  } finally {
    await client.end();
  }
}

/** Refuses archives this FleetPilot cannot restore, before anything is unpacked. */
function checkManifest(manifest: Manifest, opts: RestoreOptions, journal: readonly JournalEntry[]): void {
  if (manifest.formatVersion > ARCHIVE_FORMAT_VERSION) {
    throw new RestoreError(
      `This archive was made by FleetPilot ${manifest.appVersion} in a newer archive format ` +
        `(${manifest.formatVersion}); this FleetPilot ${opts.appVersion} reads format ${ARCHIVE_FORMAT_VERSION}. ` +
        `Install FleetPilot ${manifest.appVersion} or newer to restore it.`,
    );
  }
  const comparison = compareSchema(manifest.schema.migrations, journal);
  if (comparison.kind === 'newer' || comparison.kind === 'foreign') {
    const theirs = migrationLabel(latestMigration(manifest));
    const ours = migrationLabel(journal.at(-1));
    throw new RestoreError(
      comparison.kind === 'newer'
        ? `This archive comes from a newer FleetPilot (${manifest.appVersion}, database schema ${theirs}); this ` +
            `FleetPilot ${opts.appVersion} knows the schema up to ${ours}. Install FleetPilot ${manifest.appVersion} ` +
            `or newer to restore it. Nothing was changed.`
        : `This archive's database has migrations this FleetPilot ${opts.appVersion} does not know ` +
            `(${comparison.unknown.map(migrationLabel).join(', ')}): it was made by another build ` +
            `(${manifest.appVersion}). Restore it with that build. Nothing was changed.`,
    );
  }
  if (manifest.database.engine === 'pglite' && opts.databaseUrl) {
    throw new RestoreError(
      'This archive holds an embedded database: it restores into DATA_DIR. Unset DATABASE_URL to restore it.',
    );
  }
  if (manifest.database.engine === 'postgres' && !opts.databaseUrl) {
    throw new RestoreError(
      'This archive holds a PostgreSQL dump (pg_dump). Set DATABASE_URL to an empty PostgreSQL database to ' +
        'restore it into.',
    );
  }
}

/** Counts every table and compares them with the manifest. */
async function verifyCounts(handle: DatabaseHandle, manifest: Manifest): Promise<void> {
  const found = await countTables(handle.db);
  const problems = countDifferences(manifest.tables, found);
  if (problems.length > 0) {
    throw new RestoreError(
      `The restored database does not match the manifest: ${problems.slice(0, 10).join('; ')}.`,
    );
  }
}

/**
 * Checks the restored database's row counts against the manifest, then brings an older schema up to
 * this build's; answers the migrations applied. Closes the handle.
 */
async function verifyAndMigrate(
  handle: DatabaseHandle,
  manifest: Manifest,
  opts: RestoreOptions,
  log: (l: string) => void,
): Promise<JournalEntry[]> {
  try {
    log('Checking the row count of every table…');
    await verifyCounts(handle, manifest);
    const comparison = compareSchema(await appliedMigrations(handle.db), readJournal(opts.migrationsFolder));
    if (comparison.kind !== 'older') return [];
    log(`Migrating the database forward (${comparison.pending.map((e) => e.tag).join(', ')})…`);
    await handle.migrate(opts.migrationsFolder);
    return comparison.pending;
  } finally {
    await handle.close();
  }
}

/** The PostgreSQL major version this build's embedded database writes. */
async function embeddedMajor(): Promise<string> {
  const probe = new PGlite();
  try {
    const { rows } = await probe.query<{ num: string }>(
      `select current_setting('server_version_num') as num`,
    );
    return String(Math.floor(Number(rows[0]?.num ?? 0) / 10_000));
  } finally {
    await probe.close();
  }
}

async function restorePglite(
  staging: string,
  manifest: Manifest,
  opts: RestoreOptions,
  log: (l: string) => void,
) {
  const dir = path.join(staging, ARCHIVE_DATABASE_DIR);
  let handle: DatabaseHandle;
  try {
    handle = await openPglite(dir, { migrate: false });
  } catch (err) {
    const theirs = manifest.database.engine === 'pglite' ? manifest.database.postgresMajor : '?';
    const ours = await embeddedMajor().catch(() => '?');
    if (theirs !== ours) {
      throw new RestoreError(
        `This archive's embedded database is PostgreSQL ${theirs}; this FleetPilot's is PostgreSQL ${ours} and ` +
          `cannot open it. Restore it with FleetPilot ${manifest.appVersion}.`,
      );
    }
    throw err;
  }
  return verifyAndMigrate(handle, manifest, opts, log);
}

async function restorePostgres(
  staging: string,
  manifest: Manifest,
  opts: RestoreOptions,
  log: (l: string) => void,
) {
  const url = opts.databaseUrl!;
  const pgRestore = await findPgTool('pg_restore', opts.pgBinDir).catch((err: unknown) => {
    throw err instanceof PgToolError ? new RestoreError(err.message) : err;
  });
  if (opts.force && (await postgresHasTables(url))) {
    log('Emptying the PostgreSQL database (--force)…');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('drop schema if exists drizzle cascade');
      await client.query('drop schema if exists public cascade');
      await client.query('create schema public');
    } finally {
      await client.end();
    }
  }
  log(`Restoring the PostgreSQL dump with ${pgRestore.version}…`);
  const { dbname, env } = libpqConnection(url);
  const result = await run(
    pgRestore.path,
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${dbname}`,
      path.join(staging, ARCHIVE_DATABASE_DIR, PG_DUMP_FILE),
    ],
    env,
  );
  if (result.code !== 0) {
    throw new RestoreError(
      `pg_restore failed (exit ${result.code}): ${result.stderr.trim() || 'no message'}`,
    );
  }
  return verifyAndMigrate(await openPostgres(url, { migrate: false }), manifest, opts, log);
}

/** Takes the embedded database's lock, as a starting FleetPilot would: no server may run meanwhile. */
async function lockDataDir(dbDir: string, dataDir: string): Promise<() => Promise<void>> {
  await fs.mkdir(dbDir, { recursive: true });
  try {
    return await lockDirectory(dbDir);
  } catch (err) {
    if (err instanceof DirectoryLockedError) {
      throw new RestoreError(`FleetPilot is running on ${dataDir}. Stop it before restoring.`);
    }
    throw err;
  }
}

/** Moves every entry of `from` into `to` (same file system: renames). */
async function moveEntries(from: string, to: string): Promise<void> {
  await fs.mkdir(to, { recursive: true });
  for (const name of await fs.readdir(from)) await fs.rename(path.join(from, name), path.join(to, name));
}

/**
 * Restores a backup archive into DATA_DIR (and, for a PostgreSQL archive, into DATABASE_URL's database).
 * Refuses a DATA_DIR or database that holds data unless `force`. Unpacks into a folder inside DATA_DIR,
 * checks every file's SHA-256 and every table's row count against the manifest and migrates an older
 * schema forward — all before it touches what is there; only then moves the result into place.
 */
export async function restoreBackup(opts: RestoreOptions): Promise<RestoreSummary> {
  const log = opts.log ?? (() => undefined);
  const journal = readJournal(opts.migrationsFolder);
  try {
    if (!(await fs.stat(opts.archive)).isFile()) throw new Error('not a file');
  } catch {
    throw new RestoreError(`There is no archive at ${opts.archive}.`);
  }
  // What the archive is decides what may happen, so it is read (and maybe refused) first.
  const head = await readArchiveManifest(opts.archive);
  checkManifest(head, opts, journal);
  log(
    `Archive of FleetPilot ${head.appVersion}, taken ${head.snapshotAt}: ${head.files.length} files, ` +
      `${Object.keys(head.tables).length} tables, schema ${migrationLabel(latestMigration(head))}.`,
  );
  const dbDir = pgliteDir(opts.dataDir);
  const uploadsDir = path.join(opts.dataDir, ARCHIVE_UPLOADS_DIR);
  const occupied: string[] = [];
  if (!opts.databaseUrl && (await hasEntries(dbDir, (n) => n === PGLITE_LOCK_FILE)))
    occupied.push(`${dbDir} holds a database`);
  if (opts.databaseUrl && (await postgresHasTables(opts.databaseUrl)))
    occupied.push('the PostgreSQL database holds tables');
  if ((await listFiles(uploadsDir)).length > 0) occupied.push(`${uploadsDir} holds files`);
  if (occupied.length > 0 && !opts.force) {
    throw new RestoreError(
      `Not restoring: ${occupied.join(' and ')}. Restore into an empty DATA_DIR (and database), or add --force ` +
        'to replace what is there.',
    );
  }

  const release = opts.databaseUrl ? async () => undefined : await lockDataDir(dbDir, opts.dataDir);
  const staging = await fs.mkdtemp(path.join(opts.dataDir, '.restore-'));
  try {
    log(`Unpacking ${opts.archive} and checking every file's SHA-256…`);
    const manifest = await extractArchive({
      archive: opts.archive,
      dest: staging,
      onManifest: (m) => {
        // The archive file could have been swapped since its head was read.
        if (JSON.stringify(m) !== JSON.stringify(head))
          throw new ArchiveError('The archive changed while it was read.');
      },
    });
    const migrated =
      manifest.database.engine === 'pglite'
        ? await restorePglite(staging, manifest, opts, log)
        : await restorePostgres(staging, manifest, opts, log);

    if (opts.force && manifest.database.engine === 'pglite') {
      for (const name of await fs.readdir(dbDir)) {
        if (name !== PGLITE_LOCK_FILE) await fs.rm(path.join(dbDir, name), { recursive: true, force: true });
      }
    }
    if (opts.force) await fs.rm(uploadsDir, { recursive: true, force: true });
    if (manifest.database.engine === 'pglite')
      await moveEntries(path.join(staging, ARCHIVE_DATABASE_DIR), dbDir);
    const stagedUploads = path.join(staging, ARCHIVE_UPLOADS_DIR);
    if (await hasEntries(stagedUploads)) await moveEntries(stagedUploads, uploadsDir);
    else await fs.mkdir(uploadsDir, { recursive: true });

    const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
    return {
      manifest,
      files: manifest.files.length,
      tables: Object.keys(manifest.tables).length,
      rows,
      migrated,
    };
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
    await release();
  }
}
