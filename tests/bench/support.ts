// What the benches share: percentiles, the client build they measure, the typing measurement of the
// list benches, and running a bench file on its own.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type JSHandle, type Page } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import { CHROMIUM_LAUNCH } from '../e2e/support/chromium';

/** The p-th percentile of ascending `sorted`, to 0.01 ms. */
export function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, index)]! * 100) / 100;
}

/** The browser benches measure the production build; build it when there is none. */
export function ensureClientBuild() {
  if (fs.existsSync('dist/client/index.html')) return;
  const result = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], {
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('vite build failed');
}

/** Runs `bench` when the file that calls this is the one node was started with. */
export function runWhenMain(importMetaUrl: string, bench: () => Promise<unknown>) {
  if (process.argv[1] && importMetaUrl === pathToFileURL(path.resolve(process.argv[1])).href) {
    bench().catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
  }
}

/**
 * One keystroke in the page: sets the search box's value as typing does, dispatches `input`, and
 * resolves with [ms until the results for that text are in the DOM (the results element's `data-query`
 * names it), ms until the frame after it]. A string, not a function: tsx would add helpers the page
 * does not have.
 */
function keystrokeScript(input: string, results: string): string {
  return `(async (value) => {
  const input = document.querySelector(${JSON.stringify(input)});
  const results = document.querySelector(${JSON.stringify(results)});
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  const t0 = performance.now();
  setter.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  const done = () => results.getAttribute('data-query') === value;
  while (!done()) {
    await new Promise((r) => setTimeout(r, 0));
    if (performance.now() - t0 > 5000) throw new Error('no results rendered for ' + value);
  }
  const rendered = performance.now();
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  return [rendered - t0, performance.now() - t0];
})`;
}

export interface TypingTimes {
  keystrokes: number;
  p50DomMs: number;
  p95DomMs: number;
  p50FrameMs: number;
  p95FrameMs: number;
}

/**
 * Resolves once the page has run no long task (over 50 ms) for `quietMs`, or after `maxMs`: the typing
 * measurement starts when the work that loading the list set off (mirror writes, re-reads) is over.
 * Resolves with the ms it waited.
 */
export async function waitForQuiet(page: Page, quietMs = 1000, maxMs = 20_000): Promise<number> {
  return (await page.evaluate(`new Promise((resolve) => {
  const t0 = performance.now();
  let last = t0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) last = Math.max(last, entry.startTime + entry.duration);
  });
  observer.observe({ type: 'longtask', buffered: false });
  const check = () => {
    const now = performance.now();
    if (now - last >= ${quietMs} || now - t0 >= ${maxMs}) {
      observer.disconnect();
      resolve(Math.round(now - t0));
    } else setTimeout(check, 100);
  };
  setTimeout(check, 100);
})`)) as number;
}

/**
 * Reports each new `data-count` of the element at `selector` until it reads `goal`. Each round waits for
 * the count to change (checked on every animation frame in the page), not for a fixed time.
 */
export async function reportCountChanges(
  page: Page,
  selector: string,
  goal: string,
  report: (count: string | null) => void,
  timeoutMs = 600_000,
): Promise<void> {
  let count: string | null = null;
  while (count !== goal) {
    // A string, not a function: tsx would add helpers to a function that do not exist in the page.
    const changed: JSHandle = await page.waitForFunction(
      `(() => {
        const now = document.querySelector(${JSON.stringify(selector)})?.getAttribute('data-count') ?? null;
        return now !== ${JSON.stringify(count)} ? { now } : null;
      })()`,
      undefined,
      { timeout: timeoutMs },
    );
    count = ((await changed.jsonValue()) as { now: string | null }).now;
    report(count);
  }
}

/** Types each query one key at a time (every prefix is one measurement), erasing it after. */
export async function measureTyping(
  page: Page,
  selectors: { input: string; results: string },
  queries: readonly string[],
): Promise<TypingTimes> {
  const script = keystrokeScript(selectors.input, selectors.results);
  const waited = await waitForQuiet(page);
  if (process.env.BENCH_VERBOSE) console.info(`  page quiet after ${waited} ms`);
  const domTimes: number[] = [];
  const frameTimes: number[] = [];
  for (const query of queries) {
    for (let i = 1; i <= query.length; i++) {
      const text = query.slice(0, i);
      const [d, f] = (await page.evaluate(`${script}(${JSON.stringify(text)})`)) as number[];
      domTimes.push(d!);
      frameTimes.push(f!);
      if (process.env.BENCH_VERBOSE)
        console.info(`  ${JSON.stringify(text)}: ${d!.toFixed(1)} / ${f!.toFixed(1)} ms`);
    }
    await page.evaluate(`${script}('')`);
  }
  domTimes.sort((a, b) => a - b);
  frameTimes.sort((a, b) => a - b);
  return {
    keystrokes: domTimes.length,
    p50DomMs: percentile(domTimes, 50),
    p95DomMs: percentile(domTimes, 95),
    p50FrameMs: percentile(frameTimes, 50),
    p95FrameMs: percentile(frameTimes, 95),
  };
}

/** Headless Debian Chromium as the browser benches run it (CHROMIUM_PATH overrides the binary). */
export function launchBenchChromium(): Promise<Browser> {
  return chromium.launch({ ...CHROMIUM_LAUNCH, headless: true });
}

/**
 * With BENCH_PROFILE_DIR set, records the page's JavaScript CPU profile of a phase into
 * `<dir>/<name>.cpuprofile` (open it in Chromium's DevTools; build with `vite build --minify false`
 * for readable names). Returns the function that stops and saves it.
 */
export async function startProfile(page: Page, name: string): Promise<() => Promise<void>> {
  const dir = process.env.BENCH_PROFILE_DIR;
  if (!dir) return async () => undefined;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  return async () => {
    const { profile } = await cdp.send('Profiler.stop');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
    await cdp.detach();
  };
}

/** Signs in through the app (in process) and returns the token. */
export async function signInToken(app: FastifyInstance, username: string, password: string): Promise<string> {
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
  if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
  return login.json<{ token: string }>().token;
}

/** Signs in over HTTP against a listening server and returns the token. */
export async function signInOverHttp(origin: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** p50 and p95 of `requests` signed-in GETs of `url` in process, after `warmup` unmeasured ones. */
export async function measureRequests(
  app: FastifyInstance,
  url: string,
  token: string,
  { requests, warmup }: { requests: number; warmup: number },
): Promise<{ p50Ms: number; p95Ms: number }> {
  const headers = { 'x-auth-token': token };
  for (let i = 0; i < warmup; i++) await app.inject({ url, headers });
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
    const t0 = performance.now();
    const res = await app.inject({ url, headers });
    times.push(performance.now() - t0);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  }
  times.sort((a, b) => a - b);
  return { p50Ms: percentile(times, 50), p95Ms: percentile(times, 95) };
}
