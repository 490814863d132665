import { expect, test, type Page } from '@playwright/test';
import { G_SHORTCUT_WINDOW_MS } from '@/domain/constants';
import { en, preferEnglish, signInFast } from './support/app';
import { ADMIN, USERS } from './support/users';

// Two keys of a shortcut count only within 700 ms of each other by the page's clock: a first visit's
// storing of the app (a service worker and the page fetching and caching every file) can hold the main
// thread between them on a slow machine, and the second key then arrives late. No test here is about
// storing, so none starts it.
test.use({ serviceWorkers: 'block' });

test.beforeEach(async ({ page }) => {
  await preferEnglish(page);
});

test('the command palette opens by keyboard, searches and navigates', async ({ page, request }) => {
  await signInFast(page, request, ADMIN);
  const search = page.getByPlaceholder(en('palette.placeholder'));

  await page.keyboard.press('Control+k');
  await expect(search).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(search).toBeHidden();

  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('/');
  await expect(search).toBeVisible();
  await search.fill('invent');
  const actions = page.locator('.mantine-Spotlight-action');
  await expect(actions.filter({ hasText: en('nav.inventory') })).toBeVisible();
  await expect(actions.filter({ hasText: en('nav.reports') })).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/inventory$/);
  await expect(search).toBeHidden();

  // Actions are searched too: the admin may jump to settings.
  await page.keyboard.press('Control+k');
  await search.fill(en('palette.actions.openSettings'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings/);
});

test('the palette offers no settings action to non-admins', async ({ page, request }) => {
  await signInFast(page, request, USERS.operator);
  await page.keyboard.press('Control+k');
  const search = page.getByPlaceholder(en('palette.placeholder'));
  await search.fill('settings');
  await expect(page.getByText(en('palette.nothingFound'))).toBeVisible();
});

/**
 * The page that a shortcut opened has rendered: its heading shows and a frame has passed. The two keys
 * of the next shortcut must not straddle the new page's first render (on a busy machine it can take
 * longer than the 700 ms the shortcut allows between them).
 */
async function settled(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
}

test('g-shortcuts navigate within 700 ms and not after', async ({ page, request }) => {
  await signInFast(page, request, ADMIN);
  await page.locator('body').click({ position: { x: 5, y: 300 } });

  await page.keyboard.press('g');
  await page.keyboard.press('r');
  await expect(page).toHaveURL(/\/reports$/);
  await settled(page);
  await page.keyboard.press('g');
  await page.keyboard.press('b');
  await expect(page).toHaveURL(/\/betriebstagebuch$/);
  await settled(page);
  await page.keyboard.press('g');
  await page.keyboard.press('i');
  await expect(page).toHaveURL(/\/inventory$/);
  await settled(page);
  await page.keyboard.press('g');
  await page.keyboard.press('d');
  await expect(page).toHaveURL(/\/$/);
  await settled(page);
  await page.keyboard.press('g');
  await page.keyboard.press('f');
  await expect(page).toHaveURL(/\/settings#features$/);

  // The page's clock jumps past the window between the two keys instead of the test sleeping through it.
  await page.clock.install();
  await page.keyboard.press('g');
  await page.clock.fastForward(G_SHORTCUT_WINDOW_MS + 1);
  await page.keyboard.press('r');
  await neverLeft(page, /\/settings#features$/);
});

/**
 * The keys just pressed did not navigate: a shortcut pressed after them lands on the inventory, and
 * going back from there returns straight to `url` — had the keys opened another page, that page would
 * sit between the two in the history.
 */
async function neverLeft(page: Page, url: RegExp) {
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('g');
  await page.keyboard.press('i');
  await expect(page).toHaveURL(/\/inventory$/);
  await page.goBack();
  await expect(page).toHaveURL(url);
}

test('shortcuts do not fire while typing in a field', async ({ page, request }) => {
  await signInFast(page, request, USERS.operator, '/profile');
  const name = page.getByLabel(en('profile.details.name'));
  await name.click();
  await page.keyboard.type('gr');
  await expect(name).toHaveValue(/gr$/);
  await neverLeft(page, /\/profile$/);
});
