import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { en, preferEnglish, serverURL as baseURL, sidebar, signIn, signInFast } from './support/app';
import { startNetworkSwitch, type NetworkSwitch } from './support/network-switch';
import { USERS } from './support/users';

/** Waits until the service worker has installed (the field's files precached) and controls the page. */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Waits until the desk screens (stored after readiness, in the background) are stored too. */
async function waitForEveryScreen(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-offline-complete', 'true', { timeout: 60_000 });
}

const PAGES = [
  ['reports', '/reports'],
  ['betriebstagebuch', '/betriebstagebuch'],
  ['inventory', '/inventory'],
  ['excavators', '/excavators'],
  ['notifications', '/notifications'],
  ['analytics', '/analytics'],
  ['dispo', '/dispo'],
  ['dashboard', '/'],
] as const;

test.describe('offline after one online visit', () => {
  let relay: NetworkSwitch;
  let context: BrowserContext;

  test.beforeEach(async ({ browser }) => {
    relay = await startNetworkSwitch(new URL(baseURL));
    context = await browser.newContext({ baseURL: relay.url, viewport: { width: 1440, height: 900 } });
  });

  test.afterEach(async () => {
    await context.close();
    await relay.close();
  });

  test('the app reloads and every screen opens with the network off', async () => {
    const page = await context.newPage();
    await preferEnglish(page);
    await signIn(page, USERS.manager);
    await waitForServiceWorker(page);
    // Analytics is a desk screen: it opens offline once the files stored after readiness are in.
    await waitForEveryScreen(page);

    await context.setOffline(true);
    relay.cut();
    expect(
      await page.evaluate(() =>
        fetch('/api/health').then(
          () => 'reached',
          () => 'unreachable',
        ),
      ),
    ).toBe('unreachable');

    await page.reload();
    await expect(page.getByText(en('shell.offline.banner'))).toBeVisible();
    await expect(sidebar(page)).toBeVisible();

    for (const [key, path] of PAGES) {
      await sidebar(page).locator(`[data-testid^="nav-group-"] a[data-nav-key="${key}"]`).click();
      await expect(page).toHaveURL(new RegExp(`${path === '/' ? '/' : path}$`));
      await expect(page.getByText(en('errors.render.title'))).toHaveCount(0);
    }

    // A cold navigation (typed URL, bookmark) is answered by the worker with the app shell too.
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: en('profile.title'), exact: true })).toBeVisible();
    await expect(page.getByText(en('errors.render.title'))).toHaveCount(0);

    // Back online: the relay carries traffic again and the banner goes away.
    relay.restore();
    await context.setOffline(false);
    await expect(page.getByText(en('shell.offline.banner'))).toBeHidden();
  });
});

test('the app goes where the service worker tells it (NAVIGATE)', async ({ page, context, request }) => {
  await preferEnglish(page);
  await signInFast(page, request, USERS.operator);
  await waitForServiceWorker(page);
  const [worker] = context.serviceWorkers();
  expect(worker, 'the service worker is running').toBeTruthy();
  expect(worker!.url()).toBe(`${baseURL}/service-worker.js`);

  // The real worker posts the message to its window clients, as its notificationclick handler does.
  const posted = await worker!.evaluate(async (url) => {
    const scope = self as unknown as ServiceWorkerGlobalScope;
    const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
    for (const client of windows) client.postMessage({ type: 'NAVIGATE', url });
    return windows.length;
  }, '/notifications?from=push');
  expect(posted).toBe(1);
  await expect(page).toHaveURL(/\/notifications\?from=push$/);
  await expect(page.getByText(en('errors.render.title'))).toHaveCount(0);
});

test('the manifest and the worker are served for installation', async ({ request }) => {
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.ok()).toBe(true);
  const body = (await manifest.json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: Array<{ src: string; purpose?: string }>;
  };
  expect(body).toMatchObject({ name: 'FleetPilot', start_url: '/', display: 'standalone' });
  expect(body.icons.map((icon) => icon.purpose)).toEqual(['any', 'any', 'maskable']);
  for (const icon of body.icons)
    expect((await request.get(icon.src)).headers()['content-type']).toBe('image/png');

  const worker = await request.get('/service-worker.js');
  expect(worker.ok()).toBe(true);
  expect(worker.headers()['cache-control']).toMatch(/no-cache|no-store|max-age=0/);
  expect(await worker.text()).toContain('index.html');
});
