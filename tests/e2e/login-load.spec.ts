import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { preferEnglish, signIn } from './support/app';
import { USERS } from './support/users';

/** The shell's budget (issue 3; tests/bench/client-bundle.ts measures the same). */
const LOGIN_JS_BUDGET_BYTES = 250 * 1024;

// Every script from the network, as a first visit loads it (no service worker answering).
test.use({ serviceWorkers: 'block' });

test('the login page loads under 250 KB of gzipped JS, without the offline engine; signing in starts it', async ({
  page,
}) => {
  await preferEnglish(page);
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (!response.url().endsWith('.js')) return;
    const body = await response.body().catch(() => null);
    if (body) scripts.set(new URL(response.url()).pathname, gzipSync(body).length);
  });
  const deviceDatabases = () =>
    page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name));

  await page.goto('/login');
  await expect(page.locator('input[name="username"]')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
  const largest = [...scripts].sort((a, b) => b[1] - a[1]).slice(0, 5);
  expect(total, `gzipped JS of /login; largest: ${JSON.stringify(largest)}`).toBeLessThan(
    LOGIN_JS_BUDGET_BYTES,
  );
  console.info(`gzipped JS of /login: ${total} bytes`);
  expect(await deviceDatabases()).not.toContain('fleetpilot');

  await signIn(page, USERS.operator, '/login');
  // The engine opened the device database and mirrored this user's records.
  await expect.poll(deviceDatabases, { timeout: 15_000 }).toContain('fleetpilot');
  // A mirrored list renders from the device.
  await page.goto('/excavators');
  await expect(page.getByTestId('excavators-results')).toBeVisible();
});
