import { chromium, expect, test, type Browser } from '@playwright/test';
import { en, LANGUAGE_KEY, serverURL } from './support/app';
import { CHROMIUM_LAUNCH } from './support/chromium';
import { USERS } from './support/users';

/**
 * A tablet that opens the server by its network name over plain HTTP: the browser treats the page as
 * not secure (no service worker, no install, no push) and the app must say so on every screen.
 * Chromium resolves the made-up name to this machine, so the shared test server answers.
 */
const HOST = 'yard-server.fleet.test';
const port = new URL(serverURL).port;
const origin = `http://${HOST}:${port}`;

let browser: Browser;

test.beforeAll(async () => {
  browser = await chromium.launch({
    ...CHROMIUM_LAUNCH,
    args: [...CHROMIUM_LAUNCH.args, `--host-resolver-rules=MAP ${HOST} 127.0.0.1`],
  });
});

test.afterAll(async () => {
  await browser?.close();
});

test('without HTTPS a banner on the login page and after sign-in links to the setup page', async () => {
  const context = await browser.newContext({ viewport: { width: 820, height: 1180 }, hasTouch: true });
  try {
    const page = await context.newPage();
    await page.addInitScript((key) => localStorage.setItem(key, 'en'), LANGUAGE_KEY);
    await page.goto(`${origin}/login`);
    expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
    expect(await page.evaluate(() => 'serviceWorker' in navigator)).toBe(false);

    const banner = page.getByTestId('insecure-context-banner');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(en('pwa.insecure.banner'));
    await expect(page.locator('html')).toHaveAttribute('data-offline-ready', 'false');

    await page.locator('input[name="username"]').fill(USERS.operator.username);
    await page.locator('input[name="password"]').fill(USERS.operator.password);
    await page.getByRole('button', { name: en('auth.signIn') }).click();
    await expect(page.getByRole('banner').getByText(en('pwa.offline.unavailable'))).toBeVisible();
    await expect(banner).toBeVisible();

    // The same on another screen, and in the sync panel.
    await page.goto(`${origin}/reports`);
    await expect(page.getByTestId('insecure-context-banner')).toBeVisible();
    await page.getByRole('button', { name: en('sync.indicator.synced') }).click();
    await expect(page.getByRole('dialog').getByText(en('pwa.insecure.title'))).toBeVisible();
    await page.keyboard.press('Escape');

    // The link leads to the server's setup page, which opens over plain HTTP.
    await page
      .getByTestId('insecure-context-banner')
      .getByRole('link', { name: en('pwa.insecure.link') })
      .click();
    await expect(page).toHaveURL(`${origin}/setup`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  } finally {
    await context.close();
  }
});
