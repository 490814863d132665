import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  apiToken,
  closeKeepOpenPrompt,
  en,
  preferEnglish,
  serverURL as baseURL,
  TOKEN_KEY,
} from './support/app';
import { startNetworkSwitch, type NetworkSwitch } from './support/network-switch';
import { signPad } from './support/signature';
import { screenshotWhenStill } from './support/still';
import { USERS, type E2eUser } from './support/users';

const RUN = Date.now().toString(36);
const MACHINE = `Report machine ${RUN}`;
const DESCRIPTION = `Weekly inspection ${RUN}`;
const TABLET = { width: 834, height: 1112 };

async function createMachine(request: APIRequestContext): Promise<string> {
  const token = await apiToken(request, USERS.admin);
  const response = await request.post('/api/excavators', {
    headers: { 'x-auth-token': token },
    data: { name: MACHINE, model: 'CAT 320', serialNumber: `RP-${RUN}`, usageHours: 1000 },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function reportOnServer(request: APIRequestContext, excavatorId: string) {
  const token = await apiToken(request, USERS.admin);
  const response = await request.get(`/api/reports?excavator=${excavatorId}`, {
    headers: { 'x-auth-token': token },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as {
    items: Array<{ id: string; status: string; operatingHours: number }>;
  };
  return body.items[0] ?? null;
}

/** Signs in with a token from the API; waits for the top bar (the sidebar is a drawer on tablets). */
async function enter(page: Page, request: APIRequestContext, user: E2eUser, path: string): Promise<void> {
  const token = await apiToken(request, user);
  await closeKeepOpenPrompt(page);
  await page.goto('/login');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
  await page.goto(path);
  await expect(page.getByRole('link', { name: en('shell.user.viewProfile') })).toBeVisible({
    timeout: 30_000,
  });
}

async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

test.describe('maintenance report, offline to approved', () => {
  let relay: NetworkSwitch;

  test.beforeEach(async () => {
    relay = await startNetworkSwitch(new URL(baseURL));
  });
  test.afterEach(async () => {
    await relay.close();
  });

  test('an operator submits offline, the manager approves, the operator downloads the PDF', async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const excavatorId = await createMachine(request);

    // Operator on a tablet, through a line that can be cut.
    const operatorContext = await browser.newContext({
      baseURL: relay.url,
      viewport: TABLET,
      hasTouch: true,
    });
    const page = await operatorContext.newPage();
    await preferEnglish(page);
    await enter(page, request, USERS.operator, '/reports');
    await waitForServiceWorker(page);
    await page.goto('/reports?view=new');
    await expect(page.getByRole('heading', { name: en('reports.newTitle') })).toBeVisible();
    // The machine made a moment ago has reached the device before the line goes down.
    const picker = page.getByTestId('report-form').getByLabel(en('reports.fields.excavator')).first();
    await expect(picker).toBeEnabled({ timeout: 30_000 });
    await picker.click();
    await expect(page.getByRole('option', { name: new RegExp(MACHINE) })).toBeVisible({ timeout: 30_000 });
    await page.keyboard.press('Escape');

    await operatorContext.setOffline(true);
    relay.cut();

    await picker.click();
    await picker.fill(`RP-${RUN}`);
    await page.getByRole('option', { name: new RegExp(MACHINE) }).click();
    await page.getByLabel(en('reports.fields.operatingHours')).fill('1234');
    await page.getByRole('slider').focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    // The description grows with its text, sized by the browser: three lines empty, taller with eight,
    // and no height a script wrote into its style.
    const description = page.getByLabel(en('reports.fields.description'), { exact: true });
    const height = () => description.evaluate((field) => field.getBoundingClientRect().height);
    const empty = await height();
    await description.fill(Array.from({ length: 8 }, (_, line) => `line ${line + 1}`).join('\n'));
    expect(await height()).toBeGreaterThan(empty * 2);
    expect(
      await description.evaluate((field) => getComputedStyle(field).getPropertyValue('field-sizing')),
    ).toBe('content');
    expect(await description.evaluate((field) => (field as HTMLElement).style.height)).toBe('');
    await description.fill(DESCRIPTION);
    expect(await height()).toBeCloseTo(empty, 0);
    const tracks = page.getByTestId('checklist-exterior-tracks');
    await tracks.getByText(en('reports.checklist.states.not_ok')).click();
    await tracks.getByRole('textbox').fill('Left track worn');
    for (const button of await page.getByRole('button', { name: en('reports.checklist.restOk') }).all()) {
      await button.click();
    }
    await signPad(page.getByTestId('signature-canvas'));
    await page.getByRole('button', { name: en('reports.actions.saveAndSubmit') }).click();

    await expect(page.getByText(en('reports.notices.created'))).toBeVisible();
    const detail = page.getByTestId('report-detail');
    await expect(detail.locator('[data-status="pending"]')).toBeVisible();
    await expect(detail.locator('[data-sync-state="waiting"]')).toBeVisible();
    await expect(detail.getByText('Left track worn')).toBeVisible();

    // Still there after a reload without network.
    await page.reload();
    await expect(page.getByTestId('report-detail').locator('[data-status="pending"]')).toBeVisible();
    expect(await reportOnServer(request, excavatorId)).toBeNull();

    // Online again: the outbox goes out exactly once.
    relay.restore();
    await operatorContext.setOffline(false);
    await expect(page.getByTestId('report-detail').locator('[data-sync-state]')).toHaveCount(0, {
      timeout: 30_000,
    });
    // The badge can clear a moment before the list answer includes the row: ask until it does.
    await expect
      .poll(() => reportOnServer(request, excavatorId), { timeout: 15_000 })
      .toMatchObject({ status: 'pending', operatingHours: 1234 });
    const saved = await reportOnServer(request, excavatorId);
    const reportId = saved!.id;

    // The manager sees it pending and approves it with a signature.
    const managerContext = await browser.newContext({ baseURL, viewport: TABLET, hasTouch: true });
    const manager = await managerContext.newPage();
    await preferEnglish(manager);
    await enter(manager, request, USERS.manager, `/reports?status=pending&excavator=${excavatorId}`);
    const row = manager.getByTestId('report-row').filter({ hasText: MACHINE });
    await expect(row).toHaveCount(1, { timeout: 30_000 });
    await expect(row.locator('[data-status="pending"]')).toBeVisible();
    await row.click();
    const quick = manager.getByTestId('report-quick-view');
    await quick.getByRole('button', { name: en('reports.actions.approve') }).click();
    const dialog = manager.getByRole('dialog', { name: en('reports.approve.title') });
    await dialog.getByRole('button', { name: en('reports.actions.approve') }).click();
    await expect(dialog.getByText(en('reports.validation.managerSignature'))).toBeVisible();
    await signPad(dialog.getByTestId('signature-canvas'));
    await dialog.getByRole('button', { name: en('reports.actions.approve') }).click();
    await expect(manager.getByText(en('reports.notices.approved'))).toBeVisible();
    await expect
      .poll(async () => (await reportOnServer(request, excavatorId))?.status, { timeout: 30_000 })
      .toBe('approved');
    await managerContext.close();

    // The operator downloads the PDF (built in the browser).
    await page.goto(`/reports?view=detail&id=${reportId}`);
    await expect(page.getByTestId('report-detail').locator('[data-status="approved"]')).toBeVisible({
      timeout: 30_000,
    });
    const downloading = page.waitForEvent('download');
    await page
      .getByTestId('report-detail')
      .getByRole('button', { name: en('reports.actions.pdf') })
      .click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const file = await download.path();
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    await operatorContext.close();
  });
});

test.describe('report screens (screenshots)', () => {
  for (const [name, viewport] of [
    ['tablet', TABLET],
    ['desktop', { width: 1440, height: 900 }],
  ] as const) {
    for (const dark of [false, true]) {
      test(`${name} ${dark ? 'dark' : 'light'}`, async ({ browser, request }) => {
        test.setTimeout(120_000);
        const context = await browser.newContext({ baseURL, viewport });
        const page = await context.newPage();
        await preferEnglish(page);
        await page.addInitScript((value) => localStorage.setItem('darkMode', value), String(dark));
        await enter(page, request, USERS.admin, '/reports');
        const suffix = `${name}-${dark ? 'dark' : 'light'}`;
        await expect(page.getByRole('heading', { name: en('nav.reports') })).toBeVisible();
        await screenshotWhenStill(page, { path: `tests/e2e/screenshots/reports-list-${suffix}.png` });
        const first = page.getByTestId('report-row').first();
        if (await first.count()) {
          await first.click();
          await expect(page.getByTestId('report-quick-view')).toBeVisible();
          await screenshotWhenStill(page, { path: `tests/e2e/screenshots/reports-quick-${suffix}.png` });
          await page
            .getByTestId('report-quick-view')
            .getByRole('button', { name: en('reports.actions.details') })
            .click();
          await expect(page.getByTestId('report-detail')).toBeVisible();
          await page.screenshot({
            path: `tests/e2e/screenshots/reports-detail-${suffix}.png`,
            fullPage: true,
          });
          await page.emulateMedia({ media: 'print' });
          await page.evaluate(() => (document.body.dataset.printing = 'report'));
          await page.screenshot({
            path: `tests/e2e/screenshots/reports-print-${suffix}.png`,
            fullPage: true,
          });
          await page.emulateMedia({ media: 'screen' });
        }
        await page.goto('/reports?view=new');
        await expect(page.getByTestId('report-form')).toBeVisible();
        await screenshotWhenStill(page, {
          path: `tests/e2e/screenshots/reports-form-${suffix}.png`,
          fullPage: true,
        });
        await page.goto('/settings#checklists');
        await page.getByTestId('checklist-editor').scrollIntoViewIfNeeded({ timeout: 30_000 });
        await screenshotWhenStill(page, { path: `tests/e2e/screenshots/reports-checklists-${suffix}.png` });
        await context.close();
      });
    }
  }
});
