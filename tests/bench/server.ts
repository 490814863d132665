// Server throughput against bare Fastify in the same run: `npm run bench -- server` (or
// `node --import tsx tests/bench/server.ts`). For each engine — an in-memory PGlite, and PostgreSQL on
// the server DATABASE_URL names (default postgres://postgres@127.0.0.1:5432/test; the bench creates and
// drops its own scratch database there) — the real app with 10,000 excavators:
//   GET /api/auth/me                 goal ≥ 0.5 × bare Fastify's requests per second
//   GET /api/excavators?limit=50     goal ≥ 0.15 × bare Fastify
//   GET /api/sync/pull?limit=2000    p95 over every page of a full download; goal ≤ 150 ms on PostgreSQL
//                                    with 100,000 excavators (the rows are added after the two above).
// The three throughput targets run in interleaved one-second slices: on a shared machine only their
// ratios mean something. BENCH_ENGINE=pglite or
// =postgres runs one engine; BENCH_SECONDS (default 5) sets each autocannon run's length; BENCH_SYNC_ROWS
// overrides the 100,000.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import { openPglite, openPostgres, type DatabaseHandle } from '@/server/db/client';
import { percentile, runWhenMain, signInToken } from './support';

const HOST = '127.0.0.1';
const CONNECTIONS = 10;
const LIST_ROWS = 10_000;
const SYNC_ROWS = Math.max(LIST_ROWS, Number(process.env.BENCH_SYNC_ROWS) || 100_000);
const PAGE = 2000;
const GOALS = { me: 0.5, list: 0.15, syncP95Ms: 150 };
const DEFAULT_SERVER = 'postgres://postgres@127.0.0.1:5432/test';
const SCRATCH_DB = `fleetpilot_bench_server_${process.pid}`;

const seconds = () => Math.min(60, Math.max(1, Number(process.env.BENCH_SECONDS) || 5));

interface Throughput {
  case: string;
  engine: string;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: HOST, port: 0 });
  return `http://${HOST}:${(app.server.address() as { port: number }).port}`;
}

interface Target {
  name: string;
  url: string;
  headers?: Record<string, string>;
}

/**
 * Requests per second of each target, measured in interleaved one-second slices (one round per
 * BENCH_SECONDS): on a shared machine the load changes from second to second, and interleaving gives
 * every target the same mix of quiet and busy moments, so their ratio holds even when the absolute
 * figures do not. Latencies are the medians of the slices' p50 and p99.
 */
async function measureInterleaved(engine: string, targets: Target[]): Promise<Throughput[]> {
  const totals = targets.map(() => ({ requests: 0, ms: 0, p50: [] as number[], p99: [] as number[] }));
  for (let round = 0; round < seconds(); round++) {
    for (const [i, target] of targets.entries()) {
      const result = await autocannon({
        url: target.url,
        headers: target.headers ?? {},
        connections: CONNECTIONS,
        duration: 1,
      });
      if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
        throw new Error(
          `${target.name}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`,
        );
      }
      const total = totals[i]!;
      total.requests += result.requests.total;
      total.ms += result.duration * 1000;
      total.p50.push(result.latency.p50);
      total.p99.push(result.latency.p99);
    }
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return targets.map((target, i) => {
    const total = totals[i]!;
    const line: Throughput = {
      case: target.name,
      engine,
      requestsPerSec: Math.round((total.requests / total.ms) * 1000),
      p50Ms: median(total.p50),
      p99Ms: median(total.p99),
    };
    console.info(JSON.stringify(line));
    return line;
  });
}

function ratio(engine: string, of: Throughput, base: Throughput, goal: number) {
  const value = Number((of.requestsPerSec / base.requestsPerSec).toFixed(3));
  console.info(
    JSON.stringify({
      case: 'ratio',
      engine,
      of: `${of.case} / ${base.case}`,
      value,
      goal,
      withinGoal: value >= goal,
    }),
  );
}

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function openEngine(engine: 'pglite' | 'postgres'): Promise<DatabaseHandle> {
  if (engine === 'pglite') return openPglite(undefined);
  const serverUrl = process.env.DATABASE_URL || DEFAULT_SERVER;
  await adminQuery(serverUrl, `CREATE DATABASE ${SCRATCH_DB}`);
  const url = new URL(serverUrl);
  url.pathname = `/${SCRATCH_DB}`;
  const handle = await openPostgres(url.toString());
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${SCRATCH_DB} WITH (FORCE)`);
    },
  };
}

/** Excavators `from`..`to` straight into the table, each with its own change cursor value. */
async function seedExcavators(handle: DatabaseHandle, from: number, to: number) {
  await handle.db.execute(sql`
    insert into excavators (id, version, change_seq, name, model, serial_number, status, usage_hours,
      last_service_hours, location, year)
    select gen_random_uuid(), 1, g, 'Bagger ' || g,
      (array['Liebherr R 920', 'CAT 320', 'CAT 336', 'Komatsu PC210', 'Volvo EC220E'])[g % 5 + 1],
      'SN-' || lpad(g::text, 6, '0'),
      (array['operational', 'maintenance', 'out_of_service'])[g % 3 + 1], (g * 37) % 9000,
      ((g * 37) % 9000) - (g % 600),
      (array['Hamburg Hafen', 'Bremen Recyclinghof', 'Kiel Nordhafen', 'Rostock'])[g % 4 + 1], 2010 + g % 15
    from generate_series(${from}::int, ${to}::int) g`);
  await handle.db.execute(sql`update sync_counter set value = greatest(value, ${to}) where id = 1`);
  await handle.db.execute(sql`analyze excavators`);
}

/** Every page of a full download of the excavators, as a tablet's first sync does; p50/p95 per page. */
async function measurePull(engine: string, url: string, token: string, rows: number) {
  const times: number[] = [];
  let cursor = 0;
  let received = 0;
  for (;;) {
    const t0 = performance.now();
    const res = await fetch(`${url}/api/sync/pull?cursor=${cursor}&limit=${PAGE}&collections=excavators`, {
      headers: { 'x-auth-token': token, 'accept-encoding': 'gzip' },
    });
    const body = (await res.json()) as { changes: unknown[]; cursor: number; hasMore: boolean };
    times.push(performance.now() - t0);
    if (!res.ok) throw new Error(`pull: ${res.status} ${JSON.stringify(body)}`);
    received += body.changes.length;
    cursor = body.cursor;
    if (!body.hasMore) break;
  }
  if (received !== rows) throw new Error(`pull: ${received} rows received, ${rows} expected`);
  times.sort((a, b) => a - b);
  const p95Ms = percentile(times, 95);
  console.info(
    JSON.stringify({
      case: `GET /api/sync/pull?limit=${PAGE}`,
      engine,
      rows,
      pages: times.length,
      p50Ms: percentile(times, 50),
      p95Ms,
      ...(engine === 'postgres' && { goal: GOALS.syncP95Ms, withinGoal: p95Ms <= GOALS.syncP95Ms }),
    }),
  );
}

async function benchEngine(engine: 'pglite' | 'postgres') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetpilot-bench-server-'));
  const adminPassword = `bench-${Date.now()}`;
  const config = loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: adminPassword, LOG_LEVEL: 'silent' });
  const handle = await openEngine(engine);
  const app = await buildApp(config, { database: handle, logger: false });
  const bare = Fastify({ logger: false });
  bare.get('/json', async () => ({ hello: 'world' }));
  try {
    await seedExcavators(handle, 1, LIST_ROWS);
    const appUrl = await listen(app);
    const bareUrl = await listen(bare);
    const token = await signInToken(app, config.adminUsername, adminPassword);
    const auth = { 'x-auth-token': token };

    const [baseline, me, list] = await measureInterleaved(engine, [
      { name: 'bare Fastify JSON route', url: `${bareUrl}/json` },
      { name: 'GET /api/auth/me', url: `${appUrl}/api/auth/me`, headers: auth },
      {
        name: `GET /api/excavators?limit=50 (${LIST_ROWS} rows)`,
        url: `${appUrl}/api/excavators?limit=50`,
        headers: auth,
      },
    ]);
    ratio(engine, me!, baseline!, GOALS.me);
    ratio(engine, list!, baseline!, GOALS.list);

    const rows = engine === 'postgres' ? SYNC_ROWS : LIST_ROWS;
    if (rows > LIST_ROWS) await seedExcavators(handle, LIST_ROWS + 1, rows);
    await measurePull(engine, appUrl, token, rows);
  } finally {
    await bare.close();
    await app.close();
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Runs the server bench on PGlite and PostgreSQL (or the one BENCH_ENGINE names). */
export async function benchServer(): Promise<void> {
  const only = process.env.BENCH_ENGINE;
  if (only !== 'postgres') await benchEngine('pglite');
  if (only !== 'pglite') await benchEngine('postgres');
}

runWhenMain(import.meta.url, benchServer);
