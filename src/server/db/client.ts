import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { pgliteChangeFeed, postgresChangeFeed, WriteTracker, type ChangeFeed } from './changes';
import { DirectoryLockedError, lockDirectory, PGLITE_LOCK_FILE } from './dir-lock';
import * as schema from './schema';

export { PGLITE_LOCK_FILE };

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: data functions accept either. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export interface DatabaseHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  /** The embedded database's directory on disk (PGlite); undefined in memory and on PostgreSQL. */
  dataDir?: string;
  /** Applies the migrations of `migrationsFolder` (default: this build's) that the database lacks. */
  migrate(migrationsFolder?: string): Promise<void>;
  /** Starts receiving the database's change notifications (in-memory caches of every instance). */
  watchChanges(onError: (err: Error) => void): Promise<ChangeFeed>;
  close(): Promise<void>;
}

/** The migration history every database is brought to: SQL files plus drizzle's journal in meta/. */
export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions {
  /** Apply pending migrations (default). Backups and restores read a database as it is first. */
  migrate?: boolean;
  /** Another migration history (tests build databases at earlier points of the real one). */
  migrationsFolder?: string;
  /**
   * In-memory PGlite only: start from this dump of a data directory instead of an empty cluster. Creating
   * a cluster costs seconds of CPU; tests load one they migrated once.
   */
  loadDataDir?: Blob;
}

/** Arbitrary constant: serialises migrations when several instances start at once. */
const MIGRATION_LOCK_ID = 724_311_001;

export class DatabaseLockedError extends Error {
  constructor(dir: string) {
    super(
      `The embedded database in ${dir} is already in use by another FleetPilot process. ` +
        'Stop that process, or start this one with another DATA_DIR (or a DATABASE_URL).',
    );
    this.name = 'DatabaseLockedError';
  }
}

export async function openPostgres(url: string, options: OpenOptions = {}): Promise<DatabaseHandle> {
  const { migrate = true, migrationsFolder = MIGRATIONS_FOLDER } = options;
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection dropped by the server (restart, failover) must not crash the process: the pool
  // replaces it on the next query.
  pool.on('error', (err) => console.error(`PostgreSQL connection error: ${err.message}`));
  const writes = new WriteTracker();
  pool.on('connect', (client) => writes.track(client));
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  const handle: DatabaseHandle = {
    db,
    kind: 'postgres',
    async migrate(folder = MIGRATIONS_FOLDER) {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder: folder });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
        client.release();
      }
    },
    watchChanges: (onError) => postgresChangeFeed(url, writes, onError),
    close: () => pool.end(),
  };
  if (migrate) {
    try {
      await handle.migrate(migrationsFolder);
    } catch (err) {
      await pool.end().catch(() => undefined);
      throw err;
    }
  }
  return handle;
}

/** Embedded PostgreSQL (PGlite). `dir` undefined means in memory (tests). */
export async function openPglite(
  dir: string | undefined,
  options: OpenOptions = {},
): Promise<DatabaseHandle> {
  const { migrate = true, migrationsFolder = MIGRATIONS_FOLDER, loadDataDir } = options;
  let release: (() => Promise<void>) | undefined;
  if (dir) {
    fs.mkdirSync(dir, { recursive: true });
    try {
      release = await lockDirectory(dir);
    } catch (err) {
      if (err instanceof DirectoryLockedError) throw new DatabaseLockedError(dir);
      throw err;
    }
  }
  let client: PGlite;
  try {
    client = dir ? new PGlite(dir) : new PGlite(loadDataDir ? { loadDataDir } : undefined);
    await client.waitReady;
  } catch (err) {
    await release?.();
    throw err;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  const handle: DatabaseHandle = {
    db,
    kind: 'pglite',
    ...(dir && { dataDir: path.resolve(dir) }),
    migrate: (folder = MIGRATIONS_FOLDER) =>
      migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: folder }),
    watchChanges: () => pgliteChangeFeed(client),
    close: async () => {
      await client.close();
      await release?.();
    },
  };
  if (migrate) {
    try {
      await handle.migrate(migrationsFolder);
    } catch (err) {
      await handle.close().catch(() => undefined);
      throw err;
    }
  }
  return handle;
}

/** The embedded database's directory inside DATA_DIR. */
export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, 'db');
}

export async function openDatabase(
  opts: { databaseUrl?: string; dataDir?: string },
  options: OpenOptions = {},
): Promise<DatabaseHandle> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, options);
  return openPglite(opts.dataDir ? pgliteDir(opts.dataDir) : undefined, options);
}

export async function pingDatabase(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
