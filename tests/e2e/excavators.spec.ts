import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { apiToken, en, preferEnglish, serverURL, signIn, signInFast } from './support/app';
import { startNetworkSwitch, type NetworkSwitch } from './support/network-switch';
import { screenshotWhenStill } from './support/still';
import { USERS } from './support/users';

/*
 * The fleet register against the real server: the online flow through every view mode, the
 * quick view and the PDF, and the offline engine's end-to-end scenarios on this module.
 */

/** A 1×1 PNG: small, but a real image the server accepts and browsers decode. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();

interface ApiExcavator {
  id: string;
  version: number;
  name: string;
  location: string | null;
  profileImage: string | null;
  serialNumber: string;
}

async function createExcavator(
  request: APIRequestContext,
  token: string,
  fields: Record<string, string>,
): Promise<ApiExcavator> {
  const response = await request.post('/api/excavators', {
    headers: { 'x-auth-token': token },
    multipart: { ...fields, profileImage: { name: 'photo.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as ApiExcavator;
}

async function findBySerial(request: APIRequestContext, token: string, serial: string) {
  const response = await request.get(`/api/excavators?q=${encodeURIComponent(serial)}`, {
    headers: { 'x-auth-token': token },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as { items: ApiExcavator[]; total: number };
}

const rows = (page: Page) => page.getByTestId('excavator-row');
/** A machine's row: its button is named by the machine, its facts sit beside the button. */
const row = (page: Page, name: string) =>
  rows(page).filter({ has: page.getByRole('button', { name: en('excavators.list.open', { name }) }) });

async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

test('online: every view mode, search, quick view and the PDF download', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await apiToken(request, USERS.manager);
  const serial = `E2E-${unique()}`;
  const name = `Online Bagger ${serial}`;
  await createExcavator(request, token, {
    name,
    model: 'Liebherr R 920',
    serialNumber: serial,
    usageHours: '1480',
    lastServiceHours: '1000',
    location: 'Hamburg Hafen',
    specifications: JSON.stringify([{ key: 'Einsatzgewicht', value: '21 t' }]),
  });

  await preferEnglish(page);
  await signInFast(page, request, USERS.manager, '/excavators');
  await page.getByRole('searchbox', { name: en('excavators.filters.search') }).fill(serial.toLowerCase());
  await expect(row(page, name)).toBeVisible();
  await expect(rows(page)).toHaveCount(1);

  for (const mode of ['compact', 'full', 'regular'] as const) {
    await page.getByText(en(`excavators.view.${mode}`), { exact: true }).click();
    await expect(rows(page).first()).toHaveAttribute('data-mode', mode);
  }
  await page.getByText(en('excavators.view.full'), { exact: true }).click();
  await expect(rows(page).first()).toContainText(en('excavators.fields.engineNumber'));
  await page.reload();
  await expect(rows(page).first()).toHaveAttribute('data-mode', 'full');

  await page.getByRole('searchbox', { name: en('excavators.filters.search') }).fill(serial);
  await row(page, name).click();
  const view = page.getByTestId('excavator-quick-view');
  await expect(view).toContainText('Liebherr R 920');
  await expect(view).toContainText(en('excavators.maintenance.urgent'));
  await expect(view.getByRole('img', { name })).toBeVisible();
  await expect(view).toContainText(en('excavators.quickView.noReports'));

  // jsPDF embeds the Unicode font in the page: allow for a busy machine.
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await view.getByRole('button', { name: en('excavators.actions.pdf') }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^excavator-.*\.pdf$/);
  const bytes = fs.readFileSync((await file.path())!);
  expect(bytes.subarray(0, 4).toString('ascii')).toBe('%PDF');
  expect(bytes.length).toBeGreaterThan(10_000);
});

test('a viewer sees the register without write actions', async ({ page, request }) => {
  await preferEnglish(page);
  await signInFast(page, request, USERS.viewer, '/excavators');
  await expect(page.getByRole('heading', { name: en('nav.excavators') })).toBeVisible();
  await expect(page.getByRole('button', { name: en('excavators.actions.create') })).toHaveCount(0);
});

test.describe('offline engine on the fleet register', () => {
  let relay: NetworkSwitch;
  let context: BrowserContext;

  test.beforeEach(async ({ browser }) => {
    test.slow();
    relay = await startNetworkSwitch(new URL(serverURL));
    context = await browser.newContext({ baseURL: relay.url, viewport: { width: 1440, height: 900 } });
  });

  test.afterEach(async () => {
    await context.close();
    await relay.close();
  });

  const goOffline = async () => {
    await context.setOffline(true);
    relay.cut();
  };
  const goOnline = async () => {
    relay.restore();
    await context.setOffline(false);
  };

  test('created offline with a photo, kept over a reload, sent exactly once with its image', async ({
    request,
  }) => {
    const page = await context.newPage();
    await preferEnglish(page);
    await signIn(page, USERS.manager);
    await waitForServiceWorker(page);
    await page.goto('/excavators');
    await expect(page.getByRole('heading', { name: en('nav.excavators') })).toBeVisible();

    // Offline use starts once the app says it is ready for it, as it tells the person on the tablet.
    await expect(page.locator('html')).toHaveAttribute('data-offline-ready', 'true', { timeout: 60_000 });
    await goOffline();
    const serial = `OFF-${unique()}`;
    const name = `Offline Bagger ${serial}`;
    await page
      .getByRole('button', { name: en('excavators.actions.create') })
      .first()
      .click();
    const form = page.getByRole('dialog', { name: en('excavators.form.createTitle') });
    await form.getByRole('textbox', { name: en('excavators.fields.name') }).fill(name);
    await form.getByRole('textbox', { name: en('excavators.fields.model') }).fill('CAT 320');
    await form.getByRole('textbox', { name: en('excavators.fields.serialNumber') }).fill(serial);
    await form.getByRole('textbox', { name: en('excavators.fields.location') }).fill('Kiel Nordhafen');
    await form.locator('input[type="file"]:not([multiple])').setInputFiles({
      name: 'front.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await form
      .locator('input[type="file"][multiple]')
      .setInputFiles([{ name: 'side.png', mimeType: 'image/png', buffer: PNG }]);
    await form.getByRole('button', { name: en('excavators.actions.create') }).click();
    await expect(form).toBeHidden();

    await page.keyboard.press('Escape');
    await expect(row(page, name)).toContainText(en('sync.record.waiting'));

    await page.reload();
    await expect(row(page, name)).toContainText(en('sync.record.waiting'));
    await expect(row(page, name).getByRole('img', { name })).toBeVisible();

    await goOnline();
    await expect(row(page, name)).not.toContainText(en('sync.record.waiting'), { timeout: 30_000 });

    const token = await apiToken(request, USERS.manager);
    const found = await findBySerial(request, token, serial);
    expect(found.total).toBe(1);
    const [server] = found.items as Array<ApiExcavator & { gallery: string[] }>;
    expect(server!.name).toBe(name);
    expect(server!.profileImage).toBeTruthy();
    expect(server!.gallery).toHaveLength(1);
    const image = await request.get(`/uploads/${server!.profileImage}`);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
  });

  test('an edit conflict is resolved field by field in the Sync panel', async ({ request }) => {
    const token = await apiToken(request, USERS.manager);
    const serial = `CON-${unique()}`;
    const name = `Konflikt Bagger ${serial}`;
    const created = await createExcavator(request, token, {
      name,
      model: 'Volvo EC220E',
      serialNumber: serial,
      location: 'Bremen',
      usageHours: '100',
    });

    const page = await context.newPage();
    await preferEnglish(page);
    await signIn(page, USERS.manager);
    await page.goto('/excavators');
    await expect(row(page, name)).toBeVisible();

    // Offline use starts once the app says it is ready for it, as it tells the person on the tablet.
    await expect(page.locator('html')).toHaveAttribute('data-offline-ready', 'true', { timeout: 60_000 });
    await goOffline();
    await row(page, name).click();
    await page
      .getByTestId('excavator-quick-view')
      .getByRole('button', { name: en('excavators.actions.edit') })
      .click();
    const form = page.getByRole('dialog', { name: en('excavators.form.editTitle', { name }) });
    await form.getByRole('textbox', { name: en('excavators.fields.location') }).fill('Mein Standort');
    await form.getByRole('textbox', { name: en('excavators.fields.usageHours') }).fill('150');
    await form.getByRole('button', { name: en('excavators.actions.save') }).click();
    await expect(form).toBeHidden();

    // Meanwhile someone else changes the same machine on the server.
    const other = await request.put(`/api/excavators/${created.id}`, {
      headers: { 'x-auth-token': token, 'if-match': `"${created.version}"` },
      multipart: {
        name,
        model: 'Volvo EC220E',
        serialNumber: serial,
        location: 'Server Standort',
        usageHours: '120',
      },
    });
    expect(other.status(), await other.text()).toBe(200);

    await goOnline();
    await page.keyboard.press('Escape');
    await expect(row(page, name)).toContainText(en('sync.record.conflict'), { timeout: 30_000 });

    await page
      .getByRole('button', { name: en('sync.indicator.label_one', { count: 1 }) })
      .first()
      .click();
    await page.getByRole('button', { name: en('sync.action.resolve') }).click();
    const resolver = page.getByRole('dialog', { name: /Resolve conflict/ });
    await resolver
      .getByRole('radiogroup', { name: en('sync.conflict.choiceFor', { field: en('sync.fields.location') }) })
      .getByText(en('sync.conflict.useMine'))
      .click();
    await resolver
      .getByRole('radiogroup', {
        name: en('sync.conflict.choiceFor', { field: en('sync.fields.usageHours') }),
      })
      .getByText(en('sync.conflict.useTheirs'))
      .click();
    await resolver.getByRole('button', { name: en('sync.conflict.apply') }).click();

    await expect
      .poll(
        async () => {
          const [server] = (await findBySerial(request, token, serial)).items as Array<
            ApiExcavator & { usageHours: number }
          >;
          return server ? [server.location, server.usageHours, server.version] : null;
        },
        { timeout: 30_000 },
      )
      .toEqual(['Mein Standort', 120, 3]);
  });
});

const SCREENS = [
  ['tablet', { width: 834, height: 1112 }],
  ['desktop', { width: 1440, height: 900 }],
] as const;

for (const [device, viewport] of SCREENS) {
  for (const theme of ['light', 'dark'] as const) {
    test(`screenshots: excavators ${device} ${theme}`, async ({ page, request }) => {
      const dir = path.resolve('tests/e2e/screenshots');
      await preferEnglish(page);
      await page.addInitScript((dark) => localStorage.setItem('darkMode', String(dark)), theme === 'dark');
      await signInFast(page, request, USERS.manager, '/excavators');
      await page.setViewportSize(viewport);
      await expect(rows(page).first()).toBeVisible();
      await page.screenshot({ path: path.join(dir, `excavators-list-${device}-${theme}.png`) });
      await rows(page).first().getByRole('button').click();
      await expect(page.getByTestId('excavator-quick-view')).toBeVisible();
      await screenshotWhenStill(page, { path: path.join(dir, `excavators-quick-${device}-${theme}.png`) });
      await page
        .getByTestId('excavator-quick-view')
        .getByRole('button', { name: en('excavators.actions.edit') })
        .click();
      await expect(page.getByRole('dialog').getByRole('group').first()).toBeVisible();
      await screenshotWhenStill(page, { path: path.join(dir, `excavators-form-${device}-${theme}.png`) });
    });
  }
}
