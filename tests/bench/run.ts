// `npm run bench`: the real app on a throw-away PGlite against a bare Fastify route, on loopback only.
// Prints one JSON line per case, then the ratio. BENCH_SECONDS (default 5, 1–60) sets each case's length.
// `npm run bench -- lighthouse interactions` runs only the named groups (see GROUPS below).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
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

const HOST = '127.0.0.1';
const CONNECTIONS = 10;
/** The groups of cases, in the order a full run takes them; the first three share one server. */
const GROUPS = [
  'api',
  'client-bundle',
  'offline-engine',
  'offline-ready',
  'excavators-search',
  'inventory',
  'dashboard',
  'analytics',
  'lighthouse',
  'interactions',
] as const;
type Group = (typeof GROUPS)[number];

function selectedGroups(args: string[]): Set<Group> {
  const unknown = args.filter((arg) => !(GROUPS as readonly string[]).includes(arg));
  if (unknown.length > 0) {
    throw new Error(`unknown bench case ${unknown.join(', ')}; choose from: ${GROUPS.join(', ')}`);
  }
  return new Set(args.length > 0 ? (args as Group[]) : GROUPS);
}

const seconds = Math.min(60, Math.max(1, Number(process.env.BENCH_SECONDS) || 5));

interface CaseResult {
  case: string;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: HOST, port: 0 });
  const { port } = app.server.address() as { port: number };
  return `http://${HOST}:${port}`;
}

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<CaseResult> {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: seconds });
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
    throw new Error(
      `${name}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers`,
    );
  }
  const line: CaseResult = {
    case: name,
    requestsPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
  };
  console.info(JSON.stringify(line));
  return line;
}

async function benchApiServer(groups: Set<Group>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetpilot-bench-'));
  const adminPassword = `bench-${Date.now()}`;
  // Only the variables named here: a DATABASE_URL in the shell must not point the bench elsewhere.
  const config = loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: adminPassword, LOG_LEVEL: 'silent' });
  const app = await buildApp(config, { logger: false });
  const bare = Fastify({ logger: false });
  bare.get('/json', async () => ({ hello: 'world' }));
  try {
    const appUrl = await listen(app);
    const bareUrl = await listen(bare);
    if (groups.has('api')) {
      const login = await fetch(`${appUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: config.adminUsername, password: adminPassword }),
      });
      if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
      const { token } = (await login.json()) as { token: string };

      const me = await measure('GET /api/auth/me', `${appUrl}/api/auth/me`, { 'x-auth-token': token });
      const baseline = await measure('bare Fastify JSON route', `${bareUrl}/json`);
      console.info(
        JSON.stringify({
          case: 'ratio',
          of: `${me.case} / ${baseline.case}`,
          requestsPerSec: Number((me.requestsPerSec / baseline.requestsPerSec).toFixed(3)),
        }),
      );
    }
    const credentials = { url: appUrl, username: config.adminUsername, password: adminPassword };
    if (groups.has('client-bundle')) await benchClientBundle(credentials);
    if (groups.has('offline-engine')) await benchOfflineEngine(credentials);
  } finally {
    await bare.close();
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const groups = selectedGroups(process.argv.slice(2));
  if (groups.has('api') || groups.has('client-bundle') || groups.has('offline-engine')) {
    await benchApiServer(groups);
  }
  // Its own server over HTTPS=local: a tablet's first visit until it is ready for offline use.
  if (groups.has('offline-ready')) await benchOfflineReady();
  // Its own server: 10,000 excavators seeded straight into the database.
  if (groups.has('excavators-search')) await benchExcavatorsSearch();
  // Its own server: a 10,000-row CSV imported in the browser, then the 10,000 items filtered.
  if (groups.has('inventory')) await benchInventory();
  // Their own databases: 100,000 reports on PGlite (dashboard), on PostgreSQL (analytics, DATABASE_URL).
  if (groups.has('dashboard')) await benchDashboard();
  if (groups.has('analytics')) await benchAnalytics();
  // Their own servers: Lighthouse's mobile profile on /login and the dashboard; taps at 4x CPU.
  if (groups.has('lighthouse')) await benchLighthouse();
  if (groups.has('interactions')) await benchFieldInteractions();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
