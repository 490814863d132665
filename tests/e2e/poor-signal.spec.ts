import { expect, test, type APIRequestContext, type Browser, type BrowserContext } from '@playwright/test';
import { apiToken, en, preferEnglish, serverURL, TOKEN_KEY } from './support/app';
import { startFlakyRelay, type FlakyRelay } from './support/flaky-relay';
import { appDatabaseReady, countStore, queueInventoryCreates } from './support/outbox';
import { USERS } from './support/users';

/*
 * A link that accepts connections but never answers: the engine's deadlines get it out of the hung
 * request, the probe notices the link's return, and the entry goes out without a reload. A link that
 * comes and goes every 2 s, slow while up, cuts batches in the middle: every write still arrives once.
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

/** Names of the shared server's live inventory items matching `prefix`. */
async function serverNames(request: APIRequestContext, token: string, prefix: string): Promise<string[]> {
  const names: string[] = [];
  for (let page = 1; ; page++) {
    const response = await request.get(
      `${serverURL}/api/inventory?limit=100&page=${page}&q=${encodeURIComponent(prefix)}`,
      { headers: { 'x-auth-token': token } },
    );
    expect(response.ok()).toBe(true);
    const body = (await response.json()) as { items: Array<{ name: string }>; total: number };
    names.push(...body.items.map((item) => item.name));
    if (body.items.length === 0 || names.length >= body.total) return names;
  }
}

async function openThroughRelay(browser: Browser, request: APIRequestContext) {
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
  return { page, token, userId };
}

test('a link flapping every 2 s for a minute: 200 queued writes each arrive exactly once', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  relay = await startFlakyRelay(new URL(serverURL));
  const { page, token, userId } = await openThroughRelay(browser, request);
  // Up, the link is a slow one: a batch takes long enough on it that the cuts land in the middle of
  // requests (while going up, while the server applies it, while the answer comes back).
  relay.setThrottle({ latencyMs: 150, bytesPerSecond: 40_000 });
  relay.mode('drop');
  const count = 200;
  const prefix = `Flapping ${Date.now()}`;
  await queueInventoryCreates(page, userId, count, prefix);
  expect(await countStore(page, 'outbox')).toBe(count);

  const FLAP_MS = 2_000;
  const flappingUntil = Date.now() + 60_000;
  let up = false;
  let fewest = count;
  const flap = () => {
    up = !up;
    relay.mode(up ? 'throttle' : 'drop');
  };
  flap();
  const timer = setInterval(flap, FLAP_MS);
  try {
    // The tab becoming visible starts the replay; from then on only the engine's own triggers help.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    // The whole minute of flapping, watching that the device never loses a queued write meanwhile:
    // a write leaves the outbox only after the server holds it (counted in that order).
    await expect
      .poll(
        async () => {
          const waiting = await countStore(page, 'outbox');
          const arrived = (await serverNames(request, token, prefix)).length;
          fewest = Math.min(fewest, waiting + arrived);
          return Date.now() >= flappingUntil;
        },
        { timeout: 70_000, intervals: [1_000] },
      )
      .toBe(true);
  } finally {
    clearInterval(timer);
  }
  relay.mode('pass');
  expect(fewest).toBe(count);
  // Requests were cut in the middle, not only refused.
  expect(relay.cutConnections()).toBeGreaterThan(0);

  await expect.poll(() => countStore(page, 'outbox'), { timeout: 30_000 }).toBe(0);
  const names = await serverNames(request, token, prefix);
  expect(names).toHaveLength(count);
  expect(new Set(names).size).toBe(count);
});
