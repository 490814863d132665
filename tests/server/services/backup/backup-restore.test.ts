import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildReportPdf } from '@/domain/pdf';
import type { Report } from '@/domain/report';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import { openPglite, openPostgres, pgliteDir, type DatabaseHandle } from '@/server/db/client';
import { encodePng, signaturePng } from '@/server/modules/reports/signature-png';
import { loadPdfFonts } from '@/server/services/pdf';
import { countTables } from '@/server/services/backup/table-counts';
import { hashTree, readManifest, runCli, scratchDatabase, tempDir } from '../../support/backup-fixtures';
import { startServer, stopServer, type ServerProcess } from '../../support/server-process';

/*
 * The whole promise of a backup, end to end and as an operator runs it: a FleetPilot process takes 200
 * writes while `npm run backup` runs, `npm run restore` puts the archive into a fresh DATA_DIR, and the
 * restored app starts with every table and file the manifest lists, the signed report's PDF unchanged,
 * and every write that was acknowledged before the snapshot. On the embedded database the running
 * server makes the backup (through its control socket); with DATABASE_URL the command runs pg_dump.
 */

const ADMIN_PASSWORD = 'backup-admin-password';
const postgresUrl = process.env.DATABASE_URL;
const WRITES = 200;

const started: ServerProcess[] = [];
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const server of started.splice(0)) stopServer(server);
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A small but real PNG, different for every n. */
function png(n: number): Blob {
  const rgba = new Uint8Array(8 * 8 * 4).map((_, i) => (i * 7 + n * 13) % 256);
  return new Blob([new Uint8Array(encodePng(8, 8, rgba))], { type: 'image/png' });
}

class Client {
  constructor(
    readonly base: string,
    private token = '',
  ) {}

  async login(username: string, password: string) {
    const res = await this.call('POST', '/api/auth/login', { username, password });
    this.token = ((await res.json()) as { token: string }).token;
  }

  async call(method: string, url: string, body?: unknown): Promise<Response> {
    const form = body instanceof FormData;
    const res = await fetch(`${this.base}${url}`, {
      method,
      headers: {
        ...(this.token && { 'x-auth-token': this.token }),
        ...(body !== undefined && !form && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res;
  }

  async json<T>(method: string, url: string, body?: unknown): Promise<T> {
    return (await (await this.call(method, url, body)).json()) as T;
  }
}

/** A report signed by the operator and approved with the manager's signature. */
async function signedReport(client: Client): Promise<Report> {
  const machine = await client.json<{ id: string }>('POST', '/api/excavators', {
    name: 'Bagger Süd',
    model: 'Liebherr R 926',
    serialNumber: 'LH-BACKUP-1',
    usageHours: 4200,
  });
  const report = await client.json<Report>('POST', '/api/reports', {
    reportDate: '2026-02-10',
    excavatorId: machine.id,
    operatorName: 'Jörg Bauer',
    description: 'Sichtprüfung vor Schichtbeginn',
    operatingHours: 4200,
    fuelLevel: 70,
    checklist: { exterior: { tracks: { state: 'ok' } } },
    operatorSignature: signaturePng(3),
  });
  await client.json('PUT', `/api/reports/${report.id}/submit`, {});
  return client.json<Report>('PUT', `/api/reports/${report.id}/approve`, {
    signature: signaturePng(8),
    managerName: 'Katrin Vogel',
    // The one admin approves what it wrote itself: four eyes lets an admin do that with a reason.
    overrideReason: 'Backup test with a single account',
  });
}

interface Acknowledged {
  kind: 'excavator' | 'item';
  id: string;
  at: number;
}

/** One write: an excavator with a photo (multipart) or an inventory item (JSON). */
async function write(client: Client, n: number): Promise<Acknowledged> {
  if (n % 4 === 0) {
    const form = new FormData();
    form.set('name', `Bagger ${n}`);
    form.set('model', 'CAT 320');
    form.set('serialNumber', `SN-BACKUP-${n}`);
    form.set('usageHours', String(100 + n));
    form.set('profileImage', png(n), `photo-${n}.png`);
    const body = await client.json<{ id: string }>('POST', '/api/excavators', form);
    return { kind: 'excavator', id: body.id, at: Date.now() };
  }
  const body = await client.json<{ id: string }>('POST', '/api/inventory', {
    name: `Filter ${n}`,
    quantity: n,
    tags: ['backup'],
  });
  return { kind: 'item', id: body.id, at: Date.now() };
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

async function openRestored(dataDir: string, url: string | undefined): Promise<DatabaseHandle> {
  return url ? openPostgres(url, { migrate: false }) : openPglite(pgliteDir(dataDir), { migrate: false });
}

describe(`npm run backup while FleetPilot writes, npm run restore (${postgresUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('restores a consistent snapshot that starts, matches its manifest and keeps every acknowledged write', async () => {
    const dataDir = tempDir('backup-src');
    const backupDir = tempDir('backup-out');
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    cleanups.push(() => fs.rmSync(backupDir, { recursive: true, force: true }));
    const env: Record<string, string> = { DATA_DIR: dataDir, ADMIN_PASSWORD };
    if (postgresUrl) {
      const source = await scratchDatabase(postgresUrl, 'backup_src');
      cleanups.push(() => source.drop());
      env.DATABASE_URL = source.url;
    }

    const server = startServer(env);
    started.push(server);
    // A fresh embedded database is created at the first start: slow on a busy machine.
    const port = await server.running(150_000);
    const client = new Client(`http://127.0.0.1:${port}`);
    await client.login('admin', ADMIN_PASSWORD);
    const report = await signedReport(client);
    expect(report.status).toBe('approved');

    // 200 writes in waves of 20 while the backup runs.
    const acknowledged: Acknowledged[] = [];
    const writes = (async () => {
      for (let wave = 0; wave < WRITES / 20; wave += 1) {
        const batch = Array.from({ length: 20 }, (_, i) => write(client, wave * 20 + i));
        acknowledged.push(...(await Promise.all(batch)));
      }
    })();
    const backup = await runCli('backup', ['--out', backupDir], env);
    await writes;
    expect(backup.code, backup.stderr + backup.stdout).toBe(0);
    expect(acknowledged).toHaveLength(WRITES);
    const archive = /Backup written: (\S+\.tar\.gz)/.exec(backup.stdout)?.[1];
    expect(archive, backup.stdout).toBeTruthy();
    expect(backup.stdout).toContain(postgresUrl ? 'dumped with pg_dump' : 'copied by the running FleetPilot');
    const manifest = readManifest(archive!);
    expect(manifest.database.engine).toBe(postgresUrl ? 'postgres' : 'pglite');
    stopServer(server);

    // A fresh DATA_DIR (and database) receives it.
    const target = tempDir('backup-dst');
    cleanups.push(() => fs.rmSync(target, { recursive: true, force: true }));
    const restoreEnv: Record<string, string> = { DATA_DIR: target };
    if (postgresUrl) {
      const restored = await scratchDatabase(postgresUrl, 'backup_dst');
      cleanups.push(() => restored.drop());
      restoreEnv.DATABASE_URL = restored.url;
    }
    const restore = await runCli('restore', [archive!], restoreEnv);
    expect(restore.code, restore.stderr + restore.stdout).toBe(0);
    expect(restore.stdout).toContain('Done.');

    // Every uploaded file is there with the manifest's SHA-256, and no other.
    const listedUploads = new Map(
      manifest.files.filter((f) => f.path.startsWith('uploads/')).map((f) => [f.path, f.sha256]),
    );
    expect(hashTree(path.join(target, 'uploads'), 'uploads')).toEqual(listedUploads);

    // Every table has the manifest's row count; every acknowledged write from before the snapshot is
    // there; every machine in it has its photo (no write is in by half).
    const snapshotAt = Date.parse(manifest.snapshotAt);
    const handle = await openRestored(target, restoreEnv.DATABASE_URL);
    try {
      expect(await countTables(handle.db)).toEqual(manifest.tables);
      const items = new Set(
        rowsOf<{ id: string }>(await handle.db.execute(sql`select id from inventory_items`)).map((r) => r.id),
      );
      const machines = rowsOf<{ id: string; profile_image: string | null }>(
        await handle.db.execute(sql`select id, profile_image from excavators`),
      );
      const machineIds = new Set(machines.map((m) => m.id));
      const before = acknowledged.filter((a) => a.at < snapshotAt);
      for (const a of before) {
        expect(a.kind === 'item' ? items.has(a.id) : machineIds.has(a.id), `${a.kind} ${a.id}`).toBe(true);
      }
      for (const m of machines.filter((m) => m.profile_image)) {
        expect(listedUploads.has(`uploads/${m.profile_image}`), `photo of ${m.id}`).toBe(true);
      }
      console.info(
        `backup test: ${before.length} of ${WRITES} writes acknowledged before the snapshot; ` +
          `${items.size + machines.length - 1} write rows in the archive`,
      );
    } finally {
      await handle.close();
    }

    // The restored app starts and prints the signed report exactly as the original did.
    const config = loadConfig({ ...restoreEnv, LOG_LEVEL: 'silent' });
    const app = await buildApp(config, {
      logger: false,
      notificationChannels: { background: false },
      backups: { controlSocket: false, scheduleTimer: false },
    });
    try {
      await app.ready();
      expect((await app.inject({ url: '/api/health' })).json()).toMatchObject({ status: 'ok' });
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'admin', password: ADMIN_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      const token = (login.json() as { token: string }).token;
      const restored = (
        await app.inject({ url: `/api/reports/${report.id}`, headers: { 'x-auth-token': token } })
      ).json() as Report;
      const pdf = async (r: Report) =>
        Buffer.from(
          buildReportPdf(r, {
            fonts: await loadPdfFonts(),
            language: 'de',
            appName: 'FleetPilot',
            generatedAt: new Date('2026-02-11T07:00:00Z'),
          }),
        );
      expect((await pdf(restored)).equals(await pdf(report))).toBe(true);
      const served = await app.inject({
        url: `/api/reports/${report.id}/pdf`,
        headers: { 'x-auth-token': token },
      });
      expect(served.statusCode).toBe(200);
    } finally {
      await app.close();
    }

    // One byte changed anywhere makes the archive unusable, and nothing is restored from it.
    const damaged = path.join(backupDir, 'damaged.tar.gz');
    const bytes = fs.readFileSync(archive!);
    bytes[Math.floor(bytes.length / 2)]! ^= 0x20;
    fs.writeFileSync(damaged, bytes);
    const elsewhere = tempDir('backup-damaged');
    cleanups.push(() => fs.rmSync(elsewhere, { recursive: true, force: true }));
    const refusedEnv: Record<string, string> = { DATA_DIR: elsewhere };
    if (postgresUrl) {
      const spare = await scratchDatabase(postgresUrl, 'backup_bad');
      cleanups.push(() => spare.drop());
      refusedEnv.DATABASE_URL = spare.url;
    }
    const refused = await runCli('restore', [damaged], refusedEnv);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/Restore refused: The archive (is damaged|does not match its manifest)/);
    expect(hashTree(path.join(elsewhere, 'uploads'), 'uploads').size).toBe(0);
    const dbDir = pgliteDir(elsewhere);
    expect(fs.existsSync(dbDir) ? fs.readdirSync(dbDir) : []).toEqual([]);
  }, 480_000);
});
