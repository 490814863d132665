import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, pgliteDir, type DatabaseHandle } from '@/server/db/client';
import { ArchiveError, extractArchive } from '@/server/services/backup/archive-reader';
import { hashStaging, writeArchive } from '@/server/services/backup/archive-writer';
import { listFiles } from '@/server/services/backup/files';
import { isPartialUpload } from '@/server/services/storage';
import { createBackup, withBackupLock, type BackupTarget } from '@/server/services/backup/create-backup';
import { RestoreError, restoreBackup, type RestoreOptions } from '@/server/services/backup/restore';
import { appliedMigrations } from '@/server/services/backup/schema-version';
import { readManifest, scratchDatabase, tempDir } from '../../support/backup-fixtures';
import { historyUpTo, historyWithFutureMigration, migrationHistory } from '../../db/upgrade/history';

/*
 * What a restore accepts and refuses, on the engine of the run (PGlite, or PostgreSQL with
 * DATABASE_URL): an archive of an older FleetPilot restores and migrates forward; a non-empty DATA_DIR
 * is refused unless forced; a newer schema, a changed or added file, a path outside the layout and a
 * file that is not an archive are refused before anything is put in place.
 */

const postgresUrl = process.env.DATABASE_URL;
const history = migrationHistory();
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function dir(label: string): string {
  const d = tempDir(label);
  cleanups.push(() => fs.rmSync(d, { recursive: true, force: true }));
  return d;
}

async function database(label: string): Promise<string | undefined> {
  if (!postgresUrl) return undefined;
  const db = await scratchDatabase(postgresUrl, label);
  cleanups.push(() => db.drop());
  return db.url;
}

/** A FleetPilot installation whose database stands at the end of `migrationsFolder`, with one upload. */
async function installation(label: string, migrationsFolder: string) {
  const dataDir = dir(label);
  const url = await database(label);
  const handle: DatabaseHandle = url
    ? await openPostgres(url, { migrationsFolder })
    : await openPglite(pgliteDir(dataDir), { migrationsFolder });
  await handle.db.execute(
    sql`insert into server_secrets (key, value) values ('kept', 'a value from the old installation')`,
  );
  fs.mkdirSync(path.join(dataDir, 'uploads', 'excavators', '2026-01'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'uploads', 'excavators', '2026-01', 'photo.png'), 'not really a png');
  const target: BackupTarget = url
    ? { kind: 'postgres', databaseUrl: url, pgBinDir: undefined }
    : { kind: 'pglite', db: handle.db, pgliteDir: handle.dataDir! };
  return { dataDir, url, handle, target };
}

async function backUp(source: Awaited<ReturnType<typeof installation>>, outDir: string): Promise<string> {
  const result = await withBackupLock(source.target, (s) =>
    createBackup({
      source: s,
      dataDir: source.dataDir,
      outDir,
      timeZone: 'Europe/Berlin',
      appVersion: '1.9.0',
    }),
  );
  if (!result.locked) throw new Error('backup lock not taken');
  return result.value.path;
}

async function restoreInto(archive: string, extra: Partial<RestoreOptions> = {}) {
  const dataDir = extra.dataDir ?? dir('restore');
  const databaseUrl = 'databaseUrl' in extra ? extra.databaseUrl : await database('restore');
  return {
    dataDir,
    databaseUrl,
    run: () => restoreBackup({ archive, appVersion: '2.0.0', ...extra, dataDir, databaseUrl }),
  };
}

/** Unpacks an archive with the system's tar, lets `change` alter the tree, packs it again. */
function repack(archive: string, change: (tree: string) => void, extraArgs: string[] = []): string {
  // In a folder of its own: a change may put a file beside the tree (an entry with ../).
  const tree = path.join(dir('repack'), 'tree');
  fs.mkdirSync(tree);
  execFileSync('tar', ['-xzf', archive, '-C', tree]);
  change(tree);
  const out = path.join(dir('repacked'), 'fleetpilot-2026-01-01-000000.tar.gz');
  const entries = fs
    .readdirSync(tree)
    .sort((a, b) => (a === 'manifest.json' ? -1 : b === 'manifest.json' ? 1 : 0));
  execFileSync('tar', ['-czf', out, '-C', tree, ...entries, ...extraArgs]);
  return out;
}

/** A small archive of a few uploads only: what the reader's checks need, quick to unpack and repack. */
async function smallArchive(): Promise<string> {
  const staging = dir('small');
  fs.mkdirSync(path.join(staging, 'uploads', 'excavators', '2026-01'), { recursive: true });
  fs.writeFileSync(path.join(staging, 'uploads', 'excavators', '2026-01', 'photo.png'), 'not really a png');
  fs.writeFileSync(path.join(staging, 'uploads', 'excavators', '2026-01', 'other.png'), 'another one');
  const target = path.join(dir('small-out'), 'fleetpilot-2026-01-01-000000.tar.gz');
  await writeArchive({
    staging,
    target,
    manifest: {
      snapshotAt: new Date().toISOString(),
      appVersion: '2.0.0',
      database: { engine: 'pglite', method: 'data-directory', postgresMajor: '17' },
      schema: { version: 'none', migrations: [] },
      tables: {},
      files: await hashStaging(staging),
    },
  });
  return target;
}

/** Unpacks with FleetPilot's reader into a fresh folder. */
async function extract(archive: string): Promise<{ dest: string; result: Promise<unknown> }> {
  const dest = path.join(dir('extract'), 'dest');
  fs.mkdirSync(dest);
  return { dest, result: extractArchive({ archive, dest }) };
}

describe('reading archives', () => {
  let small: string;
  beforeAll(async () => {
    small = await smallArchive();
  });

  it('leaves out uploads still being written (they appear under their name only when complete)', async () => {
    const uploads = dir('uploads');
    fs.mkdirSync(path.join(uploads, 'excavators', '2026-01'), { recursive: true });
    fs.writeFileSync(path.join(uploads, 'excavators', '2026-01', 'done.png'), 'complete');
    fs.writeFileSync(path.join(uploads, 'excavators', '2026-01', '.next.png.partial-1a2b3c4d'), 'half');
    const files = await listFiles(uploads, isPartialUpload);
    expect(files.map((f) => f.rel)).toEqual(['excavators/2026-01/done.png']);
  });

  it('unpacks an intact archive with every file checked', async () => {
    const { dest, result } = await extract(small);
    await expect(result).resolves.toMatchObject({ format: 'fleetpilot-backup' });
    expect(fs.readFileSync(path.join(dest, 'uploads', 'excavators', '2026-01', 'other.png'), 'utf8')).toBe(
      'another one',
    );
  });

  it('refuses an archive whose file was changed (one byte) or that holds a file the manifest does not list', async () => {
    const changed = repack(small, (tree) => {
      const file = path.join(tree, 'uploads', 'excavators', '2026-01', 'photo.png');
      const bytes = fs.readFileSync(file);
      bytes[0]! ^= 0x01;
      fs.writeFileSync(file, bytes);
    });
    await expect((await extract(changed)).result).rejects.toThrow(
      /does not match its manifest: uploads\/excavators\/2026-01\/photo.png does not match its SHA-256/,
    );
    const added = repack(small, (tree) => fs.writeFileSync(path.join(tree, 'uploads', 'planted.png'), 'x'));
    await expect((await extract(added)).result).rejects.toThrow(
      /uploads\/planted.png is not in the manifest/,
    );
    const removed = repack(small, (tree) =>
      fs.rmSync(path.join(tree, 'uploads', 'excavators', '2026-01', 'other.png')),
    );
    await expect((await extract(removed)).result).rejects.toThrow(/other.png is missing/);
  });

  it('refuses entries outside the layout, links, archives without a manifest first, and files that are not archives', async () => {
    // GNU tar keeps a leading ../ with -P (--absolute-names).
    const outside = repack(small, (tree) => fs.writeFileSync(path.join(tree, '..', 'escape.txt'), 'x'), [
      '-P',
      '../escape.txt',
    ]);
    const a = await extract(outside);
    await expect(a.result).rejects.toThrow(/an entry outside its layout: "\.\.\/escape\.txt"/);
    expect(fs.existsSync(path.join(a.dest, '..', 'escape.txt'))).toBe(false);

    const link = repack(small, (tree) => fs.symlinkSync('/etc/passwd', path.join(tree, 'uploads', 'passwd')));
    await expect((await extract(link)).result).rejects.toThrow(/holds a SymbolicLink entry/);

    const noManifest = repack(small, (tree) => fs.rmSync(path.join(tree, 'manifest.json')));
    await expect((await extract(noManifest)).result).rejects.toThrow(/not a FleetPilot backup/);

    const notAnArchive = path.join(dir('junk'), 'fleetpilot-2026-01-01-000000.tar.gz');
    fs.writeFileSync(notAnArchive, 'PK\u0003\u0004 this is a zip file, not a backup');
    await expect((await extract(notAnArchive)).result).rejects.toThrow(
      /The archive is damaged or incomplete/,
    );

    const cut = path.join(dir('cut'), 'fleetpilot-2026-01-01-000000.tar.gz');
    fs.writeFileSync(cut, fs.readFileSync(small).subarray(0, 200));
    await expect((await extract(cut)).result).rejects.toThrow(ArchiveError);

    const d = await restoreInto(path.join(dir('nothing'), 'missing.tar.gz'), { databaseUrl: undefined });
    await expect(d.run()).rejects.toThrow(/There is no archive at/);
  });
});

describe(`restoring archives (${postgresUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  let older: string;
  const olderCount = Math.max(1, history.length - 1);

  beforeAll(async () => {
    const source = await installation('older', historyUpTo(olderCount));
    try {
      older = await backUp(source, dir('older-out'));
    } finally {
      await source.handle.close();
    }
  }, 120_000);

  it('restores an archive of an older version, checks it and migrates it forward', async () => {
    const manifest = readManifest(older);
    expect(manifest.schema.migrations).toHaveLength(olderCount);
    expect(manifest.schema.version).toBe(history[olderCount - 1]!.tag);
    expect(manifest.appVersion).toBe('1.9.0');
    const target = await restoreInto(older);
    const summary = await target.run();
    expect(summary.files).toBe(manifest.files.length);
    expect(summary.migrated.map((m) => m.tag)).toEqual(history.slice(olderCount).map((e) => e.tag));
    expect(
      fs.readFileSync(path.join(target.dataDir, 'uploads', 'excavators', '2026-01', 'photo.png'), 'utf8'),
    ).toBe('not really a png');

    const handle = target.databaseUrl
      ? await openPostgres(target.databaseUrl, { migrate: false })
      : await openPglite(pgliteDir(target.dataDir), { migrate: false });
    try {
      expect(await appliedMigrations(handle.db)).toHaveLength(history.length);
      const kept = await handle.db.execute(sql`select value from server_secrets where key = 'kept'`);
      expect((kept as { rows: unknown[] }).rows).toEqual([{ value: 'a value from the old installation' }]);
    } finally {
      await handle.close();
    }

    // Restoring again over it needs --force, and then replaces it.
    const again = await restoreInto(older, { dataDir: target.dataDir, databaseUrl: target.databaseUrl });
    await expect(again.run()).rejects.toThrow(/Not restoring: .*add --force/);
    fs.writeFileSync(path.join(target.dataDir, 'uploads', 'excavators', '2026-01', 'stray.png'), 'left over');
    const forced = await restoreInto(older, {
      dataDir: target.dataDir,
      databaseUrl: target.databaseUrl,
      force: true,
    });
    await forced.run();
    expect(fs.existsSync(path.join(target.dataDir, 'uploads', 'excavators', '2026-01', 'stray.png'))).toBe(
      false,
    );
  }, 180_000);

  it('refuses an archive from a newer schema with a clear message, changing nothing', async () => {
    const source = await installation(
      'newer',
      historyWithFutureMigration('CREATE TABLE "later_feature" ("id" uuid PRIMARY KEY);'),
    );
    let archive: string;
    try {
      archive = await backUp(source, dir('newer-out'));
    } finally {
      await source.handle.close();
    }
    const target = await restoreInto(archive);
    const err = await target.run().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RestoreError);
    expect((err as Error).message).toMatch(
      /comes from a newer FleetPilot \(1\.9\.0, database schema .+\); this FleetPilot 2\.0\.0 knows the schema up to \d{4}_\w+\. Install FleetPilot 1\.9\.0 or newer to restore it\. Nothing was changed\./,
    );
    expect(fs.existsSync(path.join(target.dataDir, 'uploads'))).toBe(false);
  }, 120_000);

  it('refuses to restore an archive into the other kind of database', async () => {
    const target = await restoreInto(older, {
      databaseUrl: postgresUrl ? undefined : 'postgres://nobody@127.0.0.1:1/none',
    });
    await expect(target.run()).rejects.toThrow(
      postgresUrl
        ? /holds a PostgreSQL dump \(pg_dump\)\. Set DATABASE_URL/
        : /holds an embedded database.*Unset DATABASE_URL/,
    );
  }, 60_000);
});
