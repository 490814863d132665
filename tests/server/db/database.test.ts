import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer, stopServer, type ServerProcess } from '../support/server-process';

const started: ServerProcess[] = [];
const start = (env: Record<string, string>) => {
  const server = startServer(env);
  started.push(server);
  return server;
};
afterEach(() => {
  for (const server of started.splice(0)) stopServer(server);
});

async function signIn(port: number, username: string, password: string) {
  return fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
}

describe('embedded database (PGlite) under DATA_DIR', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetpilot-lock-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('prints a generated admin password on first start that signs in over HTTP', async () => {
    const first = start({ DATA_DIR: dataDir });
    // The first start of a fresh embedded database (initdb) takes long on a busy machine.
    const port = await first.running(120_000);
    const password = /password: ([A-Za-z0-9_-]+)/.exec(first.output())?.[1];
    expect(password).toBeTruthy();
    const res = await signIn(port, 'admin', password!);
    expect(res.status).toBe(200);
    expect((await res.json()).user.role).toBe('admin');
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' });

    // A second process on the same directory stops with a clear message and leaves the first alone.
    const second = start({ DATA_DIR: dataDir });
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toContain('is already in use by another FleetPilot process');
    expect(second.output()).toContain(path.join(dataDir, 'db'));
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

    // SIGTERM: the first finishes, exits 0 and releases the lock.
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('SIGTERM received');
    expect(fs.existsSync(path.join(dataDir, 'db', '.fleetpilot.lock'))).toBe(false);

    // A third start opens the same data: the admin and its password are still there, not re-created.
    const third = start({ DATA_DIR: dataDir });
    const thirdPort = await third.running();
    expect(third.output()).not.toContain('First start');
    expect((await signIn(thirdPort, 'admin', password!)).status).toBe(200);
    third.child.kill('SIGINT');
    expect(await third.exited).toBe(0);

    // kill -9 leaves the lock behind, but it names a dead owner: the next start takes over at once.
    const fourth = start({ DATA_DIR: dataDir });
    await fourth.running();
    fourth.child.kill('SIGKILL');
    await fourth.exited;
    expect(fs.existsSync(path.join(dataDir, 'db', '.fleetpilot.lock'))).toBe(true);
    const fifth = start({ DATA_DIR: dataDir });
    const fifthPort = await fifth.running();
    expect(fifth.output()).not.toContain('already in use');
    expect((await signIn(fifthPort, 'admin', password!)).status).toBe(200);
    fifth.child.kill('SIGTERM');
    expect(await fifth.exited).toBe(0);
  }, 400_000);
});

const postgresUrl = process.env.DATABASE_URL;

// Registered only for the PostgreSQL run of the suite (DATABASE_URL set), like the rest of the suite.
if (postgresUrl)
  describe('PostgreSQL from DATABASE_URL', () => {
    const name = `fp_test_main_${Date.now()}_${randomBytes(4).toString('hex')}`;
    let url: string;
    let dataDir: string;

    async function admin(sql: string) {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    }

    beforeAll(async () => {
      await admin(`CREATE DATABASE ${name}`);
      const u = new URL(postgresUrl!);
      u.pathname = `/${name}`;
      url = u.toString();
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetpilot-pg-'));
    });
    afterAll(async () => {
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('runs the same app on PostgreSQL, several instances at once, and closes the pool on SIGTERM', async () => {
      const env = { DATABASE_URL: url, DATA_DIR: dataDir, ADMIN_PASSWORD: 'Admin#Start2026' };
      const one = start(env);
      const two = start(env);
      const [portOne, portTwo] = await Promise.all([one.running(), two.running()]);
      expect((await signIn(portOne, 'admin', 'Admin#Start2026')).status).toBe(200);
      expect((await signIn(portTwo, 'admin', 'Admin#Start2026')).status).toBe(200);
      expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(false);
      one.child.kill('SIGTERM');
      two.child.kill('SIGTERM');
      expect(await one.exited).toBe(0);
      expect(await two.exited).toBe(0);
    }, 120_000);
  });
