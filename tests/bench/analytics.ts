// Detailed analytics latency: `node --import tsx tests/bench/analytics.ts`. The real app on a
// throw-away database seeded with 100,000 reports (full checklists), 36,500 logbook entries (conveyor
// and special checks), 300 excavators, 2,000 parts and 20,000 stock adjustments; prints p50 and p95 of
// GET /api/analytics/detailed per range as JSON lines (goal: p95 under 150 ms on PostgreSQL for 1year).
// DATABASE_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/test): the bench
// creates and drops its own database `fleetpilot_bench_analytics` there. BENCH_ENGINE=pglite runs it on
// the embedded database instead. BENCH_REPORTS, BENCH_LOGBOOK and BENCH_REQUESTS (default 100 per
// range) override the sizes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { ANALYTICS_RANGES } from '@/domain/analytics';
import { DEFAULT_CHECKLIST } from '@/domain/checklist';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import { openPglite, openPostgres, type DatabaseHandle } from '@/server/db/client';
import { measureRequests, runWhenMain, signInToken } from './support';

const REPORTS = Math.max(1, Number(process.env.BENCH_REPORTS) || 100_000);
const LOGBOOK = Math.max(1, Number(process.env.BENCH_LOGBOOK) || 36_500);
const REQUESTS = Math.max(10, Number(process.env.BENCH_REQUESTS) || 100);
const EXCAVATORS = 300;
const PARTS = 2_000;
const ADJUSTMENTS = 20_000;
/** Reports and logbook entries spread over the last two years; a year's range holds about half. */
const DAYS = 730;
/** Distinct checklist and conveyor answer patterns; every row takes one of them. */
const VARIANTS = 64;
const GOAL_P95_MS = 150;
const DEFAULT_SERVER = 'postgres://postgres@127.0.0.1:5432/test';
const SCRATCH_DB = 'fleetpilot_bench_analytics';

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh database: the scratch database on the PostgreSQL server, or an in-memory PGlite. */
async function openBenchDatabase(): Promise<{ handle: DatabaseHandle; engine: string }> {
  if (process.env.BENCH_ENGINE === 'pglite') return { handle: await openPglite(undefined), engine: 'pglite' };
  const serverUrl = process.env.DATABASE_URL || DEFAULT_SERVER;
  await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${SCRATCH_DB} WITH (FORCE)`);
  await adminQuery(serverUrl, `CREATE DATABASE ${SCRATCH_DB}`);
  const url = new URL(serverUrl);
  url.pathname = `/${SCRATCH_DB}`;
  const handle = await openPostgres(url.toString());
  return {
    engine: 'postgres',
    handle: {
      ...handle,
      close: async () => {
        await handle.close();
        await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${SCRATCH_DB} WITH (FORCE)`);
      },
    },
  };
}

/** Set-based seeding straight into the tables (no API round trips). */
export async function seedAnalyticsBench(handle: DatabaseHandle): Promise<void> {
  const { db } = handle;
  const checklistItems = JSON.stringify(DEFAULT_CHECKLIST.categories);
  await db.execute(sql`
    insert into excavators (id, version, change_seq, name, model, serial_number, status, usage_hours,
      last_service_hours)
    select gen_random_uuid(), 1, g, 'Bench ' || g, 'CAT 320', 'BENCH-' || g,
      (array['operational', 'maintenance', 'out_of_service'])[g % 3 + 1], 2000 + (g * 37) % 9000,
      2000 + ((g * 37) % 9000) - (g % 600)
    from generate_series(1, ${EXCAVATORS}) g`);
  // Every report answers all 29 default checklist items: mostly ok, some n/a, about 1 in 12 not ok.
  await db.execute(sql`
    with categories as (
      select c->>'key' as category, i->>'key' as item
      from jsonb_array_elements(${checklistItems}::jsonb) c
      cross join lateral jsonb_array_elements(c->'items') i
    ),
    answers as (
      select v, category, item,
        case when (hashtext(v || category || item) & 1023) < 85 then 'not_ok'
             when (hashtext(v || item || category) & 1023) < 60 then 'na' else 'ok' end as state
      from generate_series(0, ${VARIANTS - 1}) v cross join categories
    ),
    per_category as (
      select v, category, jsonb_object_agg(item, jsonb_build_object('state', state)) as items
      from answers group by v, category
    ),
    variants as (select v, jsonb_object_agg(category, items) as checklist from per_category group by v),
    machines as (select id, (row_number() over (order by id)) - 1 as n from excavators)
    insert into reports (id, version, change_seq, created_at, updated_at, report_date, excavator_id,
      operator_name, operating_hours, status, submitted_at, approved_at, checklist, checklist_items)
    select gen_random_uuid(), 1, ${EXCAVATORS} + g,
      (current_date - (g % ${DAYS}))::timestamp + interval '7 hours' + (g % 600) * interval '1 minute',
      now(), (current_date - (g % ${DAYS}))::date, m.id, 'Bench operator',
      1000 + (${DAYS} - g % ${DAYS}) * 8 + (g % 7),
      s.status,
      case when s.status in ('pending', 'approved', 'rejected')
        then (current_date - (g % ${DAYS}))::timestamp + interval '16 hours' end,
      case when s.status = 'approved'
        then (current_date - (g % ${DAYS}))::timestamp + interval '16 hours' + (g % 97) * interval '1 hour' end,
      v.checklist, ${checklistItems}::jsonb
    from generate_series(1, ${REPORTS}) g
    join machines m on m.n = g % ${EXCAVATORS}
    join variants v on v.v = g % ${VARIANTS}
    cross join lateral (
      select (array['unsigned', 'signed', 'pending', 'approved', 'rejected'])[g % 5 + 1] as status
    ) s`);
  // 50 entries a day, six conveyors and three special checks each; about 1 in 15 conveyors not working.
  await db.execute(sql`
    with conveyors as (
      select v, jsonb_agg(jsonb_build_object('key', 'conveyor' || c, 'name', 'Conveyor ' || c,
        'functional', (hashtext(v || '-' || c) & 1023) >= 68,
        'notes', case when (hashtext(v || '-' || c) & 1023) < 68 then 'Belt torn' end) order by c) as checks
      from generate_series(0, ${VARIANTS - 1}) v cross join generate_series(1, 6) c group by v
    ),
    specials as (
      select v, jsonb_agg(jsonb_build_object('key', 'special' || c, 'name', 'Special ' || c,
        'open', (hashtext(v || '+' || c) & 1023) < 100, 'notes', null) order by c) as checks
      from generate_series(0, ${VARIANTS - 1}) v cross join generate_series(1, 3) c group by v
    )
    insert into logbook_entries (id, version, change_seq, created_at, updated_at, date, site, shift_start,
      shift_end, conveyor_checks, special_checks, status)
    select gen_random_uuid(), 1, ${EXCAVATORS + REPORTS} + g,
      (current_date - (g % ${DAYS}))::timestamp + interval '18 hours' + (g % 50) * interval '1 minute', now(),
      (current_date - (g % ${DAYS}))::date, 'Site ' || (g % 50), '06:00', '14:00', c.checks, s.checks,
      (array['unsigned', 'signed', 'pending', 'approved'])[g % 4 + 1]
    from generate_series(1, ${LOGBOOK}) g
    join conveyors c on c.v = g % ${VARIANTS}
    join specials s on s.v = (g * 7) % ${VARIANTS}`);
  await db.execute(sql`
    insert into inventory_items (id, version, change_seq, name, maker, quantity, price_cents, min_quantity)
    select gen_random_uuid(), 1, ${EXCAVATORS + REPORTS + LOGBOOK} + g, 'Part ' || g, 'Maker ' || (g % 40),
      (g * 13) % 50, 100 + (g * 71) % 50000, (g * 7) % 12
    from generate_series(1, ${PARTS}) g`);
  await db.execute(sql`
    with parts as (select id, (row_number() over (order by id)) - 1 as n from inventory_items)
    insert into audit_log (id, at, username, action, entity, entity_id, changes)
    select gen_random_uuid(), now() - (g % ${DAYS}) * interval '1 day' - (g % 600) * interval '1 minute',
      'bench', 'inventory.adjust', 'inventory', p.id::text,
      jsonb_build_object('delta', case when g % 4 = 0 then 5 else -(1 + g % 6) end)
    from generate_series(1, ${ADJUSTMENTS}) g join parts p on p.n = g % ${PARTS}`);
  // PostgreSQL's autovacuum keeps statistics and the visibility map (index-only scans) of a running
  // server; the embedded database has no autovacuum, so it only gets the statistics.
  await db.execute(handle.kind === 'postgres' ? sql`vacuum analyze` : sql`analyze`);
}

export async function benchAnalytics(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetpilot-bench-analytics-'));
  const adminPassword = `bench-${Date.now()}`;
  // Only the variables named here: the database is the bench's own (openBenchDatabase).
  const config = loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: adminPassword, LOG_LEVEL: 'silent' });
  const { handle, engine } = await openBenchDatabase();
  const app = await buildApp(config, { database: handle, logger: false });
  try {
    const started = Date.now();
    await seedAnalyticsBench(handle);
    console.info(
      JSON.stringify({
        case: 'analytics seed',
        engine,
        reports: REPORTS,
        logbook: LOGBOOK,
        excavators: EXCAVATORS,
        parts: PARTS,
        adjustments: ADJUSTMENTS,
        ms: Date.now() - started,
      }),
    );

    const token = await signInToken(app, config.adminUsername, adminPassword);
    for (const range of ANALYTICS_RANGES) {
      const url = `/api/analytics/detailed?range=${range}`;
      const times = await measureRequests(app, url, token, { requests: REQUESTS, warmup: 5 });
      console.info(
        JSON.stringify({
          case: `GET ${url}`,
          engine,
          requests: REQUESTS,
          ...times,
          goalP95Ms: GOAL_P95_MS,
        }),
      );
    }
  } finally {
    await app.close();
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

runWhenMain(import.meta.url, benchAnalytics);
