import fs from 'node:fs/promises';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Database } from '../../db/client';
import { isPartialUpload } from '../storage';
import { linkFiles, listFiles } from './files';
import { ARCHIVE_DATABASE_DIR, ARCHIVE_UPLOADS_DIR, PG_DUMP_FILE } from './manifest';
import type { Snapshot } from './pglite-snapshot';
import { assertToolFits, findPgTool, libpqConnection, PgToolError, run } from './pg-tools';
import { appliedMigrations } from './schema-version';
import { countTables } from './table-counts';

/**
 * Arbitrary constant: held exclusively by a PostgreSQL backup from before its snapshot until the
 * uploads are linked, and shared by every upload removal (storage `guardRemoval`).
 */
export const UPLOAD_REMOVAL_LOCK_ID = 724_311_951;

/** The server's major version ("15" from 150020). */
export async function serverMajor(client: pg.ClientBase): Promise<{ major: number; version: string }> {
  const { rows } = await client.query<{ num: string; version: string }>(
    `select current_setting('server_version_num') as num, current_setting('server_version') as version`,
  );
  return { major: Math.floor(Number(rows[0]?.num ?? 0) / 10_000), version: rows[0]?.version ?? '' };
}

/**
 * The PostgreSQL database and the uploads at one instant, into `staging`: a REPEATABLE READ
 * transaction exports its snapshot, the counts are read in it, and pg_dump dumps exactly that snapshot
 * (--snapshot), while other instances keep writing. The uploads are hard-linked right after the
 * snapshot; removals wait for that (they take UPLOAD_REMOVAL_LOCK_ID shared), so a file whose row is
 * in the snapshot cannot vanish before it is linked. New files are written before their rows, so a row
 * in the snapshot has its file on disk.
 */
export async function snapshotPostgres(opts: {
  /** A dedicated connection (it holds the snapshot's transaction until pg_dump has read it). */
  client: pg.Client;
  databaseUrl: string;
  pgBinDir: string | undefined;
  uploadsDir: string;
  staging: string;
  onDumpStarted?: () => void;
}): Promise<Snapshot & { tool: string; serverVersion: string }> {
  const { client } = opts;
  const server = await serverMajor(client);
  const pgDump = await findPgTool('pg_dump', opts.pgBinDir);
  assertToolFits(pgDump, server.major);
  const executor = drizzle({ client }) as unknown as Database;

  await client.query('select pg_advisory_lock($1::bigint)', [UPLOAD_REMOVAL_LOCK_ID]);
  let snapshot: Snapshot;
  let snapshotId: string;
  try {
    const snapshotAt = new Date();
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    snapshotId = rows[0]!.id;
    const tables = await countTables(executor);
    const migrations = await appliedMigrations(executor);
    const uploads = await listFiles(opts.uploadsDir, isPartialUpload);
    await linkFiles(uploads, path.join(opts.staging, ARCHIVE_UPLOADS_DIR));
    snapshot = { snapshotAt, tables, migrations };
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await client
      .query('select pg_advisory_unlock($1::bigint)', [UPLOAD_REMOVAL_LOCK_ID])
      .catch(() => undefined);
  }

  try {
    const dir = path.join(opts.staging, ARCHIVE_DATABASE_DIR);
    await fs.mkdir(dir, { recursive: true });
    const { dbname, env } = libpqConnection(opts.databaseUrl);
    opts.onDumpStarted?.();
    const result = await run(
      pgDump.path,
      [
        '--format=custom',
        `--snapshot=${snapshotId}`,
        `--file=${path.join(dir, PG_DUMP_FILE)}`,
        `--dbname=${dbname}`,
      ],
      env,
    );
    if (result.code !== 0) {
      throw new PgToolError(`pg_dump failed (exit ${result.code}): ${result.stderr.trim() || 'no message'}`);
    }
  } finally {
    await client.query('commit').catch(() => undefined);
  }
  return { ...snapshot, tool: pgDump.version, serverVersion: server.version };
}
