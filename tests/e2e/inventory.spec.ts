import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, en, preferEnglish, serverURL, signIn, signInFast } from './support/app';
import { startNetworkSwitch } from './support/network-switch';
import { USERS } from './support/users';

interface ApiItem {
  id: string;
  name: string;
  quantity: number;
  tags: string[];
}

const run = Date.now().toString(36);
const screenshots = path.resolve('tests/e2e/screenshots');

async function api<T>(
  request: APIRequestContext,
  url: string,
  init: { method?: string; data?: unknown } = {},
) {
  const token = await apiToken(request, USERS.manager);
  const response = await request.fetch(`${serverURL}/api${url}`, {
    method: init.method ?? 'GET',
    headers: { 'x-auth-token': token },
    data: init.data,
  });
  expect(response.ok(), `${init.method ?? 'GET'} ${url}: ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: en('inventory.filters.search') }).fill(text);
}

test('import a CSV, bulk-tag the items, export CSV and Excel', async ({ page, request }) => {
  await preferEnglish(page);
  await signInFast(page, request, USERS.manager, '/inventory');

  // `;` separators, decimal commas, umlauts and Greek; row 4 has no name.
  const csv =
    '\uFEFFname;description;quantity;price;category;location;supplier\r\n' +
    `Ölfilter ${run};Für den Motor;10;12,50;Filter;Lager 1;Mann\r\n` +
    `Φίλτρο ${run};;4;7,25;Filter;Lager 2;Bosch\r\n` +
    ';ohne Namen;3;1,00;;;\r\n' +
    `Keilriemen ${run};;2;5,00;Riemen;Lager 1;Gates\r\n`;
  await page.getByRole('button', { name: en('inventory.import.button') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'parts.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  await expect(dialog.getByTestId('import-errors')).toContainText('Row 4: Name is required');
  await dialog.getByRole('button', { name: 'Import 3 items' }).click();
  await expect(dialog.getByTestId('import-result')).toContainText(
    en('inventory.import.completed', { imported: 3 }),
  );
  await expect(dialog.getByTestId('import-result')).toContainText(
    en('inventory.import.errorsOccurred', { errors: 1 }),
  );
  // The dialog's own button (the header's close icon has the same name).
  await dialog
    .getByRole('button', { name: en('inventory.actions.close') })
    .last()
    .click();

  // The imported items reach this device's copy; select two and tag them at once.
  await search(page, run);
  await expect(page.getByTestId('inventory-card')).toHaveCount(3);
  await page.getByRole('checkbox', { name: `Select Ölfilter ${run}` }).check();
  await page.getByRole('checkbox', { name: `Select Φίλτρο ${run}` }).check();
  await page.getByRole('button', { name: en('inventory.bulk.open') }).click();
  const bulk = page.getByRole('dialog');
  const tag = `bulk-${run}`;
  await bulk.getByLabel(en('inventory.bulk.add')).and(bulk.locator('input')).fill(tag);
  await bulk.getByLabel(en('inventory.bulk.add')).and(bulk.locator('input')).press('Enter');
  await bulk.getByRole('button', { name: en('inventory.bulk.apply') }).click();
  await expect(bulk).toBeHidden();
  await expect
    .poll(async () => (await api<{ total: number }>(request, `/inventory?tag=${tag}`)).total)
    .toBe(2);
  await expect(page.getByRole('article', { name: `Ölfilter ${run}` }).getByText(tag)).toBeVisible();

  // Export of the current filter, both formats.
  for (const [format, label] of [
    ['csv', en('inventory.export.csv')],
    ['xlsx', en('inventory.export.xlsx')],
  ] as const) {
    await page.getByRole('button', { name: en('inventory.export.button') }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: label }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^inventory-\\d{4}-\\d{2}-\\d{2}\\.${format}$`));
    const bytes = fs.readFileSync((await download.path())!);
    if (format === 'csv') {
      const text = bytes.toString('utf8');
      expect(text.startsWith('\uFEFF')).toBe(true);
      expect(text).toContain(`Ölfilter ${run}`);
      expect(text).toContain(`Φίλτρο ${run}`);
      expect(text).toContain(`Keilriemen ${run}`);
      expect(text.trim().split(/\r\n/)).toHaveLength(4);
    } else {
      expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    }
  }
});

test('a quantity changed offline is counted once the connection returns', async ({ browser, request }) => {
  const created = await api<ApiItem>(request, '/inventory', {
    method: 'POST',
    data: { name: `Offline grease ${run}`, quantity: 5 },
  });
  const relay = await startNetworkSwitch(new URL(serverURL));
  const context = await browser.newContext({ baseURL: relay.url, viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await preferEnglish(page);
    await signIn(page, USERS.operator);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.goto('/inventory');
    await search(page, `Offline grease ${run}`);
    const card = page.getByRole('article', { name: `Offline grease ${run}` });
    await expect(card.getByTestId('item-quantity')).toHaveText('5');

    await context.setOffline(true);
    relay.cut();
    await card
      .getByRole('button', { name: en('inventory.quantity.increase', { name: `Offline grease ${run}` }) })
      .click();
    await card
      .getByRole('button', { name: en('inventory.quantity.increase', { name: `Offline grease ${run}` }) })
      .click();
    await expect(card.getByTestId('item-quantity')).toHaveText('7');
    await expect(card.locator('[data-sync-state]')).toBeVisible();
    // The server has not heard of it yet.
    expect((await api<ApiItem>(request, `/inventory/${created.id}`)).quantity).toBe(5);

    relay.restore();
    await context.setOffline(false);
    await expect(card.locator('[data-sync-state]')).toHaveCount(0, { timeout: 30_000 });
    await expect.poll(async () => (await api<ApiItem>(request, `/inventory/${created.id}`)).quantity).toBe(7);
  } finally {
    await context.close();
    await relay.close();
  }
});

test('a CSV imported offline survives a reload and is imported once when the connection returns', async ({
  browser,
  request,
}) => {
  const relay = await startNetworkSwitch(new URL(serverURL));
  const context = await browser.newContext({ baseURL: relay.url, viewport: { width: 1280, height: 900 } });
  const names = [`Offline filter ${run}`, `Offline belt ${run}`];
  try {
    const page = await context.newPage();
    await preferEnglish(page);
    await signIn(page, USERS.manager);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.goto('/inventory');
    await expect(page.getByTestId('inventory-results')).toBeVisible();

    await context.setOffline(true);
    relay.cut();
    await page.getByRole('button', { name: en('inventory.import.button') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'offline.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`name;quantity;price\r\n${names[0]};3;4,50\r\n${names[1]};1;2,00\r\n`, 'utf8'),
    });
    await dialog.getByRole('button', { name: 'Queue import of 2 items' }).click();
    await expect(dialog.getByTestId('import-queued')).toBeVisible();
    // The dialog's own button (the header's close icon has the same name).
    await dialog
      .getByRole('button', { name: en('inventory.actions.close') })
      .last()
      .click();
    const batch = page.getByTestId('import-batch');
    await expect(batch).toHaveAttribute('data-state', 'waiting');

    await page.screenshot({ path: path.join(screenshots, 'inventory-import-queued-desktop-light.png') });

    // The queued import is on the device, not in the page: it is still there after a reload offline
    // (in dark mode, on a tablet, for the screenshots).
    await page.evaluate(() => localStorage.setItem('darkMode', 'true'));
    await page.setViewportSize({ width: 834, height: 1112 });
    await page.reload();
    await expect(page.getByTestId('import-batch')).toHaveAttribute('data-state', 'waiting');
    await page.screenshot({ path: path.join(screenshots, 'inventory-import-queued-tablet-dark.png') });

    relay.restore();
    await context.setOffline(false);
    await expect(page.getByTestId('import-batch')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
    await expect(page.getByTestId('import-batch')).toContainText(
      en('inventory.import.completed', { imported: 2 }),
    );
    await search(page, `Offline filter ${run}`);
    await expect(page.getByRole('article', { name: names[0] })).toBeVisible();
    await page.screenshot({ path: path.join(screenshots, 'inventory-import-done-tablet-dark.png') });
    const found = await api<{ items: ApiItem[] }>(
      request,
      `/inventory?q=${encodeURIComponent(run)}&limit=100`,
    );
    expect(
      found.items
        .filter((item) => names.includes(item.name))
        .map((item) => item.name)
        .sort(),
    ).toEqual([...names].sort());
    await page
      .getByTestId('import-batch')
      .getByRole('button', { name: en('inventory.actions.close') })
      .click();
    await expect(page.getByTestId('import-batch')).toHaveCount(0);
  } finally {
    await context.close();
    await relay.close();
  }
});

test.describe('inventory screenshots', () => {
  for (const [device, viewport] of [
    ['tablet', { width: 834, height: 1112 }],
    ['desktop', { width: 1440, height: 900 }],
  ] as const) {
    for (const theme of ['light', 'dark'] as const) {
      test(`${device}, ${theme}`, async ({ page, request }) => {
        await preferEnglish(page);
        await page.addInitScript((dark) => localStorage.setItem('darkMode', String(dark)), theme === 'dark');
        // Signed in on the desktop layout (its sidebar tells the shell is ready), then the device size.
        await signInFast(page, request, USERS.manager, '/inventory');
        await page.setViewportSize(viewport);
        await expect(page.getByTestId('inventory-count')).toBeVisible();
        await page.screenshot({ path: path.join(screenshots, `inventory-cards-${device}-${theme}.png`) });
        await page.getByText(en('inventory.view.table')).click();
        const row = page.getByTestId('inventory-row').first();
        await expect(row).toBeVisible();
        // The quantity stepper and the row's menu are in view without scrolling sideways (on the
        // tablet, the tag and location columns step aside).
        const menu = await row.locator('button[aria-haspopup="menu"]').boundingBox();
        expect(menu && menu.x + menu.width).toBeLessThanOrEqual(viewport.width);
        await page.screenshot({ path: path.join(screenshots, `inventory-table-${device}-${theme}.png`) });
      });
    }
  }
});
