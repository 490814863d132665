// Lighthouse bench: the performance score of the sign-in page and of the signed-in dashboard as
// Lighthouse's default mobile profile rates them (simulated slow 4G, 4× CPU slowdown, a phone screen),
// against the production build served by the real server on loopback. Debian's Chromium is started by
// Playwright with a debugging port that Lighthouse connects to. The machine is shared, so each page is
// rated LIGHTHOUSE_RUNS times (default 5: single runs on a shared machine spread by
// twenty points) and the median printed. One JSON line per page, and one more per page with the
// slowdown applied to the browser instead of simulated (measured figures, no goal).
// Run alone with `node --import tsx tests/bench/lighthouse.ts` or `npm run bench -- lighthouse`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse, { type RunnerResult } from 'lighthouse';
import { CHROMIUM_LAUNCH } from '../e2e/support/chromium';
import { freePort, startOwnServer } from '../e2e/support/own-server';
import { ensureClientBuild, runWhenMain, signInOverHttp } from './support';

export const LIGHTHOUSE_LOGIN_GOAL = 95;
export const LIGHTHOUSE_DASHBOARD_GOAL = 90;
const RUNS = Math.min(9, Math.max(1, Number(process.env.LIGHTHOUSE_RUNS) || 5));
const METRICS = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  speedIndexMs: 'speed-index',
  cls: 'cumulative-layout-shift',
} as const;

interface Rating {
  score: number;
  metrics: Record<keyof typeof METRICS, number>;
}

/**
 * How a run slows the page down. `simulate` is Lighthouse's default and what its score means: the page
 * loads at full speed and a model replays it at 4× CPU on slow 4G. `devtools` applies that slowdown to
 * the browser itself and reports what it measured (the "applied throttling" cases below).
 */
type Throttling = 'simulate' | 'devtools';

/**
 * One Lighthouse navigation of `url` in the browser listening on `port`. A run whose trace failed
 * (NO_NAVSTART and the like: Lighthouse says to run it again) is repeated once.
 */
async function rate(
  url: string,
  port: number,
  keepStorage: boolean,
  throttling: Throttling = 'simulate',
  retry = true,
): Promise<Rating> {
  const result = await lighthouse(url, {
    port,
    logLevel: 'error',
    output: 'json',
    onlyCategories: ['performance'],
    // The dashboard run keeps the token stored beforehand; the sign-in page starts from nothing.
    disableStorageReset: keepStorage,
    throttlingMethod: throttling,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  saveReport(url, throttling, result);
  if (lhr.runtimeError) {
    if (retry) return rate(url, port, keepStorage, throttling, false);
    throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  }
  const score = lhr.categories.performance?.score;
  if (typeof score !== 'number') throw new Error(`Lighthouse gave no performance score for ${url}`);
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([name, audit]) => {
      const value = lhr.audits[audit]?.numericValue ?? Number.NaN;
      return [name, name === 'cls' ? Math.round(value * 1000) / 1000 : Math.round(value)];
    }),
  ) as Rating['metrics'];
  return { score: Math.round(score * 100), metrics };
}

/**
 * With LIGHTHOUSE_SAVE_DIR set, every run's full report is written there (numbered per page): its
 * long tasks, script boot-up times and trace-based metrics are where a score is explained. The run's
 * trace and network log go beside it: `lantern-timeline.ts` replays a simulated run from those two.
 */
let saved = 0;
function saveReport(url: string, throttling: Throttling, result: RunnerResult) {
  const dir = process.env.LIGHTHOUSE_SAVE_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const page = new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'dashboard';
  const name = path.join(dir, `${page}${throttling === 'devtools' ? '-applied' : ''}-${++saved}`);
  fs.writeFileSync(`${name}.json`, JSON.stringify(result.lhr));
  fs.writeFileSync(`${name}.trace.json`, JSON.stringify(result.artifacts.Trace));
  fs.writeFileSync(`${name}.devtoolslog.json`, JSON.stringify(result.artifacts.DevtoolsLog));
}

/** The median run by score, with every run's score beside it; `goal` null for a case without one. */
function summarise(name: string, goal: number | null, ratings: Rating[], finalUrl?: string) {
  const sorted = [...ratings].sort((a, b) => a.score - b.score);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return {
    case: name,
    scoreMedian: median.score,
    scoreRuns: ratings.map((r) => r.score),
    ...median.metrics,
    fcpMsRuns: ratings.map((r) => r.metrics.fcpMs),
    tbtMsRuns: ratings.map((r) => r.metrics.tbtMs),
    ...(finalUrl && { url: finalUrl }),
    ...(goal !== null && { goal: `score >= ${goal}`, goalMet: median.score >= goal }),
  };
}

export async function benchLighthouse(): Promise<object[]> {
  ensureClientBuild();
  const server = await startOwnServer();
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetpilot-bench-lighthouse-'));
  // A persistent context is Chromium's default one, where Lighthouse opens its tabs: the token stored
  // through Playwright is the one the dashboard run finds. No viewport: Lighthouse emulates the phone.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_LAUNCH.executablePath,
    args: [...CHROMIUM_LAUNCH.args, `--remote-debugging-port=${port}`],
    headless: true,
    viewport: null,
  });
  const origin = `http://127.0.0.1:${server.port}`;
  const lines: object[] = [];
  try {
    const token = await signInOverHttp(origin, 'admin', server.adminPassword);

    const loginRuns: Rating[] = [];
    for (let i = 0; i < RUNS; i++) loginRuns.push(await rate(`${origin}/login`, port, false));
    lines.push(summarise('lighthouse mobile /login', LIGHTHOUSE_LOGIN_GOAL, loginRuns));
    const loginApplied: Rating[] = [];
    for (let i = 0; i < RUNS; i++) loginApplied.push(await rate(`${origin}/login`, port, false, 'devtools'));
    lines.push(summarise('lighthouse mobile /login, applied throttling', null, loginApplied));

    // Before each dashboard run: nothing of the origin kept (cache, service worker, device database)
    // but the token, stored without loading the app (an API answer registers no service worker), so
    // every run is a signed-in user's first visit.
    const signedInFirstVisit = async () => {
      const page = await context.newPage();
      await page.goto(`${origin}/api/health`);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
      await page.evaluate((value) => localStorage.setItem('token', value), token);
      await cdp.detach();
      await page.close();
    };
    const dashboardRuns: Rating[] = [];
    for (let i = 0; i < RUNS; i++) {
      await signedInFirstVisit();
      dashboardRuns.push(await rate(`${origin}/`, port, true));
    }
    lines.push(
      summarise('lighthouse mobile / (signed-in dashboard)', LIGHTHOUSE_DASHBOARD_GOAL, dashboardRuns),
    );

    // The same visit with the slowdown applied to the browser: what a slow tablet on slow 4G would
    // see, measured rather than modelled. The model's blocking time depends on which of its guesses
    // about what waits for what a run's trace supports (docs/performance.md), so it swings between
    // runs of the same build; these figures do not. No goal: the goal is the model's score.
    const appliedRuns: Rating[] = [];
    for (let i = 0; i < RUNS; i++) {
      await signedInFirstVisit();
      appliedRuns.push(await rate(`${origin}/`, port, true, 'devtools'));
    }
    lines.push(summarise('lighthouse mobile / (signed-in dashboard), applied throttling', null, appliedRuns));
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
    await server.dispose();
  }
  for (const line of lines) console.info(JSON.stringify(line));
  return lines;
}

runWhenMain(import.meta.url, benchLighthouse);
