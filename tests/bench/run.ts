// `npm run bench`: every bench, on loopback only; `npm run bench -- server inventory` runs the ones named
// (see BENCHES). Each prints JSON lines. BENCH_SECONDS (default 5, 1–60) sets each autocannon run's length.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import { benchAnalytics } from './analytics';
import { benchClientBundle } from './client-bundle';
import { benchDashboard } from './dashboard';
import { benchExcavatorsSearch } from './excavators-search';
import { benchFieldInteractions } from './field-interactions';
import { benchInventory } from './inventory';
import { benchLighthouse } from './lighthouse';
import { benchOfflineEngine } from './offline-engine';
import { benchOfflineReady } from './offline-ready';
import { benchServer } from './server';
import { benchStartup } from './startup';

/** The client-bundle and offline-engine benches share one real app on a throw-away PGlite. */
async function withApp(
  bench: (target: { url: string; username: string; password: string }) => Promise<unknown>,
): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetpilot-bench-'));
  const password = `bench-${Date.now()}`;
  // Only the variables named here: a DATABASE_URL in the shell must not point the bench elsewhere.
  const config = loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: password, LOG_LEVEL: 'silent' });
  const app = await buildApp(config, { logger: false });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    await bench({ url, username: config.adminUsername, password });
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** In the order `npm run bench` runs them. */
const BENCHES: Record<string, () => Promise<unknown>> = {
  // Authenticated and list routes against bare Fastify, sync pull pages; PGlite and PostgreSQL.
  server: benchServer,
  'client-bundle': () => withApp(benchClientBundle),
  'offline-engine': () => withApp(benchOfflineEngine),
  // Its own server over HTTPS=local: a tablet's first visit until it is ready for offline use.
  'offline-ready': benchOfflineReady,
  // Its own server: 10,000 excavators seeded straight into the database.
  'excavators-search': benchExcavatorsSearch,
  // Its own server: a 10,000-row CSV imported in the browser, then the 10,000 items filtered.
  inventory: benchInventory,
  // Their own databases: 100,000 reports on PGlite (dashboard), on PostgreSQL (analytics, DATABASE_URL).
  dashboard: benchDashboard,
  analytics: benchAnalytics,
  // The built app on its own server: Lighthouse's mobile profile for /login and the dashboard.
  lighthouse: benchLighthouse,
  // Taps and form opening on a touch tablet at 4x CPU slowdown (Event Timing).
  interactions: benchFieldInteractions,
  // A readable build on its own server: where a signed-in first visit's main-thread time goes.
  startup: benchStartup,
};

async function main() {
  const names = process.argv.slice(2);
  const unknown = names.filter((name) => !(name in BENCHES));
  if (unknown.length > 0) {
    throw new Error(`Unknown bench: ${unknown.join(', ')}. Known: ${Object.keys(BENCHES).join(', ')}`);
  }
  for (const [name, bench] of Object.entries(BENCHES)) {
    if (names.length === 0 || names.includes(name)) await bench();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
