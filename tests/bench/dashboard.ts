// Dashboard API latency: `node --import tsx tests/bench/dashboard.ts`. The real app on a
// throw-away PGlite seeded with 100,000 reports, 300 excavators and 50,000 audit records; prints p50 and
// p95 of GET /api/dashboard per range as JSON lines (goal: p95 under 50 ms). BENCH_REPORTS overrides the
// report count, BENCH_REQUESTS the requests per range (default 200).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import { openPglite, type Database } from '@/server/db/client';
import { measureRequests, runWhenMain, signInToken } from './support';

const REPORTS = Math.max(1, Number(process.env.BENCH_REPORTS) || 100_000);
const REQUESTS = Math.max(10, Number(process.env.BENCH_REQUESTS) || 200);
const EXCAVATORS = 300;
const AUDIT = 50_000;

/** Set-based seeding straight into the tables (no API round trips). */
export async function seedDashboardBench(db: Database): Promise<void> {
  await db.execute(sql`
      insert into excavators (id, version, change_seq, name, model, serial_number, status, usage_hours,
        last_service_hours)
      select gen_random_uuid(), 1, g, 'Bench ' || g, 'CAT 320', 'BENCH-' || g,
        (array['operational', 'maintenance', 'out_of_service'])[g % 3 + 1], (g * 37) % 9000, ((g * 37) % 9000) - (g % 600)
      from generate_series(1, ${EXCAVATORS}) g`);
  await db.execute(sql`
      with machines as (select id, (row_number() over (order by id)) - 1 as n from excavators)
      insert into reports (id, version, change_seq, report_date, excavator_id, operator_name, status)
      select gen_random_uuid(), 1, ${EXCAVATORS} + g, (current_date - (g % 400))::date, m.id, 'Bench operator',
        (array['unsigned', 'signed', 'pending', 'approved', 'rejected'])[g % 5 + 1]
      from generate_series(1, ${REPORTS}) g join machines m on m.n = g % ${EXCAVATORS}`);
  await db.execute(sql`
      insert into audit_log (id, at, username, action, entity, entity_id)
      select gen_random_uuid(), now() - (g || ' seconds')::interval, 'bench',
        (array['login', 'report.create', 'excavator.update', 'settings.update'])[g % 4 + 1],
        (array['user', 'report', 'excavator', 'settings'])[g % 4 + 1], gen_random_uuid()::text
      from generate_series(1, ${AUDIT}) g`);
  await db.execute(sql`analyze`);
}

export async function benchDashboard(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetpilot-bench-dashboard-'));
  const adminPassword = `bench-${Date.now()}`;
  const config = loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: adminPassword, LOG_LEVEL: 'silent' });
  const handle = await openPglite(undefined);
  const app = await buildApp(config, { database: handle, logger: false });
  try {
    const started = Date.now();
    await seedDashboardBench(handle.db);
    console.info(
      JSON.stringify({
        case: 'dashboard seed',
        reports: REPORTS,
        excavators: EXCAVATORS,
        audit: AUDIT,
        ms: Date.now() - started,
      }),
    );

    const token = await signInToken(app, config.adminUsername, adminPassword);
    // Baseline: the cheapest signed-in call in the same process (auth + one query), for comparison.
    for (const url of [
      '/api/auth/me',
      ...[7, 30, 90].map((r) => `/api/dashboard?range=${r}&tz=Europe%2FBerlin`),
    ]) {
      const times = await measureRequests(app, url, token, { requests: REQUESTS, warmup: 10 });
      console.info(
        JSON.stringify({
          case: `GET ${url}`,
          requests: REQUESTS,
          ...times,
          goalP95Ms: 50,
        }),
      );
    }
  } finally {
    await app.close();
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

runWhenMain(import.meta.url, benchDashboard);
