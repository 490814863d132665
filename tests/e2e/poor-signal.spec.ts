import { expect, test, type BrowserContext } from '@playwright/test';
import { apiToken, en, preferEnglish, serverURL, TOKEN_KEY } from './support/app';
import { startFlakyRelay, type FlakyRelay } from './support/flaky-relay';
import { appDatabaseReady, countStore, queueInventoryCreates } from './support/outbox';
import { USERS } from './support/users';

/*
 * A link that accepts connections but never answers: the engine's deadlines get it out of the hung
 * request, the probe notices the link's return, and the entry goes out without a reload.
 */

let relay: FlakyRelay;
let context: BrowserContext;

test.afterEach(async () => {
  await context?.close();
  await relay?.close();
});

test('a stalled link is noticed and the entry is sent within 30 s of its return, without a reload', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  relay = await startFlakyRelay(new URL(serverURL));
  const token = await apiToken(request, USERS.manager);
  const me = (await (
    await request.get(`${serverURL}/api/auth/me`, { headers: { 'x-auth-token': token } })
  ).json()) as { user?: { id: string }; id?: string };
  const userId = me.user?.id ?? me.id!;
  context = await browser.newContext({ baseURL: relay.url, viewport: { width: 1440, height: 900 } });
  await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    TOKEN_KEY,
    token,
  ] as const);
  const page = await context.newPage();
  await preferEnglish(page);
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: en('shell.nav.label') }).first()).toBeVisible();
  await expect.poll(() => appDatabaseReady(page), { timeout: 30_000 }).toBe(true);

  relay.mode('stall');
  const prefix = `Stalled ${Date.now()}`;
  await queueInventoryCreates(page, userId, 1, prefix);
  // The tab becoming visible is a trigger: the replay starts on the stalled link and hangs there.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect.poll(() => relay.stalledConnections(), { timeout: 30_000 }).toBeGreaterThan(0);
  await expect(page.locator('[data-connection]').first()).not.toHaveAttribute('data-connection', 'online', {
    timeout: 40_000,
  });

  relay.mode('pass');
  const returned = Date.now();
  await expect
    .poll(
      async () => {
        const response = await request.get(
          `${serverURL}/api/inventory?limit=10&q=${encodeURIComponent(prefix)}`,
          { headers: { 'x-auth-token': token } },
        );
        const body = (await response.json()) as { items?: unknown[]; data?: unknown[] };
        return (body.items ?? body.data ?? []).length;
      },
      { timeout: 30_000, intervals: [500] },
    )
    .toBe(1);
  expect(Date.now() - returned).toBeLessThan(30_000);
  await expect.poll(() => countStore(page, 'outbox'), { timeout: 10_000 }).toBe(0);
});
