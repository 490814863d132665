import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupNeedsAttention, type BackupStatus } from '@/domain/backup';
import { buildApp } from '@/server/app';
import { openPglite, openPostgres, pgliteDir, type DatabaseHandle } from '@/server/db/client';
import { auditLog, notifications, users } from '@/server/db/schema';
import { ADMIN_PASSWORD, createUser, login, testConfig, type TestApp } from '../../support/helpers';
import { readManifest, scratchDatabase, tempDir } from '../../support/backup-fixtures';

/*
 * Settings → Backups through the API, and the daily schedule, on the run's engine (PGlite on disk, or
 * PostgreSQL with DATABASE_URL, where pg_dump makes the dump).
 */

const postgresUrl = process.env.DATABASE_URL;
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The site clock the schedule reads; the tests move it. */
let clock = new Date('2026-03-10T12:00:00Z');

async function backupApp(overrides: { backupDir?: string; backupKeep?: number; pgBinDir?: string } = {}) {
  const dataDir = tempDir('backups-api');
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  let database: DatabaseHandle;
  let databaseUrl: string | undefined;
  if (postgresUrl) {
    const scratch = await scratchDatabase(postgresUrl, 'backups_api');
    cleanups.push(() => scratch.drop());
    databaseUrl = scratch.url;
    database = await openPostgres(scratch.url);
  } else database = await openPglite(pgliteDir(dataDir));
  const config = testConfig({ dataDir, databaseUrl, ...overrides });
  const app = await buildApp(config, {
    database,
    logger: false,
    notificationChannels: { background: false },
    backups: { now: () => clock, scheduleTimer: false, controlSocket: false },
  });
  await app.ready();
  const t: TestApp = {
    app,
    db: database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
  cleanups.push(() => t.close());
  return t;
}

const auth = (token: string) => ({ 'x-auth-token': token });

async function status(t: TestApp, token: string): Promise<BackupStatus> {
  const res = await t.app.inject({ url: '/api/backups', headers: auth(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Starts a backup through the API and waits until the runner is done. */
async function backupNow(t: TestApp, token: string): Promise<BackupStatus> {
  const res = await t.app.inject({ method: 'POST', url: '/api/backups', headers: auth(token) });
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json()).toMatchObject({ running: { trigger: 'manual', phase: 'snapshot' } });
  await t.app.backups.runner.idle();
  return status(t, token);
}

describe(`backups API (${postgresUrl ? 'PostgreSQL, pg_dump' : 'PGlite'})`, () => {
  let t: TestApp;
  let admin: string;
  let adminId: string;
  let manager: string;
  let backupDir: string;

  beforeAll(async () => {
    backupDir = tempDir('backups-dir');
    cleanups.push(() => fs.rmSync(backupDir, { recursive: true, force: true }));
    t = await backupApp({ backupDir, backupKeep: 2 });
    admin = await login(t.app, 'admin', ADMIN_PASSWORD);
    const [row] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
    adminId = row!.id;
    manager = (await createUser(t, { username: 'backup-manager', role: 'manager' })).token;
  }, 120_000);

  it('is for admins only', async () => {
    for (const [method, url] of [
      ['GET', '/api/backups'],
      ['POST', '/api/backups'],
      ['POST', '/api/backups/fleetpilot-2026-03-10-130000.tar.gz/download'],
    ] as const) {
      expect((await t.app.inject({ method, url, headers: auth(manager) })).statusCode).toBe(403);
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });

  it('tells how backups are made and where they go', async () => {
    const s = await status(t, admin);
    expect(s).toMatchObject({
      engine: postgresUrl ? 'postgres' : 'pglite',
      method: postgresUrl ? 'pg_dump' : 'data-directory',
      available: true,
      problem: null,
      directory: backupDir,
      schedule: { enabled: true, at: '02:00', keep: 2, timeZone: 'Europe/Berlin' },
      running: null,
      lastRun: null,
      archives: [],
    });
    if (postgresUrl) expect(s.tool).toMatch(/^pg_dump \(PostgreSQL\) \d+/);
  });

  it('makes one now, lists it with size and date, refuses a second at the same time, and audits it', async () => {
    const first = await t.app.inject({ method: 'POST', url: '/api/backups', headers: auth(admin) });
    expect(first.statusCode).toBe(202);
    const second = await t.app.inject({ method: 'POST', url: '/api/backups', headers: auth(admin) });
    expect(second.statusCode).toBe(409);
    expect((await status(t, admin)).running).toMatchObject({ trigger: 'manual' });
    await t.app.backups.runner.idle();

    const s = await status(t, admin);
    expect(s.running).toBeNull();
    expect(s.archives).toHaveLength(1);
    const [archive] = s.archives;
    expect(archive!.size).toBe(fs.statSync(path.join(backupDir, archive!.name)).size);
    expect(s.lastRun).toMatchObject({ ok: true, trigger: 'manual', archive: archive!.name, error: null });
    expect(readManifest(path.join(backupDir, archive!.name)).tables.users).toBe(2);
    const audit = await t.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'backup.create'), eq(auditLog.entityId, archive!.name)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId: adminId, entity: 'backup' });
  }, 120_000);

  it('downloads an archive through a short-lived link, audited; a forged or stale link is refused', async () => {
    const [archive] = (await status(t, admin)).archives;
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/backups/${archive!.name}/download`,
      headers: auth(admin),
    });
    expect(link.statusCode).toBe(200);
    const { url } = link.json() as { url: string };
    expect(url).toMatch(/^\/api\/backups\/download\?ticket=/);

    // A plain navigation: no token.
    const download = await t.app.inject({ url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/gzip');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${archive!.name}"`);
    expect(download.rawPayload.equals(fs.readFileSync(path.join(backupDir, archive!.name)))).toBe(true);
    const audit = await t.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'backup.download'), eq(auditLog.entityId, archive!.name)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId: adminId, username: 'admin' });

    const [header, payload, signature] = url.split('ticket=')[1]!.split('.');
    const forged = `${header}.${payload}.${signature!.slice(0, -2)}xx`;
    expect((await t.app.inject({ url: `/api/backups/download?ticket=${forged}` })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/backups/download?ticket=nonsense' })).statusCode).toBe(403);

    // Signing out everywhere (token version) voids the links given before.
    await t.db.db.update(users).set({ tokenVersion: 1 }).where(eq(users.id, adminId));
    expect((await t.app.inject({ url })).statusCode).toBe(403);
    await t.db.db.update(users).set({ tokenVersion: 0 }).where(eq(users.id, adminId));

    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/backups/fleetpilot-2020-01-01-000000.tar.gz/download',
      headers: auth(admin),
    });
    expect(missing.statusCode).toBe(404);
    const traversal = await t.app.inject({
      method: 'POST',
      url: `/api/backups/${encodeURIComponent('../db/PG_VERSION')}/download`,
      headers: auth(admin),
    });
    expect(traversal.statusCode).toBe(400);
  });

  it('runs the daily backup once a day at BACKUP_AT site time, keeping BACKUP_KEEP archives', async () => {
    // 01:30 in Berlin on 11 March: the 10 March slot (02:00) is the latest and was never run.
    clock = new Date('2026-03-11T00:30:00Z');
    expect((await status(t, admin)).schedule.nextRunAt).toBe(clock.toISOString());
    await t.app.backups.checkSchedule();
    let s = await status(t, admin);
    expect(s.lastRun).toMatchObject({ ok: true, trigger: 'schedule' });
    expect(s.schedule.nextRunAt).toBe('2026-03-11T01:00:00.000Z');

    // Later that night, nothing more; at 02:00 the next one.
    clock = new Date('2026-03-11T00:59:00Z');
    await t.app.backups.checkSchedule();
    expect((await status(t, admin)).archives.map((a) => a.name)).toEqual(s.archives.map((a) => a.name));
    clock = new Date('2026-03-11T01:00:00Z');
    await t.app.backups.checkSchedule();
    s = await status(t, admin);
    expect(s.lastRun).toMatchObject({ ok: true, trigger: 'schedule' });
    expect(s.archives).toHaveLength(2);
    expect(s.schedule.nextRunAt).toBe('2026-03-12T01:00:00.000Z');

    // Another instance looking at the same moment finds the day done.
    await t.app.backups.checkSchedule();
    expect((await status(t, admin)).archives).toEqual(s.archives);
  }, 120_000);

  it('tells every admin when a backup fails, and the status says so until one succeeds', async () => {
    // The archive folder is gone and a file stands in its place: the backup cannot be written.
    const saved = `${backupDir}.saved`;
    fs.renameSync(backupDir, saved);
    fs.writeFileSync(backupDir, 'not a folder');
    try {
      clock = new Date('2026-03-12T01:05:00Z');
      await expect(t.app.backups.checkSchedule()).rejects.toThrow(
        `The backup folder ${backupDir} cannot be used`,
      );
    } finally {
      fs.rmSync(backupDir);
      fs.renameSync(saved, backupDir);
    }
    const s = await status(t, admin);
    expect(s.lastRun).toMatchObject({ ok: false, trigger: 'schedule', archive: null });
    expect(s.lastRun!.error).toBeTruthy();
    expect(backupNeedsAttention(s)).toBe(true);
    const told = await t.db.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, adminId), eq(notifications.type, 'backup.failed')));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: 'Die Datensicherung ist fehlgeschlagen',
      link: '/settings#backups',
    });
    expect(told[0]!.message).toContain(s.lastRun!.error!.slice(0, 40));

    const again = await backupNow(t, admin);
    expect(again.lastRun).toMatchObject({ ok: true });
    expect(backupNeedsAttention(again)).toBe(false);
  }, 120_000);

  if (postgresUrl) {
    it('says when pg_dump is missing instead of failing later', async () => {
      const empty = tempDir('no-pg-bin');
      cleanups.push(() => fs.rmSync(empty, { recursive: true, force: true }));
      const other = await backupApp({ pgBinDir: empty });
      const token = await login(other.app, 'admin', ADMIN_PASSWORD);
      const s = await status(other, token);
      expect(s.available).toBe(false);
      expect(s.problem).toContain(`pg_dump was not found in PG_BIN_DIR (${empty})`);
      const res = await other.app.inject({ method: 'POST', url: '/api/backups', headers: auth(token) });
      expect(res.statusCode).toBe(503);
    }, 60_000);
  } else {
    it('says there is nothing to back up for a database in memory', async () => {
      const memory = await openPglite(undefined);
      const app = await buildApp(testConfig(), {
        database: memory,
        logger: false,
        backups: { controlSocket: false },
      });
      cleanups.push(async () => {
        await app.close();
        await memory.close();
      });
      await app.ready();
      const token = await login(app, 'admin', ADMIN_PASSWORD);
      const s = (await app.inject({ url: '/api/backups', headers: auth(token) })).json() as BackupStatus;
      expect(s).toMatchObject({ available: false, schedule: { enabled: false, nextRunAt: null } });
      expect(s.problem).toMatch(/in memory/);
      expect(
        (await app.inject({ method: 'POST', url: '/api/backups', headers: auth(token) })).statusCode,
      ).toBe(503);
    }, 60_000);
  }
});
