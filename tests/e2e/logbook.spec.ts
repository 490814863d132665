import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { apiToken, en, preferEnglish, serverURL, signIn, signInFast } from './support/app';
import { startNetworkSwitch, type NetworkSwitch } from './support/network-switch';
import { signPad } from './support/signature';
import { USERS } from './support/users';

const TABLET = { width: 834, height: 1112 };
/** A day no other spec writes to, so the API check can count this entry alone. */
const DAY = '2025-06-02';
const SHOTS = 'tests/e2e/screenshots';
const PNG_SIGNATURE = `data:image/png;base64,${fs.readFileSync(path.resolve('public/pwa-192x192.png')).toString('base64')}`;

async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

async function entriesOn(day: string, token: string) {
  const response = await fetch(`${serverURL}/api/betriebstagebuch?from=${day}&to=${day}`, {
    headers: { 'x-auth-token': token },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as {
    total: number;
    items: Array<{
      id: string;
      status: string;
      creatorSignature: string | null;
      reviewerSignature: string | null;
      weather: unknown;
      conveyorChecks: Array<{ functional: boolean; notes: string | null }>;
    }>;
  };
}

async function tabletContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: TABLET, acceptDownloads: true });
}

test.describe('operations log on a tablet', () => {
  let relay: NetworkSwitch;
  let context: BrowserContext;

  test.beforeEach(async ({ browser }) => {
    relay = await startNetworkSwitch(new URL(serverURL));
    context = await tabletContext(browser, relay.url);
  });

  test.afterEach(async () => {
    await context.close();
    await relay.close();
  });

  test('offline: create and sign, reload, sync once; a manager approves; the PDF downloads', async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    // The operator has a signature saved in the profile.
    const operatorToken = await apiToken(request, USERS.operator);
    const saved = await request.put('/api/profile/signature', {
      headers: { 'x-auth-token': operatorToken },
      data: { signature: PNG_SIGNATURE },
    });
    expect(saved.status(), await saved.text()).toBe(200);

    const page = await context.newPage();
    await preferEnglish(page);
    await signIn(page, USERS.operator);
    await waitForServiceWorker(page);
    await page.goto('/betriebstagebuch');
    await expect(page.getByRole('heading', { name: en('nav.betriebstagebuch') })).toBeVisible();

    // The signal drops.
    await context.setOffline(true);
    relay.cut();

    await page.getByRole('button', { name: en('logbook.list.new') }).click();
    await expect(page.getByRole('heading', { name: en('logbook.form.newTitle') })).toBeVisible();
    await expect(page.getByText(en('logbook.weather.offlineHint'))).toBeVisible();
    await page.getByLabel(en('logbook.fields.date')).fill(DAY);
    await page.getByLabel(en('logbook.fields.shiftStart')).fill('22:00');
    await page.getByLabel(en('logbook.fields.shiftEnd')).fill('06:00');
    await expect(page.getByText(en('logbook.shift.overnightHint'))).toBeVisible();
    await page.getByLabel(en('logbook.fields.temperature')).fill('3');
    await page.getByLabel(en('logbook.fields.humidity')).fill('85');
    await page.getByLabel(en('logbook.fields.conditions')).first().click();
    await page.getByRole('option', { name: en('logbook.conditions.rain') }).click();

    const conveyor = page.getByTestId('conveyor-check').nth(1);
    await conveyor.getByText(en('logbook.checks.notFunctional')).click();
    await page.getByRole('button', { name: en('logbook.form.saveAndSign') }).click();
    await expect(conveyor.getByText(en('logbook.validation.noteRequired'))).toBeVisible();
    await conveyor.getByRole('textbox').fill('Belt torn at the head drum');
    await page.getByLabel(en('logbook.fields.generalNotes')).fill('Night shift, written offline.');
    await expect(page.getByTestId('profile-signature-preview')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/logbook-form-tablet.png`, fullPage: true });
    await page.getByRole('button', { name: en('logbook.form.saveAndSign') }).click();

    // Saved on the device: pending (signed), waiting to sync.
    await expect(page.getByText(en('logbook.details.pendingHint'))).toBeVisible();
    await expect(page.locator('[data-sync-state="waiting"]')).toBeVisible();
    const id = new URL(page.url()).searchParams.get('id');
    expect(id).toBeTruthy();

    // Still there after a reload without network.
    await page.reload();
    await expect(page.getByText(en('logbook.details.pendingHint'))).toBeVisible();
    await expect(page.locator('[data-sync-state="waiting"]')).toBeVisible();
    await expect(page.getByText('Belt torn at the head drum')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/logbook-details-offline-tablet.png`, fullPage: true });
    expect((await entriesOn(DAY, operatorToken)).total).toBe(0);

    // The signal returns: it syncs, exactly once.
    relay.restore();
    await context.setOffline(false);
    await expect(page.locator('[data-sync-state]')).toHaveCount(0, { timeout: 30_000 });
    await page.reload();
    await expect(page.getByText(en('logbook.details.pendingHint'))).toBeVisible();
    const synced = await entriesOn(DAY, operatorToken);
    expect(synced.total).toBe(1);
    expect(synced.items[0]).toMatchObject({
      id,
      status: 'pending',
      weather: { temperature: 3, humidity: 85, conditions: 'rain' },
    });
    expect(synced.items[0]!.creatorSignature).toMatch(/^data:image\/png;base64,/);
    expect(synced.items[0]!.conveyorChecks[1]).toMatchObject({
      functional: false,
      notes: 'Belt torn at the head drum',
    });

    // A manager approves it with a drawn signature.
    const managerContext = await tabletContext(browser, serverURL);
    try {
      const manager = await managerContext.newPage();
      await preferEnglish(manager);
      await signInFast(manager, request, USERS.manager, `/betriebstagebuch?view=detail&id=${id}`);
      await manager.getByRole('button', { name: en('logbook.actions.approve') }).click();
      const dialog = manager.getByRole('dialog');
      await expect(dialog.getByRole('button', { name: en('logbook.approve.confirm') })).toBeDisabled();
      await signPad(manager.getByRole('dialog').getByTestId('signature-canvas'));
      await dialog.getByRole('button', { name: en('logbook.approve.confirm') }).click();
      await expect(manager.getByText(en('logbook.details.locked'))).toBeVisible();
      await expect(manager.locator('[data-sync-state]')).toHaveCount(0, { timeout: 30_000 });
      await expect
        .poll(async () => (await entriesOn(DAY, operatorToken)).items[0]?.status, { timeout: 20_000 })
        .toBe('approved');
      const approved = await entriesOn(DAY, operatorToken);
      expect(approved.total).toBe(1);
      expect(approved.items[0]!.reviewerSignature).toMatch(/^data:image\/png;base64,/);
      await expect(manager.getByRole('button', { name: en('logbook.actions.edit') })).toHaveCount(0);

      // The PDF is built in the browser and downloads.
      const [download] = await Promise.all([
        manager.waitForEvent('download'),
        manager.getByRole('button', { name: en('logbook.actions.pdf') }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^betriebstagebuch-2025-06-02.*\.pdf$/);
      const file = await download.path();
      expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
      await manager.screenshot({ path: `${SHOTS}/logbook-approved-tablet.png`, fullPage: true });
    } finally {
      await managerContext.close();
    }
  });
});

test('the list filters and opens entries (desktop, dark)', async ({ page, request }) => {
  await page.addInitScript(() => localStorage.setItem('darkMode', 'true'));
  await preferEnglish(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInFast(page, request, USERS.manager, '/betriebstagebuch');
  await expect(page.getByRole('heading', { name: en('nav.betriebstagebuch') })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/logbook-list-desktop-dark.png`, fullPage: true });
  await page.goto('/betriebstagebuch?view=detail&id=0190a000-0000-7000-8000-00000000dead');
  await expect(page.getByText(en('logbook.notFound'))).toBeVisible();
});
