// Client bench: gzipped JS and CSS a cold browser loads for /login and for / after sign-in,
// and the time to interactive of a warm start served from the service worker's cache, in headless
// Chromium. Prints one JSON line per case. Run alone with `node --import tsx tests/bench/client-bundle.ts`
// (starts its own server) or call benchClientBundle() with a running server (tests/bench/run.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page, Response } from '@playwright/test';
import { ensureClientBuild, launchBenchChromium, runWhenMain, signInOverHttp } from './support';

/** First-load JS budget of /login, gzipped (tests/e2e/login-load.spec.ts holds the build to it). */
export const LOGIN_JS_BUDGET_BYTES = 150 * 1024;
/** JS budget of the first signed-in screen (/ after sign-in): the scripts it paints with, gzipped. */
export const SIGNED_IN_JS_BUDGET_BYTES = 300 * 1024;
/** Warm start from the service worker's cache to the interactive signed-in screen. */
export const WARM_START_GOAL_MS = 600;
const WARM_RUNS = 5;
const TOKEN_KEY = 'token';

export interface ClientBenchOptions {
  /** A running FleetPilot server; without it one is started on a throw-away data directory. */
  url?: string;
  username?: string;
  password?: string;
}

interface LoadResult {
  case: string;
  jsGzipBytes: number;
  cssGzipBytes: number;
  jsBytes: number;
  cssBytes: number;
  jsFiles: number;
  cssFiles: number;
}

/**
 * Marks when the signed-in shell first is in the DOM (`window.__shownAt`, ms since navigation start):
 * the router renders it together with the page's own component, so this is the first screen's paint.
 * A string: tsx helpers do not exist in the page.
 */
const MARK_SHOWN = `(() => {
  const mark = () => {
    if (window.__shownAt !== undefined || !document.querySelector('[data-nav-key]')) return false;
    window.__shownAt = performance.now();
    return true;
  };
  new MutationObserver((_, observer) => { if (mark()) observer.disconnect(); })
    .observe(document, { childList: true, subtree: true });
})()`;

/** Script URLs the page requested before the signed-in shell showed (resource timing's start). */
async function scriptsBeforeShown(page: Page): Promise<Set<string>> {
  const urls = (await page.evaluate(`(() => performance.getEntriesByType('resource')
    .filter((e) => e.startTime <= window.__shownAt && new URL(e.name).pathname.endsWith('.js'))
    .map((e) => e.name))()`)) as string[];
  return new Set(urls);
}

/** Collects the page's own JS and CSS answers (not the service worker's precaching). */
function collectAssets(page: Page) {
  const pending: Array<Promise<{ url: string; kind: 'js' | 'css'; body: Buffer } | null>> = [];
  page.on('response', (response: Response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    if (!response.ok()) return;
    pending.push(
      response.body().then(
        (body) => ({ url: response.url(), kind: type === 'script' ? 'js' : 'css', body }),
        () => null,
      ),
    );
  });
  /** `only`: count just these URLs (the scripts of the first screen). */
  return async (name: string, only?: Set<string>): Promise<LoadResult> => {
    const seen = new Map<string, { kind: 'js' | 'css'; body: Buffer }>();
    for (const asset of await Promise.all(pending))
      if (asset && (!only || only.has(asset.url))) seen.set(asset.url, asset);
    const result: LoadResult = {
      case: name,
      jsGzipBytes: 0,
      cssGzipBytes: 0,
      jsBytes: 0,
      cssBytes: 0,
      jsFiles: 0,
      cssFiles: 0,
    };
    for (const { kind, body } of seen.values()) {
      // gzip -9, the figure servers and bundlers report; the raw size is printed beside it.
      const gzipped = gzipSync(body, { level: 9 }).length;
      if (kind === 'js') {
        result.jsGzipBytes += gzipped;
        result.jsBytes += body.length;
        result.jsFiles += 1;
      } else {
        result.cssGzipBytes += gzipped;
        result.cssBytes += body.length;
        result.cssFiles += 1;
      }
    }
    return result;
  };
}

/**
 * Resolves with ms since navigation start when the dashboard shows in the signed-in shell and the main
 * thread is idle. The page itself, not only the shell: a shell whose page still shows its skeleton is
 * not a started app. A string, not a function: tsx would add helpers the page does not have.
 */
const TIME_TO_INTERACTIVE = `new Promise((resolve) => {
  const idle = () => (window.requestIdleCallback || ((cb) => setTimeout(cb, 0)))(() => resolve(performance.now()));
  const ready = () =>
    document.querySelector('[data-nav-key]') !== null &&
    document.querySelector('[data-testid="dashboard-date"]') !== null;
  if (ready()) return idle();
  const observer = new MutationObserver(() => {
    if (!ready()) return;
    observer.disconnect();
    idle();
  });
  observer.observe(document.documentElement, { childList: true, subtree: true });
})`;

async function timeToInteractive(page: Page): Promise<number> {
  return (await page.evaluate(TIME_TO_INTERACTIVE)) as number;
}

async function measure(browser: Browser, url: string, token: string) {
  const lines: object[] = [];

  // 1. /login in a fresh browser profile: nothing cached, no service worker yet.
  const loginContext = await browser.newContext({ baseURL: url, serviceWorkers: 'block' });
  const loginPage = await loginContext.newPage();
  const loginAssets = collectAssets(loginPage);
  await loginPage.goto('/login', { waitUntil: 'networkidle' });
  await loginPage.waitForSelector('input[name="password"]');
  const login = await loginAssets('client /login first load');
  lines.push({
    ...login,
    budgetJsGzipBytes: LOGIN_JS_BUDGET_BYTES,
    withinBudget: login.jsGzipBytes <= LOGIN_JS_BUDGET_BYTES,
  });
  await loginContext.close();

  // 2. / signed in, again cold: what a first visit after sign-in costs.
  const homeContext = await browser.newContext({ baseURL: url, serviceWorkers: 'block' });
  await homeContext.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    TOKEN_KEY,
    token,
  ] as const);
  await homeContext.addInitScript(MARK_SHOWN);
  const homePage = await homeContext.newPage();
  const homeAssets = collectAssets(homePage);
  await homePage.goto('/', { waitUntil: 'networkidle' });
  await homePage.waitForSelector('[data-nav-key]');
  // The offline engine starts by itself after the first paint: the whole first load includes it.
  await homePage.waitForFunction(async () =>
    (await indexedDB.databases()).some((database) => database.name === 'fleetpilot'),
  );
  await homePage.waitForLoadState('networkidle');
  // The budget holds the JavaScript the first screen paints with; what loads after it (the offline
  // engine, the live connection, the bell) is printed as the whole first load.
  const firstScreen = await homeAssets('client / after sign-in', await scriptsBeforeShown(homePage));
  const home = await homeAssets('client / after sign-in first load');
  lines.push({
    ...home,
    firstScreenJsGzipBytes: firstScreen.jsGzipBytes,
    firstScreenJsFiles: firstScreen.jsFiles,
    budgetJsGzipBytes: SIGNED_IN_JS_BUDGET_BYTES,
    withinBudget: firstScreen.jsGzipBytes <= SIGNED_IN_JS_BUDGET_BYTES,
  });
  await homeContext.close();

  // 3. Warm start: the service worker has precached the app; each run opens / in a new tab.
  const warmContext = await browser.newContext({ baseURL: url });
  await warmContext.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    TOKEN_KEY,
    token,
  ] as const);
  const first = await warmContext.newPage();
  await first.goto('/');
  await first.waitForSelector('[data-nav-key]');
  await first.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await first.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await first.close();
  const runs: number[] = [];
  let fromWorker = 0;
  let total = 0;
  for (let i = 0; i < WARM_RUNS; i++) {
    const page = await warmContext.newPage();
    page.on('response', (response) => {
      if (!['script', 'stylesheet', 'document'].includes(response.request().resourceType())) return;
      total += 1;
      if (response.fromServiceWorker()) fromWorker += 1;
    });
    await page.goto('/', { waitUntil: 'commit' });
    runs.push(Math.round(await timeToInteractive(page)));
    await page.close();
  }
  const sorted = [...runs].sort((a, b) => a - b);
  lines.push({
    case: 'client warm start / (service worker cache)',
    ttiMsMedian: sorted[Math.floor(sorted.length / 2)],
    ttiMsRuns: runs,
    servedByServiceWorker: `${fromWorker}/${total}`,
    goal: `median <= ${WARM_START_GOAL_MS} ms`,
    goalMet: sorted[Math.floor(sorted.length / 2)]! <= WARM_START_GOAL_MS,
  });
  await warmContext.close();
  return lines;
}

/** Runs the client cases against `options.url` (or a server it starts) and prints them as JSON lines. */
export async function benchClientBundle(options: ClientBenchOptions = {}): Promise<object[]> {
  ensureClientBuild();
  let url = options.url;
  let username = options.username ?? 'admin';
  let password = options.password ?? '';
  let stop: (() => Promise<void>) | null = null;
  if (!url) {
    const [{ buildApp }, { loadConfig }] = await Promise.all([
      import('@/server/app'),
      import('@/server/config'),
    ]);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetpilot-bench-client-'));
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

  const browser = await launchBenchChromium();
  try {
    const lines = await measure(browser, url, await signInOverHttp(url, username, password));
    for (const line of lines) console.info(JSON.stringify(line));
    return lines;
  } finally {
    await browser.close();
    await stop?.();
  }
}

runWhenMain(import.meta.url, benchClientBundle);
