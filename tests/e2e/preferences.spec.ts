import { expect, test } from '@playwright/test';
import { en, LANGUAGE_KEY, preferEnglish, signInFast, sidebar, text } from './support/app';
import { USERS } from './support/users';

test('the language chosen on the login page survives a reload', async ({ page }) => {
  await preferEnglish(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: en('auth.signIn') })).toBeVisible();
  await page
    .getByRole('radiogroup', { name: en('shell.language.label') })
    .getByText('DE')
    .click();
  const signInDe = text('de', 'auth.signIn');
  await expect(page.getByRole('button', { name: signInDe })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: signInDe })).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), LANGUAGE_KEY)).toBe('de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});

test('the language chosen in the shell survives a reload', async ({ page, request }) => {
  await preferEnglish(page);
  await signInFast(page, request, USERS.manager);
  await page
    .getByRole('button', { name: en('shell.language.label') })
    .last()
    .click();
  await page.getByRole('menuitem', { name: 'Ελληνικά' }).click();
  const reportsGr = text('gr', 'nav.reports');
  await expect(sidebar(page).getByRole('link', { name: reportsGr }).first()).toBeVisible();
  await page.reload();
  await expect(sidebar(page).getByRole('link', { name: reportsGr }).first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'el');
  expect(await page.evaluate((key) => localStorage.getItem(key), LANGUAGE_KEY)).toBe('gr');
});

test('the theme survives a reload', async ({ page, request }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await preferEnglish(page);
  await signInFast(page, request, USERS.operator);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  // The switch's segments: light, dark and outdoor (the high-contrast light theme).
  await page.locator('[data-theme-option="dark"]').filter({ visible: true }).first().click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect(await page.evaluate(() => localStorage.getItem('colorTheme'))).toBe('dark');
  await page.locator('[data-theme-option="outdoor"]').filter({ visible: true }).first().click();
  await expect(html).toHaveAttribute('data-theme', 'outdoor');
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'outdoor');
  await page.locator('[data-theme-option="light"]').filter({ visible: true }).first().click();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
});
