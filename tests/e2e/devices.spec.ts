import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { apiToken, closeKeepOpenPrompt, en, preferEnglish, signInFast, TOKEN_KEY } from './support/app';
import { appDatabaseReady, countStore, queueInventoryCreates } from './support/outbox';
import { ADMIN, USERS } from './support/users';

/*
 * A tablet that keeps entries back, seen from the office: its requests report the unsent work, the
 * Devices page shows it and clears once the tablet has sent it. And a tablet whose session ends while
 * entries wait: the first 401 asks to sign in, and the login page says whose changes wait.
 * All on the shared server, with users of this file's own.
 */

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

interface TabletUser {
  id: string;
  username: string;
  password: string;
  name: string;
}

/** A manager account of this test (managers may create inventory items, so queued creates go through). */
async function createTabletUser(request: APIRequestContext, adminToken: string, tag: string) {
  const user = {
    username: `e2e.tablet.${tag}.${Date.now()}`,
    password: 'Tablet-Passw0rd-1',
    name: `Tabea Tablet ${tag}`,
  };
  const response = await request.post('/api/users', {
    headers: { 'x-auth-token': adminToken },
    data: { ...user, role: 'manager' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { ...user, id: ((await response.json()) as { id: string }).id } satisfies TabletUser;
}

/** A browser context signed in as `user`, the app started and its device database created. */
async function openTablet(
  browser: Browser,
  request: APIRequestContext,
  user: TabletUser,
): Promise<{ context: BrowserContext; page: Page }> {
  const token = await apiToken(request, { ...user, role: 'manager' });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  await context.addInitScript(
    ([key, value]) => {
      // Only the first load: a sign-out must not be undone by the next page load.
      if (!sessionStorage.getItem('e2e-token-set')) {
        localStorage.setItem(key, value);
        sessionStorage.setItem('e2e-token-set', '1');
      }
    },
    [TOKEN_KEY, token] as const,
  );
  const page = await context.newPage();
  await preferEnglish(page);
  await page.goto('/');
  // A fresh context loads and caches the whole app first: on a busy machine that takes a while.
  await expect(page.getByRole('navigation', { name: en('shell.nav.label') }).first()).toBeVisible({
    timeout: 60_000,
  });
  await expect.poll(() => appDatabaseReady(page), { timeout: 30_000 }).toBe(true);
  return { context, page };
}

/** The tablet's own triggers: the tab becoming visible sends waiting entries and pulls. */
const nudge = (page: Page) => page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));

test('the Devices page shows a tablet holding entries back, and clears once the tablet has sent them', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const adminToken = await apiToken(request, ADMIN);
  const user = await createTabletUser(request, adminToken, 'devices');
  const tablet = await openTablet(browser, request, user);
  const deviceId = await tablet.page.evaluate(() => localStorage.getItem('fleetpilot.deviceId'));
  expect(deviceId).toMatch(/^[0-9a-f-]{36}$/);

  // Writes cannot get through (a firewall that lets reads pass); pulls still report the device's state.
  const isWrite = (url: URL, method: string) =>
    method === 'POST' && (url.pathname === '/api/inventory' || url.pathname === '/api/sync/push');
  await tablet.context.route(
    (url) => url.pathname.startsWith('/api/'),
    (route) =>
      isWrite(new URL(route.request().url()), route.request().method()) ? route.abort() : route.fallback(),
  );
  const prefix = `Held back ${Date.now()}`;
  await queueInventoryCreates(tablet.page, user.id, 2, prefix);
  await nudge(tablet.page);

  const office = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  contexts.push(office);
  const page = await office.newPage();
  await preferEnglish(page);
  await closeKeepOpenPrompt(page);
  await page.goto('/login', { timeout: 60_000 });
  const adminSession = await apiToken(request, ADMIN);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, adminSession] as const);
  await page.goto('/devices', { timeout: 60_000 });
  await expect(page.getByRole('heading', { name: en('nav.devices'), level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  const row = page.locator(`[data-device="${deviceId}"]`);
  const refresh = page.getByRole('button', { name: en('devices.refresh') });
  await expect(async () => {
    await refresh.click();
    await expect(row).toHaveAttribute('data-waiting', '2', { timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
  await expect(row).toContainText(user.name);
  await expect(row).toContainText(en('devices.persistent.no'));

  // The link lets writes through again: the tablet sends, and its next report says nothing waits.
  await tablet.context.unrouteAll({ behavior: 'ignoreErrors' });
  await nudge(tablet.page);
  await expect.poll(() => countStore(tablet.page, 'outbox'), { timeout: 45_000 }).toBe(0);
  await nudge(tablet.page);
  await expect(async () => {
    await refresh.click();
    await expect(row).toHaveAttribute('data-waiting', '0', { timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
});

test('the Devices page is for admins and managers: others are refused', async ({ page, request }) => {
  await preferEnglish(page);
  await signInFast(page, request, USERS.operator, '/devices');
  await expect(page.getByRole('heading', { name: en('errors.accessDenied.title') })).toBeVisible();
  const token = await apiToken(request, USERS.operator);
  expect((await request.get('/api/sync/devices', { headers: { 'x-auth-token': token } })).status()).toBe(403);
});

test('a session revoked while entries wait: the first 401 asks to sign in, and the login page says whose changes wait', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const adminToken = await apiToken(request, ADMIN);
  const user = await createTabletUser(request, adminToken, 'session');
  const tablet = await openTablet(browser, request, user);

  // An admin sets a new password: every session of the user ends, the tablet's included.
  const newPassword = 'Tablet-Passw0rd-2';
  const reset = await request.put(`/api/users/${user.id}/password`, {
    headers: { 'x-auth-token': adminToken },
    data: { password: newPassword },
  });
  expect(reset.status(), await reset.text()).toBe(200);

  const prefix = `After revoke ${Date.now()}`;
  await queueInventoryCreates(tablet.page, user.id, 2, prefix);
  const started = Date.now();
  const dialog = tablet.page.getByRole('dialog', { name: en('sync.auth.title') });
  // The engine may still be starting after the first paint, so the trigger repeats until it is heard.
  await expect(async () => {
    await nudge(tablet.page);
    await expect(dialog).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  // The first 401 is enough: no back-off sits between it and the question.
  expect(Date.now() - started).toBeLessThan(20_000);
  await expect(dialog).toContainText(en('sync.auth.message_other', { count: 2 }));

  await dialog.getByRole('button', { name: en('sync.auth.signIn') }).click();
  await expect(tablet.page).toHaveURL(/\/login/);
  await expect(tablet.page.getByTestId('login-waiting')).toHaveText(
    en('auth.waitingChanges_other', { count: 2, username: user.username }),
  );

  await tablet.page.locator('input[name="username"]').fill(user.username);
  await tablet.page.locator('input[name="password"]').fill(newPassword);
  await tablet.page.getByRole('button', { name: en('auth.signIn') }).click();
  await expect(tablet.page.getByRole('navigation', { name: en('shell.nav.label') }).first()).toBeVisible();
  await expect.poll(() => countStore(tablet.page, 'outbox'), { timeout: 45_000 }).toBe(0);
  const listed = await request.get(`/api/inventory?limit=10&q=${encodeURIComponent(prefix)}`, {
    headers: { 'x-auth-token': adminToken },
  });
  const body = (await listed.json()) as { items?: unknown[]; data?: unknown[] };
  expect((body.items ?? body.data ?? []).length).toBe(2);
});
