import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/server/app';
import { MIGRATIONS_FOLDER } from '@/server/db/client';
import { ADMIN_PASSWORD, testConfig } from './support/helpers';
import { excavatorBody } from './support/sync-fixtures';

// Two instances on one PostgreSQL database, each with its own DATA_DIR, as behind a load balancer.
// Needs a PostgreSQL server: runs in the suite's PostgreSQL pass (DATABASE_URL set).
const pgUrl = process.env.DATABASE_URL ?? '';

const journalEntries = (
  JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

describe.skipIf(!pgUrl)('two instances on one PostgreSQL', () => {
  const name = `fp_scale_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const dbUrl = pgUrl ? Object.assign(new URL(pgUrl), { pathname: `/${name}` }).toString() : '';
  const apps: FastifyInstance[] = [];
  const dataDirs: string[] = [];
  const sockets: ClientSocket[] = [];
  let a: string;
  let b: string;
  let token: string;

  const pgAdmin = async (query: string) => {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    try {
      await c.query(query);
    } finally {
      await c.end();
    }
  };
  const dbQuery = async <T extends pg.QueryResultRow>(query: string, values: unknown[] = []) => {
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    try {
      return (await c.query<T>(query, values)).rows;
    } finally {
      await c.end();
    }
  };
  const call = (base: string, method: string, url: string, body?: unknown, headers = {}) =>
    fetch(`${base}${url}`, {
      method,
      headers: {
        'x-auth-token': token,
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });

  beforeAll(async () => {
    await pgAdmin(`CREATE DATABASE ${name}`);
    // Started together on an empty database: both migrate, create the admin and the JWT secret.
    const started = await Promise.all(
      [0, 1].map(async () => {
        const config = testConfig({ databaseUrl: dbUrl });
        dataDirs.push(config.dataDir);
        const app = await buildApp(config, { logger: false });
        await app.listen({ port: 0, host: '127.0.0.1' });
        return app;
      }),
    );
    apps.push(...started);
    [a, b] = started.map((app) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`) as [
      string,
      string,
    ];
    const login = await fetch(`${a}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);
    token = ((await login.json()) as { token: string }).token;
  }, 180_000);

  afterAll(async () => {
    for (const s of sockets.splice(0)) s.disconnect();
    for (const app of apps) await app.close();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    await pgAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('migrates once when both start together, and shares one admin and one JWT secret', async () => {
    const [migrations] = await dbQuery<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    expect(migrations?.n).toBe(journalEntries);
    const [admins] = await dbQuery<{ n: number }>(
      "select count(*)::int as n from users where role = 'admin'",
    );
    expect(admins?.n).toBe(1);
    // A token signed by A is good on B.
    expect((await call(b, 'GET', '/api/auth/me')).status).toBe(200);
  });

  it('pokes a socket on B within a second of a write on A, and B’s pull has the row', async () => {
    const socket = connectClient(b, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      auth: { token },
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const poked = new Promise<number>((resolve) =>
      socket.on('sync', ({ collections }: { collections: string[] }) => {
        if (collections.includes('excavators')) resolve(performance.now());
      }),
    );
    const t0 = performance.now();
    const created = await call(a, 'POST', '/api/excavators', excavatorBody('scale-poke'));
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await poked) - t0).toBeLessThan(1000);

    const pull = await call(b, 'GET', '/api/sync/pull?cursor=0&collections=excavators');
    expect(pull.status).toBe(200);
    const { changes } = (await pull.json()) as { changes: Array<{ id: string }> };
    expect(changes.map((c) => c.id)).toContain(id);
  });

  it('makes one row of the same Idempotency-Key sent to A and B at once', async () => {
    const key = uuidv7();
    const body = excavatorBody('scale-idem');
    const answers = await Promise.all(
      [a, b].map((base) => call(base, 'POST', '/api/excavators', body, { 'idempotency-key': key })),
    );
    const statuses = answers.map((r) => r.status).sort();
    // One runs; the other gets its stored answer, or, while the first still holds the key, 409 to retry.
    expect(statuses[0]).toBe(201);
    expect([201, 409]).toContain(statuses[1]);
    const retry = await call(b, 'POST', '/api/excavators', body, { 'idempotency-key': key });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    const [rows] = await dbQuery<{ n: number }>(
      'select count(*)::int as n from excavators where serial_number = $1',
      ['SN-scale-idem'],
    );
    expect(rows?.n).toBe(1);
  });

  it('drops B’s cached list pages when A writes to the list', async () => {
    const total = async () =>
      ((await (await call(b, 'GET', '/api/excavators?limit=5')).json()) as { total: number }).total;
    // Warm B's page, twice: the second answer comes from memory.
    const before = await total();
    expect(await total()).toBe(before);
    expect((await call(a, 'POST', '/api/excavators', excavatorBody('scale-list'))).status).toBe(201);
    await expect.poll(total, { timeout: 1000, interval: 20 }).toBe(before + 1);
  });

  it('drops B’s cached user and settings when A changes them', async () => {
    // Warm B's caches.
    expect((await call(b, 'GET', '/api/auth/me')).status).toBe(200);
    const before = (await (await call(b, 'GET', '/api/settings')).json()) as { app: { name: string } };
    const renamed = `${before.app.name} scale`;
    expect((await call(a, 'PUT', '/api/settings', { app: { name: renamed } })).status).toBe(200);
    await expect
      .poll(async () => ((await (await call(b, 'GET', '/api/settings')).json()) as typeof before).app.name, {
        timeout: 1000,
        interval: 20,
      })
      .toBe(renamed);

    const changed = await call(a, 'PUT', '/api/auth/password', {
      currentPassword: ADMIN_PASSWORD,
      newPassword: 'Scale#Out-2026-new',
    });
    expect(changed.status).toBe(200);
    // The old token (its token version is now behind) is refused by B within the same second.
    await expect
      .poll(async () => (await call(b, 'GET', '/api/auth/me')).status, { timeout: 1000, interval: 20 })
      .toBe(401);
  });
});
