// Parts inventory: `node --import tsx tests/bench/inventory.ts`. The real app on a throw-away
// PGlite, driven in headless Chromium as a manager would:
// - import a 10,000-row CSV end to end: pick the file in the Import dialog (parsed and previewed on the
//   device), press Import, and wait until all 10,000 items are mirrored and the list shows them
//   (goal under 10 s);
// - filter the 10,000 mirrored items: time from a keystroke in the search box to the rendered results
//   and the frame after (goal p95 under 50 ms), with the table virtualised (DOM nodes printed).
// BENCH_INVENTORY overrides the item count; BENCH_PROFILE_DIR saves CPU profiles of both phases and
// BENCH_CLIENT_DIR serves another client build (e.g. `vite build --minify false`, for readable profiles).
// Also run by `npm run bench` (tests/bench/run.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
  startProfile,
} from './support';

const ITEMS = Math.max(100, Number(process.env.BENCH_INVENTORY) || 10_000);
const GOALS_MS = { import: 10_000, keystroke: 50 } as const;
/** Typed one key at a time, then erased: every prefix is one measurement. */
const QUERIES = ['filter', 'hydraulik', 'bosch', 'teil 12', 'dichtung'];
const TOKEN_KEY = 'token';

const NAMES = ['Ölfilter', 'Hydraulikschlauch', 'Keilriemen', 'Dichtungssatz', 'Luftfilter', 'Zahn'];
const MAKERS = ['Bosch', 'Mann', 'Liebherr', 'CAT', 'Hydac'];
const TYPES = ['Filter', 'Hydraulik', 'Antrieb', 'Verschleiß'];
const LOCATIONS = ['Lager 1', 'Lager 2', 'Werkstatt', 'Container Nord'];

/** A German spreadsheet export: `;`, decimal commas, a BOM, umlauts. */
export function inventoryCsv(count: number): string {
  const lines = ['\uFEFFname;description;quantity;price;category;location;supplier'];
  for (let i = 1; i <= count; i++) {
    const name = `${NAMES[i % NAMES.length]} Teil ${i}`;
    const price = `${(i % 500) + 1},${String(i % 100).padStart(2, '0')}`;
    lines.push(
      [
        name,
        `Ersatzteil Nr. ${i}`,
        String(i % 40),
        price,
        TYPES[i % TYPES.length],
        LOCATIONS[i % LOCATIONS.length],
        MAKERS[i % MAKERS.length],
      ].join(';'),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Runs the inventory bench on its own server and browser; prints its JSON lines. */
export async function benchInventory(): Promise<void> {
  ensureClientBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetpilot-bench-inventory-'));
  const csvFile = path.join(dataDir, 'parts.csv');
  fs.writeFileSync(csvFile, inventoryCsv(ITEMS));
  const adminPassword = `bench-${Date.now()}`;
  const loaded = loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: adminPassword, LOG_LEVEL: 'silent' });
  const config = { ...loaded, clientDir: process.env.BENCH_CLIENT_DIR ?? loaded.clientDir };
  const handle = await openPglite(undefined);
  const app = await buildApp(config, { database: handle, logger: false });
  const browser = await launchBenchChromium();
  try {
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
    await page.goto('/inventory');
    await page.getByText('No parts in the inventory yet').waitFor({ timeout: 60_000 });

    // Import, end to end: from picking the file to every item listed on this device.
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog');
    const stopImportProfile = await startProfile(page, 'inventory-import');
    const started = Date.now();
    await dialog.locator('input[type="file"]').setInputFiles(csvFile);
    const submit = dialog.getByRole('button', { name: /^Import [\d,.]+ items$/ });
    await submit.waitFor({ timeout: 60_000 });
    const previewed = Date.now();
    await submit.click();
    await dialog.getByTestId('import-result').waitFor({ timeout: 120_000 });
    const answered = Date.now();
    await page.keyboard.press('Escape');
    const results = page.getByTestId('inventory-results');
    if (process.env.BENCH_VERBOSE) {
      await reportCountChanges(page, '[data-testid="inventory-results"]', String(ITEMS), (count) =>
        console.info(`${Date.now() - started} ms: ${count ?? 0} items listed`),
      );
    }
    await results.and(page.locator(`[data-count="${ITEMS}"]`)).waitFor({ timeout: 120_000 });
    const listed = Date.now();
    await stopImportProfile();
    console.info(
      JSON.stringify({
        case: 'inventory CSV import in the browser (pick file → all items listed)',
        items: ITEMS,
        previewMs: previewed - started,
        answeredMs: answered - started,
        ms: listed - started,
        goalMs: GOALS_MS.import,
        withinGoal: listed - started < GOALS_MS.import,
      }),
    );

    // The table view (kept per user) is the one that must stay smooth.
    await page.locator('.mantine-SegmentedControl-label', { hasText: 'Table' }).click();
    await page.getByTestId('inventory-row').first().waitFor();
    const dom = await page.evaluate(() => ({
      body: document.body.querySelectorAll('*').length,
      rows: document.querySelectorAll('[data-testid="inventory-row"], [data-testid="inventory-card"]').length,
      rowHeights: [
        ...new Set(
          [...document.querySelectorAll<HTMLElement>('[data-testid="inventory-row"]')].map(
            (r) => r.offsetHeight,
          ),
        ),
      ],
    }));
    console.info(JSON.stringify({ case: 'inventory dom nodes (10,000 items, virtualised)', ...dom }));

    const stopFilterProfile = await startProfile(page, 'inventory-filter');
    const typing = await measureTyping(
      page,
      { input: 'input[data-testid="inventory-search"]', results: '[data-testid="inventory-results"]' },
      QUERIES,
    );
    await stopFilterProfile();
    console.info(
      JSON.stringify({
        case: 'inventory filter keystroke → rendered results',
        items: ITEMS,
        ...typing,
        goalMs: GOALS_MS.keystroke,
        withinGoal: typing.p95FrameMs < GOALS_MS.keystroke,
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

runWhenMain(import.meta.url, benchInventory);
