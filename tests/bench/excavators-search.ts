// Fleet register search: `node --import tsx tests/bench/excavators-search.ts`. The real app on
// a throw-away PGlite with 10,000 excavators, mirrored into headless Chromium's IndexedDB by the offline
// engine; then, on /excavators, the time from a keystroke in the search box to the rendered results
// (DOM updated, and the next frame), and the DOM size of the virtualised list. Goal: p95 under 50 ms,
// fewer than 800 DOM nodes in the page's body. BENCH_EXCAVATORS overrides the fleet size; BENCH_VERBOSE
// prints the mirror's progress and where the DOM nodes are. Also run by `npm run bench` (tests/bench/run.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import { openPglite } from '@/server/db/client';
import {
  ensureClientBuild,
  launchBenchChromium,
  measureTyping,
  reportCountChanges,
  runWhenMain,
  signInToken,
} from './support';

const EXCAVATORS = Math.max(100, Number(process.env.BENCH_EXCAVATORS) || 10_000);
/** Typed one key at a time, then erased: every prefix is one measurement. */
const QUERIES = ['liebherr', 'hamburg', 'SN-00', 'bagger 12', 'cat 3'];
const TOKEN_KEY = 'token';

/** Runs the search bench on its own server and browser; prints its JSON lines. */
export async function benchExcavatorsSearch(): Promise<void> {
  ensureClientBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetpilot-bench-excavators-'));
  const adminPassword = `bench-${Date.now()}`;
  const config = loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: adminPassword, LOG_LEVEL: 'silent' });
  const handle = await openPglite(undefined);
  const app = await buildApp(config, { database: handle, logger: false });
  const browser = await launchBenchChromium();
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
    const token = await signInToken(app, config.adminUsername, adminPassword);

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
    const list = page.locator('[data-testid="excavator-list"]');
    if (process.env.BENCH_VERBOSE) {
      await reportCountChanges(page, '[data-testid="excavator-list"]', String(EXCAVATORS), (count) =>
        console.info(`mirrored ${count ?? 0} of ${EXCAVATORS}`),
      );
    }
    await list
      .and(page.locator(`[data-count="${EXCAVATORS}"]`))
      .waitFor({ timeout: 600_000 })
      .catch(async () => {
        const count = await list.getAttribute('data-count', { timeout: 1000 }).catch(() => null);
        throw new Error(`mirror incomplete after 10 min: ${count}`);
      });
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

    const typing = await measureTyping(
      page,
      { input: '[data-testid="excavators-search"]', results: '[data-testid="excavators-results"]' },
      QUERIES,
    );
    console.info(
      JSON.stringify({
        case: 'search keystroke → rendered results',
        excavators: EXCAVATORS,
        ...typing,
        goalMs: 50,
        withinGoal: typing.p95FrameMs < 50,
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

runWhenMain(import.meta.url, benchExcavatorsSearch);
