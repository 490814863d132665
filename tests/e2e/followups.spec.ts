import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  apiToken,
  closeKeepOpenPrompt,
  en,
  preferEnglish,
  text,
  LANGUAGE_KEY,
  TOKEN_KEY,
} from './support/app';
import { signPad } from './support/signature';
import { screenshotWhenStill } from './support/still';
import { USERS } from './support/users';

/*
 * A report with a "not ok" checklist item opens a follow-up on the machine: the operator submits it in
 * the browser and finds the follow-up on the excavator's detail and in the dashboard's upcoming
 * maintenance. The last test takes the tablet screenshot of the detail in German.
 */

const RUN = Date.now().toString(36);
const MACHINE = `Follow-up machine ${RUN}`;
const NOTE = `Left track worn ${RUN}`;

async function createMachine(request: APIRequestContext, name: string, serial: string): Promise<string> {
  const token = await apiToken(request, USERS.admin);
  const response = await request.post('/api/excavators', {
    headers: { 'x-auth-token': token },
    data: { name, model: 'CAT 320', serialNumber: serial, usageHours: 1000 },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function followUpsOnServer(request: APIRequestContext, excavatorId: string) {
  const token = await apiToken(request, USERS.admin);
  const response = await request.get(`/api/follow-ups?excavator=${excavatorId}`, {
    headers: { 'x-auth-token': token },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: Array<{ id: string; status: string; note: string | null }> })
    .items;
}

test('a report with a "not ok" item opens a follow-up shown on the excavator and the dashboard', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const excavatorId = await createMachine(request, MACHINE, `FU-${RUN}`);
  await preferEnglish(page);
  const token = await apiToken(request, USERS.operator);
  await closeKeepOpenPrompt(page);
  await page.goto('/login');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
  await page.goto('/reports?view=new');
  await expect(page.getByRole('heading', { name: en('reports.newTitle') })).toBeVisible({ timeout: 30_000 });

  const picker = page.getByTestId('report-form').getByLabel(en('reports.fields.excavator')).first();
  await expect(picker).toBeEnabled({ timeout: 30_000 });
  await picker.click();
  await picker.fill(`FU-${RUN}`);
  await page.getByRole('option', { name: new RegExp(MACHINE) }).click({ timeout: 30_000 });
  await page.getByLabel(en('reports.fields.operatingHours')).fill('1010');
  const tracks = page.getByTestId('checklist-exterior-tracks');
  await tracks.getByText(en('reports.checklist.states.not_ok')).click();
  await tracks.getByRole('textbox').fill(NOTE);
  for (const button of await page.getByRole('button', { name: en('reports.checklist.restOk') }).all()) {
    await button.click();
  }
  await signPad(page.getByTestId('signature-canvas'));
  await page.getByRole('button', { name: en('reports.actions.saveAndSubmit') }).click();
  await expect(page.getByTestId('report-detail').locator('[data-status="pending"]')).toBeVisible({
    timeout: 30_000,
  });

  // The server opened it when the submit arrived.
  await expect
    .poll(async () => (await followUpsOnServer(request, excavatorId)).map((f) => [f.status, f.note]), {
      timeout: 30_000,
    })
    .toEqual([['open', NOTE]]);
  // The report says what it opened.
  await expect(page.getByTestId('report-follow-ups-opened')).toContainText('Tracks', { timeout: 30_000 });

  await page.goto(`/excavators?view=${excavatorId}`);
  const section = page.getByTestId('excavator-follow-ups');
  const item = section.getByTestId('follow-up');
  await expect(item).toHaveCount(1, { timeout: 30_000 });
  await expect(item).toContainText('Tracks');
  await expect(item).toContainText(NOTE);
  await expect(item).toContainText(en('followUps.status.open'));

  await page.goto('/');
  const list = page.getByTestId('dashboard-maintenance').getByTestId('dashboard-follow-ups');
  await expect(list.getByRole('link', { name: 'Tracks' }).first()).toBeVisible({ timeout: 30_000 });
  await expect(list).toContainText(MACHINE);
});

test('screenshot: the excavator detail with follow-ups on a tablet in German', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const name = `Bagger Nacharbeit ${RUN}`;
  const excavatorId = await createMachine(request, name, `FUS-${RUN}`);
  const token = await apiToken(request, USERS.manager);
  const operator = await apiToken(request, USERS.operator);
  for (const [title, note, due] of [
    ['Hydraulikschlauch am Ausleger tauschen', 'Schlauch feucht, tropft bei Last', '2020-01-15'],
    ['Rückspiegel links ersetzen', null, '2999-06-30'],
  ] as const) {
    const created = await request.post('/api/follow-ups', {
      headers: { 'x-auth-token': operator },
      data: { excavatorId, title, note, dueDate: due },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
  const context = await browser.newContext({ viewport: { width: 820, height: 1180 }, hasTouch: true });
  const page = await context.newPage();
  await page.addInitScript((key) => localStorage.setItem(key, 'de'), LANGUAGE_KEY);
  // A tablet's first session asks to stay open while the app is stored for offline use: closed (in
  // German) so that it does not cover the picture.
  await closeKeepOpenPrompt(page, 'de');
  await page.goto('/login');
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  await page.goto(`/excavators?view=${excavatorId}`);
  const section = page.getByTestId('excavator-follow-ups');
  await expect(section.getByTestId('follow-up')).toHaveCount(2, { timeout: 60_000 });
  await expect(section).toContainText(text('de', 'followUps.status.overdue'));
  // Stored for offline use: the prompt has come (and been closed) or will not come any more.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect(page.getByTestId('offline-readiness')).toHaveAttribute('data-offline-state', 'ready', {
    timeout: 60_000,
  });
  await expect(page.getByRole('dialog', { name: text('de', 'pwa.keepOpen.title') })).toBeHidden();
  await expect(section.getByText(text('de', 'followUps.status.overdue'))).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await screenshotWhenStill(page, { path: test.info().outputPath('followups-excavator-tablet-de.png') });
  await context.close();
});
