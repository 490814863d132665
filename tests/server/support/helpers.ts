import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { v7 as uuidv7 } from 'uuid';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@/server/app';
import { hashPassword } from '@/server/bootstrap';
import { loadConfig, type Config } from '@/server/config';
import {
  MIGRATIONS_FOLDER,
  openPglite,
  openPostgres,
  type DatabaseHandle,
  type OpenOptions,
} from '@/server/db/client';
import { users } from '@/server/db/schema';

export const ADMIN_PASSWORD = 'admin-password-1';

/**
 * A fresh database for one test file: in-memory PGlite by default, a throw-away database on the
 * PostgreSQL server named by DATABASE_URL when set.
 */
export async function createTestDatabase(options: OpenOptions = {}): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const usual = options.migrate !== false && options.migrationsFolder === undefined;
    return openPglite(undefined, {
      ...options,
      loadDataDir: await clusterDump(usual ? 'migrated' : 'empty'),
    });
  }
  const name = `fp_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const handle = await openPostgres(dbUrl.toString(), options);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * Dumps of in-memory clusters, made once and kept in the temp directory for every test file and worker:
 * a new PGlite cluster costs about two seconds of CPU (initdb), loading a dump a third of that, and the
 * server suite opens dozens of databases. `migrated` has every migration applied (they still run on each
 * copy, finding nothing to do) and is made again when a migration changes; `empty` is a bare cluster for
 * the tests that migrate along an earlier history themselves.
 */
async function clusterDump(kind: 'migrated' | 'empty'): Promise<Blob> {
  const key = createHash('sha256').update(kind);
  if (kind === 'migrated') {
    for (const file of fs.readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: 'utf8' }).sort()) {
      const full = path.join(MIGRATIONS_FOLDER, file);
      if (fs.statSync(full).isFile()) key.update(file).update(fs.readFileSync(full));
    }
  }
  const pglite = JSON.parse(
    fs.readFileSync(
      path.join(import.meta.dirname, '../../../node_modules/@electric-sql/pglite/package.json'),
      'utf8',
    ),
  ) as { version: string };
  key.update(pglite.version);
  const file = path.join(os.tmpdir(), `fleetpilot-test-cluster-${key.digest('hex').slice(0, 16)}.tar`);
  if (!fs.existsSync(file)) {
    const handle = await openPglite(undefined, { migrate: kind === 'migrated' });
    try {
      const client = (handle.db as unknown as { $client: PGlite }).$client;
      const dump = await client.dumpDataDir('none');
      // Written aside and renamed, so a worker never reads another's half-written dump.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      fs.renameSync(partial, file);
    } finally {
      await handle.close();
    }
  }
  return new Blob([fs.readFileSync(file)]);
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetpilot-test-'));
  return {
    ...loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD, LOG_LEVEL: 'silent' }),
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const db = await createTestDatabase();
  const config = testConfig(overrides);
  const app = await buildApp(config, { database: db, logger: false });
  await app.ready();
  return {
    app,
    db,
    config,
    close: async () => {
      await app.close();
      await db.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

export async function login(app: FastifyInstance, username: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { token: string }).token;
}

/** Creates a user directly in the database and returns a token for it. */
export async function createUser(
  t: TestApp,
  fields: { username: string; role: string; password?: string; email?: string; active?: boolean },
): Promise<{ id: string; token: string }> {
  const id = uuidv7();
  const password = fields.password ?? `${fields.username}-password`;
  await t.db.db.insert(users).values({
    id,
    username: fields.username,
    role: fields.role,
    email: fields.email ?? null,
    active: fields.active ?? true,
    passwordHash: await hashPassword(password),
  });
  const token = fields.active === false ? '' : await login(t.app, fields.username, password);
  return { id, token };
}
