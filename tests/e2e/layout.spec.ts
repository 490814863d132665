import { expect, test, type Page } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { apiToken, en, LANGUAGE_KEY, TOKEN_KEY } from './support/app';
import { clippedTexts, expectNoClippedText } from './support/clipping';
import { USERS } from './support/users';

/*
 * Text that matters must never end in "…" or be cut at the edge: the app name in the top bar, the
 * navigation labels (long German words), the hours on the dashboard and the logbook's check toggles —
 * on a phone and a desktop, in German and Greek (the longest words and the € after the amount).
 */
const NAMED = [
  'header a[aria-label]',
  '[data-nav-label]',
  '[data-testid="top-excavator-hours"]',
  '[data-testid="stat-value"]',
  '[data-testid="logbook-check-toggle"]',
];

/** Signs in as admin in `language` (the shell's own sign-in helper waits for English labels). */
async function signInIn(page: Page, request: APIRequestContext, language: string) {
  const token = await apiToken(request, USERS.admin);
  await page.addInitScript(
    ([languageKey, lang, tokenKey, value]) => {
      localStorage.setItem(languageKey, lang);
      localStorage.setItem(tokenKey, value);
    },
    [LANGUAGE_KEY, language, TOKEN_KEY, token] as const,
  );
  await page.goto('/');
  await expect(page.locator('header')).toBeVisible();
}

test('the helper finds text cut off by an ellipsis', async ({ page }) => {
  await page.setContent(
    '<div id="cut" style="width:40px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis">Benachrichtigungen</div>' +
      '<div id="ok" style="width:400px;overflow:hidden;white-space:nowrap">Benachrichtigungen</div>',
  );
  expect(await clippedTexts(page, ['#cut'])).toHaveLength(1);
  expect(await clippedTexts(page, ['#ok'])).toEqual([]);
});

for (const language of ['de', 'gr']) {
  test.describe(`in ${language}`, () => {
    test('desktop 1440×900: top bar, sidebar and dashboard show whole texts', async ({ page, request }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await signInIn(page, request, language);
      await expect(page.locator('[data-nav-label]').first()).toBeVisible();
      await expectNoClippedText(page, NAMED);
      await page.goto('/analytics');
      await expect(page.locator('[data-testid="stat-value"]').first()).toBeVisible();
      await expectNoClippedText(page, NAMED);
    });

    test('phone 390×844: the top bar and the navigation drawer show whole texts', async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signInIn(page, request, language);
      // The phone's top bar keeps the logo and leaves the name to the navigation.
      await expect(page.getByTestId('top-bar-app-name')).toBeHidden();
      await expectNoClippedText(page, NAMED);
      await page.locator('header button[aria-expanded]').first().click();
      await expect(page.getByRole('dialog').locator('[data-nav-label]').first()).toBeVisible();
      await expectNoClippedText(page, NAMED);
    });
  });
}

/**
 * The elements under `selector` that get a paint layer of their own (positioned, translucent, clipped
 * or transformed), by tag and classes: each one is hit-tested and painted on its own at every tap.
 */
function layeredElements(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((within) => {
    const layered: string[] = [];
    for (const root of document.querySelectorAll(within))
      for (const element of root.querySelectorAll('*')) {
        const style = getComputedStyle(element);
        if (
          style.position !== 'static' ||
          style.opacity !== '1' ||
          style.clipPath !== 'none' ||
          style.transform !== 'none'
        )
          layered.push(`${element.tagName.toLowerCase()}.${String(element.className)}`);
      }
    return layered;
  }, selector);
}

test('a report checklist and the logbook checks have no paint layer per item', async ({ page, request }) => {
  await page.setViewportSize({ width: 820, height: 1180 });
  await signInIn(page, request, 'en');
  await page.goto('/reports?view=new');
  const ROWS = '[data-testid="report-checklist"] [data-testid^="checklist-"]';
  const rows = page.locator(ROWS);
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThan(5);
  // The "rest OK" buttons stand once per category; the rows are what a checklist has dozens of.
  expect(await layeredElements(page, ROWS)).toEqual([]);

  await page.goto('/betriebstagebuch');
  await page.getByRole('button', { name: en('logbook.list.new') }).click();
  await expect(page.getByTestId('logbook-check-toggle').first()).toBeVisible();
  expect(await layeredElements(page, '[data-testid="logbook-check-toggle"]')).toEqual([]);
});
