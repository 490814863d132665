// Offline engine bench (issues 4 and 8), in headless Chromium against the real server on loopback:
// - import a 10,000-row CSV end to end (parse and map with the shared domain code, one import call);
// - mirror those 10,000 rows into IndexedDB from an empty browser profile;
// - replay 500 writes queued while offline.
// Prints one JSON line per case. Run alone with `node --import tsx tests/bench/offline-engine.ts` (starts its
// own server) or call benchOfflineEngine() with a running server (tests/bench/run.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import Papa from 'papaparse';
import { v7 as uuidv7 } from 'uuid';
import { mapInventoryCsv } from '@/domain/inventory-csv';

export const MIRROR_ROWS = 10_000;
export const REPLAY_WRITES = 500;
/** Goals from the issues: import under 10 s, mirror under 3 s, replay under 10 s. */
export const GOALS_MS = { import: 10_000, mirror: 3_000, replay: 10_000 } as const;

const TOKEN_KEY = 'token';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

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

/** Counts a store of the app's IndexedDB database from the page (0 while it does not exist yet). */
function countStore(page: Page, store: string): Promise<number> {
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('fleetpilot');
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(name)) {
            db.close();
            resolve(0);
            return;
          }
          const request = db.transaction(name, 'readonly').objectStore(name).count();
          request.onsuccess = () => {
            db.close();
            resolve(request.result);
          };
          request.onerror = () => {
            db.close();
            resolve(0);
          };
        };
      }),
    store,
  );
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * Writes `count` queued creates (local row + outbox entry, as the engine's createRecord stores them)
 * while the app is not running, so the next start replays them all.
 */
function queueCreates(page: Page, userId: string, count: number) {
  const now = new Date().toISOString();
  const items = Array.from({ length: count }, (_, i) => {
    const id = uuidv7();
    const data = { id, name: `Queued part ${i}`, maker: 'Bench', quantity: i % 20, price: 1.5, tags: [] };
    return {
      row: {
        ...data,
        version: 0,
        createdAt: now,
        createdBy: userId,
        updatedAt: now,
        updatedBy: userId,
        deletedAt: null,
        _sync: 'pending',
      },
      entry: {
        id: uuidv7(),
        idempotencyKey: '',
        keyUsedAt: null,
        userId,
        collection: 'inventory',
        recordId: id,
        kind: 'create',
        method: 'POST',
        url: '/api/inventory',
        body: { type: 'json', data },
        ifMatch: false,
        baseVersion: 0,
        baseRecord: null,
        state: 'waiting',
        error: null,
        errorKey: null,
        errorStatus: null,
        attempts: 0,
        nextAttemptAt: 0,
        createdAt: now,
        conflict: null,
        label: data.name,
      },
    };
  });
  for (const item of items) item.entry.idempotencyKey = item.entry.id;
  return page.evaluate(
    (queued) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('fleetpilot');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['inventory', 'outbox'], 'readwrite');
          for (const { row, entry } of queued) {
            tx.objectStore('inventory').put(row);
            tx.objectStore('outbox').add(entry);
          }
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    items,
  );
}

async function measure(url: string, token: string, userId: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext({ baseURL: url, serviceWorkers: 'block' });
    await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
      TOKEN_KEY,
      token,
    ] as const);
    const page = await context.newPage();

    // Mirror: from an empty profile, the time from the app's start until every row is in IndexedDB.
    const started = performance.now();
    await page.goto('/', { waitUntil: 'commit' });
    await waitFor(async () => (await countStore(page, 'inventory')) >= MIRROR_ROWS, 120_000, 'the mirror');
    const mirror = line(
      'mirror into IndexedDB (empty profile, app start to last row)',
      MIRROR_ROWS,
      performance.now() - started,
      GOALS_MS.mirror,
    );

    // Replay: queue the writes with the app closed (a same-origin JSON page runs no app code), then
    // start the app and time until the outbox is empty.
    await page.goto('/api/health');
    await queueCreates(page, userId, REPLAY_WRITES);
    const replayStarted = performance.now();
    await page.goto('/', { waitUntil: 'commit' });
    await waitFor(async () => (await countStore(page, 'outbox')) === 0, 120_000, 'the replay');
    const replay = line(
      'replay queued writes (app start to empty outbox)',
      REPLAY_WRITES,
      performance.now() - replayStarted,
      GOALS_MS.replay,
    );

    const server = await api<{ total: number }>(url, token, '/api/inventory?limit=1&q=Queued%20part');
    if (server.total !== REPLAY_WRITES) {
      throw new Error(`the server holds ${server.total} replayed rows, expected exactly ${REPLAY_WRITES}`);
    }
    await context.close();
    return [mirror, replay];
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
    const lines = [await benchImport(url, login.token), ...(await measure(url, login.token, login.user.id))];
    for (const result of lines) console.info(JSON.stringify(result));
    return lines;
  } finally {
    await stop?.();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  benchOfflineEngine().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
