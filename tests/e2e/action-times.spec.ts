import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createFormat } from '@/domain/format';
import { en, LANGUAGE_KEY } from './support/app';
import { startNetworkSwitch, type NetworkSwitch } from './support/network-switch';
import { startOwnServer, type OwnServer } from './support/own-server';

/*
 * Work done offline keeps the time it was done. The tablet signs an operations-log entry without
 * signal; ten minutes later (on the server's clock, moved forward by the preload server-clock.mjs
 * instead of waiting) the signal returns and the entry syncs. The app, the audit log and the PDF show
 * the time of signing, in the site's zone (Europe/Berlin), not the time of the sync.
 *
 * The server's clock is moved, not the device's: the device measures its offset to the server and
 * corrects for it, so a moved device clock alone would (rightly) change nothing. The spec has its own
 * server, since moving the shared server's clock would disturb every other spec.
 */

const TEN_MINUTES = 10 * 60_000;
const ZONE = 'Europe/Berlin';
const PNG_SIGNATURE = `data:image/png;base64,${fs.readFileSync(path.resolve('public/pwa-192x192.png')).toString('base64')}`;

let server: OwnServer;
let relay: NetworkSwitch;
let origin: string;
let token: string;

async function api<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${origin}${url}`, {
    ...init,
    headers: { 'content-type': 'application/json', 'x-auth-token': token, ...init.headers },
  });
  expect(response.status, `${init.method ?? 'GET'} ${url}`).toBeLessThan(300);
  return (await response.json()) as T;
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startOwnServer({ E2E_CLOCK_STEP_MS: String(TEN_MINUTES) }, [
    '--import',
    './tests/e2e/support/server-clock.mjs',
  ]);
  origin = `http://127.0.0.1:${server.port}`;
  relay = await startNetworkSwitch(new URL(origin));
  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: server.adminPassword }),
  });
  expect(login.status).toBe(200);
  token = ((await login.json()) as { token: string }).token;
  // Signing in the operations log stamps the profile signature.
  await api('/api/profile/signature', { method: 'PUT', body: JSON.stringify({ signature: PNG_SIGNATURE }) });
});

test.afterAll(async () => {
  await relay?.close();
  await server?.dispose();
});

async function signIn(page: Page) {
  await page.addInitScript((key) => localStorage.setItem(key, 'en'), LANGUAGE_KEY);
  await page.goto('/login');
  await page.locator('input[name="username"]').fill('admin');
  await page.locator('input[name="password"]').fill(server.adminPassword);
  await page.getByRole('button', { name: en('auth.signIn') }).click();
  await expect(page.getByRole('navigation', { name: en('shell.nav.label') }).first()).toBeVisible();
}

test('an entry signed offline and synced ten minutes later keeps the time it was signed', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({
    baseURL: relay.url,
    viewport: { width: 1440, height: 900 },
    locale: 'en-GB',
    timezoneId: ZONE,
    acceptDownloads: true,
  });
  try {
    const page = await context.newPage();
    await signIn(page);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.goto('/betriebstagebuch');
    await expect(page.getByRole('heading', { name: en('nav.betriebstagebuch') })).toBeVisible();
    await page.getByRole('button', { name: en('logbook.list.new') }).click();
    await expect(page.getByRole('heading', { name: en('logbook.form.newTitle') })).toBeVisible();

    // The signal drops; the entry is written and signed on the device.
    await context.setOffline(true);
    relay.cut();
    await page.getByLabel(en('logbook.fields.shiftStart')).fill('06:00');
    await page.getByLabel(en('logbook.fields.shiftEnd')).fill('14:00');
    await page.getByLabel(en('logbook.fields.temperature')).fill('4');
    await page.getByLabel(en('logbook.fields.humidity')).fill('80');
    await page.getByLabel(en('logbook.fields.conditions')).first().click();
    await page.getByRole('option', { name: en('logbook.conditions.cloudy'), exact: true }).click();
    await page.getByLabel(en('logbook.fields.generalNotes')).fill('Signed on the yard without signal.');
    const signedFrom = Date.now();
    await page.getByRole('button', { name: en('logbook.form.saveAndSign') }).click();
    await expect(page.getByText(en('logbook.details.pendingHint'))).toBeVisible();
    const signedUntil = Date.now();
    await expect(page.locator('[data-sync-state="waiting"]')).toBeVisible();
    const id = new URL(page.url()).searchParams.get('id')!;
    expect(id).toBeTruthy();

    // Ten minutes pass on the server before the signal returns.
    const moved = server.output().length;
    server.signal('SIGUSR2');
    await expect.poll(() => server.output().slice(moved)).toContain('e2e server clock moved');
    relay.restore();
    await context.setOffline(false);
    await expect(page.locator('[data-sync-state]')).toHaveCount(0, { timeout: 30_000 });

    // The server recorded the time of signing, and its own, ten minutes later, beside it.
    const entry = await api<{ signedAt: string; createdAt: string }>(`/api/betriebstagebuch/${id}`);
    const signedAt = Date.parse(entry.signedAt);
    // The device's clock correction rounds to the Date header's second.
    expect(signedAt).toBeGreaterThanOrEqual(signedFrom - 1_500);
    expect(signedAt).toBeLessThanOrEqual(signedUntil + 1_500);
    expect(entry.createdAt).toBe(entry.signedAt);
    const audit = await api<{ items: Array<{ action: string; at: string; receivedAt: string }> }>(
      `/api/audit?record=${id}`,
    );
    const created = audit.items.find((item) => item.action === 'logbook.create')!;
    expect(created.at).toBe(entry.signedAt);
    expect(Date.parse(created.receivedAt) - signedAt).toBeGreaterThanOrEqual(TEN_MINUTES - 1_000);

    // The app shows it in local time (the site's zone) ...
    const format = createFormat('en', { timeZone: ZONE });
    const shown = format.dateTime(entry.signedAt);
    expect(shown).not.toBe(format.dateTime(created.receivedAt));
    await page.reload();
    await expect(page.getByText(en('logbook.details.pendingHint'))).toBeVisible();
    await expect(page.getByText(shown, { exact: false })).toBeVisible();

    // ... and so does the PDF, naming the zone.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: en('logbook.actions.pdf') }).click(),
    ]);
    const text = execFileSync('pdftotext', ['-layout', await download.path(), '-'], { encoding: 'utf8' });
    const stamped = format.dateTimeZoned(entry.signedAt);
    expect(stamped).toMatch(/ CES?T$/);
    expect(text).toMatch(new RegExp(`Signed at\\s+${stamped.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    expect(text).not.toContain(format.dateTime(created.receivedAt));
    expect(text).not.toContain('UTC');
  } finally {
    await context.close();
  }
});
