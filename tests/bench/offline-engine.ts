// Offline engine bench, in headless Chromium against the real server on loopback:
// - import a 10,000-row CSV end to end (parse and map with the shared domain code, one import call);
// - mirror those 10,000 rows into IndexedDB from an empty browser profile;
// - replay 500 writes queued while offline;
// mirror and replay each on loopback and again under Chromium's network emulation of a poor site link
// (400 ms round trip, 1.6 Mbit/s down, 750 kbit/s up).
// Prints one JSON line per case as soon as it is measured, then a summary with each poor-link figure
// beside its loopback value. A case that does not finish within its time limit prints how far it got
// (`timedOut`) and the bench goes on with the next, so a slow run still reports. BENCH_PROFILE_DIR=<dir> saves the page's CPU profiles (startProfile in support.ts). Run alone with `node --import tsx tests/bench/offline-engine.ts` (starts its
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

/** How long one case may take before it is reported as timed out (a goal is 10–15 s). */
const CASE_LIMIT_MS = 90_000;

/** Polls `progress` until it reaches `target` or the limit passes; returns what it reached last. */
async function waitFor(progress: () => Promise<number>, target: number, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let reached = await progress().catch(() => 0);
  while (reached < target && Date.now() < deadline) {
    // Each check opens the database in the page: often enough to time, rarely enough not to slow it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    reached = await progress().catch(() => reached);
  }
  return reached;
}

type CaseLine = ReturnType<typeof line> & { timedOut?: true; done?: number };

/** The case's line; when it ran out of time, the limit as its time and how many rows it got through. */
function caseLine(name: string, rows: number, ms: number, goalMs: number, done: number): CaseLine {
  const result: CaseLine = line(name, rows, ms, goalMs);
  if (done < rows) Object.assign(result, { timedOut: true as const, done, withinGoal: false });
  return result;
}

function print(result: object) {
  console.info(JSON.stringify(result));
}

async function measure(
  url: string,
  token: string,
  userId: string,
  poorLink: boolean,
): Promise<{ mirror: CaseLine; replay: CaseLine }> {
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
    const mirrored = await waitFor(() => countStore(page, 'inventory'), MIRROR_ROWS, CASE_LIMIT_MS);
    const finished = performance.now();
    await stopMirrorProfile();
    page.off('request', onRequest);
    const mirror = caseLine(
      `mirror into IndexedDB (empty profile, first pull request to last row)${link}`,
      MIRROR_ROWS,
      finished - (firstPullAt ?? started),
      goals.mirror,
      Math.min(mirrored, MIRROR_ROWS),
    );
    print(mirror);
    print({
      case: `app start to 10,000 rows mirrored (loading the app and signing in included)${link}`,
      rows: MIRROR_ROWS,
      ms: Math.round(finished - started),
    });

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
    const sent = await waitFor(
      async () => REPLAY_WRITES - (await countStore(page, 'outbox')),
      REPLAY_WRITES,
      CASE_LIMIT_MS,
    );
    const replayed = performance.now();
    page.off('request', onWrite);
    await stopReplayProfile();
    const replay = caseLine(
      `replay queued writes (first write request to empty outbox)${link}`,
      REPLAY_WRITES,
      replayed - (firstWriteAt ?? replayStarted),
      goals.replay,
      sent,
    );
    print(replay);
    print({
      case: `app start to 500 queued writes replayed (loading the app and signing in included)${link}`,
      rows: REPLAY_WRITES,
      ms: Math.round(replayed - replayStarted),
    });

    const server = await api<{ total: number }>(
      url,
      token,
      `/api/inventory?limit=1&q=${encodeURIComponent(prefix)}`,
    );
    // Exactly once holds even for a case that ran out of time: never more rows than writes.
    if (server.total > REPLAY_WRITES || (sent === REPLAY_WRITES && server.total !== REPLAY_WRITES)) {
      throw new Error(`the server holds ${server.total} replayed rows, expected exactly ${REPLAY_WRITES}`);
    }
    await context.close();
    return { mirror, replay };
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
    const imported = await benchImport(url, login.token);
    print(imported);
    const loopback = await measure(url, login.token, login.user.id, false);
    const poor = await measure(url, login.token, login.user.id, true);
    const summary = (what: string, fast: CaseLine, slow: CaseLine) => ({
      case: `${what}: ${POOR_LINK_LABEL} beside loopback`,
      rows: slow.rows,
      loopbackMs: fast.ms,
      poorLinkMs: slow.ms,
      poorLinkGoalMs: slow.goalMs,
      withinGoal: slow.withinGoal,
      ...(fast.timedOut || slow.timedOut ? { timedOut: true } : {}),
    });
    const lines = [
      summary('replay of 500 queued writes', loopback.replay, poor.replay),
      summary('mirror of 10,000 rows', loopback.mirror, poor.mirror),
    ];
    for (const result of lines) print(result);
    return [imported, loopback.mirror, loopback.replay, poor.mirror, poor.replay, ...lines];
  } finally {
    await stop?.();
  }
}

runWhenMain(import.meta.url, benchOfflineEngine);
