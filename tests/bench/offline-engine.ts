// Offline engine bench, in headless Chromium against the real server on loopback:
// - import a 10,000-row CSV end to end (parse and map with the shared domain code, one import call);
// - mirror those 10,000 rows into IndexedDB from an empty browser profile;
// - replay 500 writes queued while offline;
// mirror and replay each on loopback and again under Chromium's network emulation of a poor site link
// (400 ms round trip, 1.6 Mbit/s down, 750 kbit/s up).
// Prints one JSON line per case; BENCH_PROFILE_DIR=<dir> saves the page's CPU profiles (startProfile in support.ts). Run alone with `node --import tsx tests/bench/offline-engine.ts` (starts its
// own server) or call benchOfflineEngine() with a running server (tests/bench/run.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { mapInventoryCsv } from '@/domain/inventory-csv';
import { countStore, queueInventoryCreates } from '../e2e/support/outbox';
import { launchBenchChromium, runWhenMain, startProfile } from './support';

export const MIRROR_ROWS = 10_000;
export const REPLAY_WRITES = 500;
/** Goals from the issues: import under 10 s, mirror under 3 s, replay under 10 s. */
export const GOALS_MS = { import: 10_000, mirror: 3_000, replay: 10_000 } as const;
/** On the poor link: mirror under 15 s, replay under 10 s. */
export const POOR_LINK_GOALS_MS = { mirror: 15_000, replay: 10_000 } as const;

/** A poor site link for CDP Network.emulateNetworkConditions (throughputs in bytes per second). */
export const POOR_LINK = {
  offline: false,
  latency: 400,
  downloadThroughput: 1_600_000 / 8,
  uploadThroughput: 750_000 / 8,
} as const;
const POOR_LINK_LABEL = '400 ms RTT, 1.6 Mbit/s down, 750 kbit/s up';

const TOKEN_KEY = 'token';
export interface OfflineBenchOptions {
  url?: string;
  username?: string;
  password?: string;
}

async function api<T>(url: string, token: string | null, pathName: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (token) headers.set('x-auth-token', token);
  if (init.body) headers.set('content-type', 'application/json');
  const response = await fetch(`${url}${pathName}`, { ...init, headers });
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${pathName}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

function csvOf(rows: number): string {
  const lines = ['name;description;quantity;price;category;location;supplier'];
  for (let i = 0; i < rows; i++) {
    lines.push(
      `Bench part ${i};Filter element ${i};${i % 50};${(i % 400) + 0.5};Filters;Hall ${i % 7};Maker ${i % 13}`,
    );
  }
  return lines.join('\n');
}

/** CSV text → rows as the device maps them → one import call; wall time of all of it. */
async function benchImport(url: string, token: string) {
  const started = performance.now();
  const parsed = Papa.parse<string[]>(csvOf(MIRROR_ROWS), { skipEmptyLines: true });
  const mapped = mapInventoryCsv(parsed.data, { delimiter: ';' });
  const result = await api<{ imported: number; errors: unknown[] }>(url, token, '/api/inventory/import', {
    method: 'POST',
    body: JSON.stringify({ rows: mapped.rows }),
  });
  const ms = performance.now() - started;
  if (result.imported !== MIRROR_ROWS || result.errors.length > 0) {
    throw new Error(`import took ${result.imported} rows with ${result.errors.length} errors`);
  }
  return line('inventory CSV import (parse, map, import)', MIRROR_ROWS, ms, GOALS_MS.import);
}

function line(name: string, rows: number, ms: number, goalMs: number) {
  return {
    case: name,
    rows,
    ms: Math.round(ms),
    rowsPerSec: Math.round((rows / ms) * 1000),
    goalMs,
    withinGoal: ms <= goalMs,
  };
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    // Each check opens the database in the page: often enough to time, rarely enough not to slow it.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function measure(url: string, token: string, userId: string, poorLink: boolean) {
  const browser = await launchBenchChromium();
  const link = poorLink ? ` [${POOR_LINK_LABEL}]` : ' [loopback]';
  const goals = poorLink ? POOR_LINK_GOALS_MS : GOALS_MS;
  try {
    const context = await browser.newContext({ baseURL: url, serviceWorkers: 'block' });
    await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
      TOKEN_KEY,
      token,
    ] as const);
    const page = await context.newPage();
    if (poorLink) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', POOR_LINK);
    }

    // Mirror: from an empty profile, the time from the first pull request until every row is in
    // IndexedDB (the goal), and from the app's start (loading the app and signing in included).
    const started = performance.now();
    let firstPullAt: number | null = null;
    const onRequest = (request: { url(): string }) => {
      if (firstPullAt === null && request.url().includes('/api/sync/pull')) firstPullAt = performance.now();
    };
    page.on('request', onRequest);
    const stopMirrorProfile = await startProfile(page, 'mirror');
    await page.goto('/', { waitUntil: 'commit' });
    await waitFor(async () => (await countStore(page, 'inventory')) >= MIRROR_ROWS, 120_000, 'the mirror');
    const finished = performance.now();
    await stopMirrorProfile();
    page.off('request', onRequest);
    const mirror = line(
      `mirror into IndexedDB (empty profile, first pull request to last row)${link}`,
      MIRROR_ROWS,
      finished - (firstPullAt ?? started),
      goals.mirror,
    );
    const startToMirrored = {
      case: `app start to 10,000 rows mirrored (loading the app and signing in included)${link}`,
      rows: MIRROR_ROWS,
      ms: Math.round(finished - started),
    };

    // Replay: queue the writes with the app closed (a same-origin JSON page runs no app code), then
    // start the app and time until the outbox is empty.
    await page.goto('/api/health');
    const prefix = poorLink ? 'Queued slow part' : 'Queued part';
    await queueInventoryCreates(page, userId, REPLAY_WRITES, prefix);
    const replayStarted = performance.now();
    let firstWriteAt: number | null = null;
    const onWrite = (request: { method(): string; url(): string }) => {
      const write = request.url().includes('/api/inventory') || request.url().includes('/api/sync/push');
      if (firstWriteAt === null && request.method() === 'POST' && write) {
        firstWriteAt = performance.now();
      }
    };
    page.on('request', onWrite);
    const stopReplayProfile = await startProfile(page, 'replay');
    await page.goto('/', { waitUntil: 'commit' });
    await waitFor(async () => (await countStore(page, 'outbox')) === 0, 120_000, 'the replay');
    const replayed = performance.now();
    page.off('request', onWrite);
    await stopReplayProfile();
    const replay = line(
      `replay queued writes (first write request to empty outbox)${link}`,
      REPLAY_WRITES,
      replayed - (firstWriteAt ?? replayStarted),
      goals.replay,
    );
    const startToReplayed = {
      case: `app start to 500 queued writes replayed (loading the app and signing in included)${link}`,
      rows: REPLAY_WRITES,
      ms: Math.round(replayed - replayStarted),
    };

    const server = await api<{ total: number }>(
      url,
      token,
      `/api/inventory?limit=1&q=${encodeURIComponent(prefix)}`,
    );
    if (server.total !== REPLAY_WRITES) {
      throw new Error(`the server holds ${server.total} replayed rows, expected exactly ${REPLAY_WRITES}`);
    }
    await context.close();
    return [mirror, startToMirrored, replay, startToReplayed];
  } finally {
    await browser.close();
  }
}

/** Runs the offline-engine cases against `options.url` (or a server it starts); prints JSON lines. */
export async function benchOfflineEngine(options: OfflineBenchOptions = {}): Promise<object[]> {
  let url = options.url;
  let username = options.username ?? 'admin';
  let password = options.password ?? '';
  let stop: (() => Promise<void>) | null = null;
  if (!url) {
    const [{ buildApp }, { loadConfig }] = await Promise.all([
      import('@/server/app'),
      import('@/server/config'),
    ]);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetpilot-bench-offline-'));
    password = `bench-${Date.now()}`;
    const config = loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: password, LOG_LEVEL: 'silent' });
    username = config.adminUsername;
    const app = await buildApp(config, { logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    stop = async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  }
  try {
    const login = await api<{ token: string; user: { id: string } }>(url, null, '/api/auth/login', {
      method: 'POST',
      body: JSON.stringify({ username, password }),
    });
    const lines = [
      await benchImport(url, login.token),
      ...(await measure(url, login.token, login.user.id, false)),
      ...(await measure(url, login.token, login.user.id, true)),
    ];
    for (const result of lines) console.info(JSON.stringify(result));
    return lines;
  } finally {
    await stop?.();
  }
}

runWhenMain(import.meta.url, benchOfflineEngine);
