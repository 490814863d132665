// Fleet register search (issue 5): `node --import tsx tests/bench/excavators-search.ts`. The real app on
// a throw-away PGlite with 10,000 excavators, mirrored into headless Chromium's IndexedDB by the offline
// engine; then, on /excavators, the time from a keystroke in the search box to the rendered results
// (DOM updated, and the next frame), and the DOM size of the virtualised list. Goal: p95 under 50 ms,
// fewer than 800 DOM nodes in the page's body. BENCH_EXCAVATORS overrides the fleet size; BENCH_VERBOSE
// prints the mirror's progress and where the DOM nodes are. Also run by `npm run bench` (tests/bench/run.ts).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import { openPglite } from '@/server/db/client';

const EXCAVATORS = Math.max(100, Number(process.env.BENCH_EXCAVATORS) || 10_000);
/** Typed one key at a time, then erased: every prefix is one measurement. */
const QUERIES = ['liebherr', 'hamburg', 'SN-00', 'bagger 12', 'cat 3'];
const TOKEN_KEY = 'token';

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, index)]! * 100) / 100;
}

function ensureClientBuild() {
  if (fs.existsSync('dist/client/index.html')) return;
  const result = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], {
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('vite build failed');
}

/**
 * One keystroke in the page: sets the search box's value as typing does, dispatches `input`, and
 * resolves with [ms until the results for that text are in the DOM, ms until the frame after it].
 * A string, not a function: tsx would add helpers the page does not have.
 */
const KEYSTROKE = `(async (value) => {
  const input = document.querySelector('[data-testid="excavators-search"]');
  const results = document.querySelector('[data-testid="excavators-results"]');
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

/** Runs the search bench on its own server and browser; prints its JSON lines. */
export async function benchExcavatorsSearch(): Promise<void> {
  ensureClientBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetpilot-bench-excavators-'));
  const adminPassword = `bench-${Date.now()}`;
  const config = loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: adminPassword, LOG_LEVEL: 'silent' });
  const handle = await openPglite(undefined);
  const app = await buildApp(config, { database: handle, logger: false });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    await handle.db.execute(sql`
      insert into excavators (id, version, change_seq, name, model, serial_number, status, usage_hours,
        last_service_hours, location, year)
      select gen_random_uuid(), 1, g, 'Bagger ' || g,
        (array['Liebherr R 920', 'CAT 320', 'CAT 336', 'Komatsu PC210', 'Volvo EC220E'])[g % 5 + 1],
        'SN-' || lpad(g::text, 6, '0'),
        (array['operational', 'maintenance', 'out_of_service'])[g % 3 + 1], (g * 37) % 9000,
        ((g * 37) % 9000) - (g % 600),
        (array['Hamburg Hafen', 'Bremen Recyclinghof', 'Kiel Nordhafen', 'Rostock'])[g % 4 + 1], 2010 + g % 15
      from generate_series(1, ${EXCAVATORS}) g`);
    await handle.db.execute(sql`update sync_counter set value = greatest(value, ${EXCAVATORS}) where id = 1`);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: config.adminUsername, password: adminPassword },
    });
    const { token } = login.json<{ token: string }>();

    const context = await browser.newContext({ baseURL: url, viewport: { width: 1440, height: 900 } });
    await context.addInitScript(
      ([key, value]) => {
        localStorage.setItem(key, value);
        localStorage.setItem('language', 'en');
      },
      [TOKEN_KEY, token] as const,
    );
    const page = await context.newPage();
    const mirrorStart = Date.now();
    await page.goto('/excavators');
    for (;;) {
      const count = await page
        .locator('[data-testid="excavator-list"]')
        .getAttribute('data-count', { timeout: 1000 })
        .catch(() => null);
      if (count === String(EXCAVATORS)) break;
      if (Date.now() - mirrorStart > 600_000) throw new Error(`mirror incomplete after 10 min: ${count}`);
      if (process.env.BENCH_VERBOSE) console.info(`mirrored ${count ?? 0} of ${EXCAVATORS}`);
      await page.waitForTimeout(2000);
    }
    console.info(JSON.stringify({ case: 'mirror', excavators: EXCAVATORS, ms: Date.now() - mirrorStart }));

    // The goal counts what the page renders (the body); the document adds <head> (styles, preloads).
    const dom = await page.evaluate(() => ({
      document: document.querySelectorAll('*').length,
      body: document.body.querySelectorAll('*').length,
      list: document.querySelector('[data-testid="excavator-list"]')!.querySelectorAll('*').length,
      rows: document.querySelectorAll('[data-testid="excavator-row"]').length,
    }));
    console.info(JSON.stringify({ case: 'dom nodes', ...dom, goal: 800, withinGoal: dom.body < 800 }));
    if (process.env.BENCH_VERBOSE) {
      const parts = (await page.evaluate(`(() => {
        const count = (el) => (el ? el.querySelectorAll('*').length + 1 : 0);
        return {
          header: count(document.querySelector('header')),
          navbar: count(document.querySelector('nav')),
          main: count(document.querySelector('main')),
          svg: [...document.querySelectorAll('svg')].reduce((n, el) => n + count(el), 0),
          filters: count(document.querySelector('[data-testid="excavators-results"] > div')),
          head: count(document.head),
          portals: [...document.body.children].reduce((n, el) => n + (el.id === 'root' ? 0 : count(el)), 0),
        };
      })()`)) as Record<string, number>;
      console.info(JSON.stringify({ case: 'dom parts', ...parts }));
    }

    const toDom: number[] = [];
    const toFrame: number[] = [];
    for (const query of QUERIES) {
      for (let i = 1; i <= query.length; i++) {
        const [d, f] = (await page.evaluate(
          `${KEYSTROKE}(${JSON.stringify(query.slice(0, i))})`,
        )) as number[];
        toDom.push(d!);
        toFrame.push(f!);
      }
      await page.evaluate(`${KEYSTROKE}('')`);
    }
    toDom.sort((a, b) => a - b);
    toFrame.sort((a, b) => a - b);
    console.info(
      JSON.stringify({
        case: 'search keystroke → rendered results',
        excavators: EXCAVATORS,
        keystrokes: toDom.length,
        p50DomMs: percentile(toDom, 50),
        p95DomMs: percentile(toDom, 95),
        p50FrameMs: percentile(toFrame, 50),
        p95FrameMs: percentile(toFrame, 95),
        goalMs: 50,
        withinGoal: percentile(toFrame, 95) < 50,
      }),
    );
    await context.close();
  } finally {
    await browser.close();
    await app.close();
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  benchExcavatorsSearch().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
