import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { buildApp } from '@/server/app';
import { syncedColumns, syncedIndexes } from '@/server/db/synced';
import { defineSyncCollection } from '@/server/modules/sync/registry';
import { openPostgres, type DatabaseHandle } from '@/server/db/client';
import { createTestDatabase, testConfig, type TestApp } from './helpers';

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** The smallest byte string sniffImageType takes for a JPEG. */
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32, 7)]);

export type Part =
  { field: string; value: string } | { field: string; file: Buffer; name?: string; type?: string };

/** A multipart/form-data body serialised the way a browser's FormData is sent. */
export async function multipart(
  parts: Part[],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const p of parts) {
    if ('value' in p) form.append(p.field, p.value);
    else
      form.append(
        p.field,
        new Blob([new Uint8Array(p.file)], { type: p.type ?? 'image/png' }),
        p.name ?? 'photo.png',
      );
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

/**
 * A second synced collection for the tests: 'notes', created by the test, gated by the `inventory` flag
 * and readable by admins only ('users:manage'), so filters, rights and merging across collections can
 * be shown. Its routes use app.runWrite like every module; `gate` holds the transaction open after the
 * row is stamped until the test releases it.
 */
export const notes = pgTable('test_notes', { ...syncedColumns(), title: text('title').notNull() }, (t) =>
  syncedIndexes('test_notes', t),
);

export interface SyncTestApp extends TestApp {
  /** Resolves the gate a request is waiting on; `entered(name)` resolves once it waits there. */
  gates: {
    release(name: string): void;
    entered(name: string): Promise<void>;
  };
}

/**
 * Like helpers' createTestDatabase, but on PostgreSQL it drops the database only once every connection
 * of the pool has really gone: pg-pool's end() resolves before its clients' sockets close, and a
 * DROP DATABASE … WITH (FORCE) racing them makes a client emit an unhandled 57P01 error. The burst
 * tests here open the whole pool, which makes that race likely.
 */
async function createDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  if (!url) return createTestDatabase();
  const name = `fp_sync_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = async <T>(fn: (c: pg.Client) => Promise<T>) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  };
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const handle = await openPostgres(dbUrl.toString());
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await admin(async (c) => {
        for (let i = 0; i < 100; i++) {
          const { rows } = await c.query(
            'select count(*)::int as n from pg_stat_activity where datname = $1',
            [name],
          );
          if (rows[0].n === 0) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      });
    },
  };
}

/** createTestApp on a database that closes without the pool race (see createDatabase). */
export async function createExcavatorTestApp(): Promise<TestApp> {
  const db = await createDatabase();
  const config = testConfig();
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

export async function createSyncTestApp(): Promise<SyncTestApp> {
  const db = await createDatabase();
  await db.db.execute(sql`
    create table test_notes (
      id uuid primary key, version integer not null default 1,
      created_at timestamptz not null default now(), created_by uuid,
      updated_at timestamptz not null default now(), updated_by uuid,
      deleted_at timestamptz, change_seq bigint not null, title text not null)`);
  const config = testConfig();
  const app = await buildApp(config, { database: db, logger: false });

  const waiting = new Map<
    string,
    { release: () => void; held: Promise<void>; entered: () => void; enteredP: Promise<void> }
  >();
  const gate = (name: string) => {
    let entry = waiting.get(name);
    if (!entry) {
      let release!: () => void;
      let entered!: () => void;
      const held = new Promise<void>((r) => (release = r));
      const enteredP = new Promise<void>((r) => (entered = r));
      entry = { release, held, entered, enteredP };
      waiting.set(name, entry);
    }
    return entry;
  };

  await app.register(
    async (api: FastifyInstance) => {
      api.sync.register(
        defineSyncCollection({
          name: 'notes',
          table: notes,
          feature: 'inventory',
          readAction: 'users:manage',
          toApi: async (rows) => rows.map((r) => ({ id: r.id, title: r.title, version: r.version })),
        }),
      );
      const r = api.withTypeProvider<ZodTypeProvider>();
      r.post('/test-notes', {
        config: { access: 'signed-in' },
        schema: {
          body: z.object({ id: z.uuid().optional(), title: z.string(), gate: z.string().optional() }),
        },
        handler: async (request, reply) =>
          api.runWrite(request, reply, { collections: ['notes'] }, async (w) => {
            const [row] = await w.tx
              .insert(notes)
              .values({
                id: request.body.id ?? crypto.randomUUID(),
                title: request.body.title,
                changeSeq: await w.stamp('notes'),
                createdBy: request.user!.id,
                updatedBy: request.user!.id,
              })
              .returning();
            if (request.body.gate) {
              const g = gate(request.body.gate);
              g.entered();
              await g.held;
            }
            return { status: 201, body: { id: row!.id, seq: row!.changeSeq } };
          }),
      });
      r.delete('/test-notes/:id', {
        config: { access: 'signed-in' },
        schema: { params: z.object({ id: z.uuid() }) },
        handler: async (request, reply) =>
          api.runWrite(request, reply, { collections: ['notes'] }, async (w) => {
            await w.tx
              .update(notes)
              .set({
                deletedAt: new Date(),
                version: sql`${notes.version} + 1`,
                changeSeq: await w.stamp('notes'),
              })
              .where(sql`${notes.id} = ${request.params.id}`);
            return { body: { ok: true } };
          }),
      });
    },
    { prefix: '/api' },
  );
  await app.ready();
  return {
    app,
    db,
    config,
    gates: { release: (name) => gate(name).release(), entered: (name) => gate(name).enteredP },
    close: async () => {
      await app.close();
      await db.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** A valid excavator body; `n` makes name and serial unique. */
export function excavatorBody(n: number | string, extra: Record<string, unknown> = {}) {
  return { name: `Excavator ${n}`, model: 'CAT 320', serialNumber: `SN-${n}`, usageHours: 100, ...extra };
}

export const auth = (token: string) => ({ 'x-auth-token': token });
