import path from 'node:path';
import { expect, test } from '@playwright/test';
import { en, preferEnglish, signInFast } from './support/app';
import { screenshotWhenStill } from './support/still';
import { ADMIN } from './support/users';

/** /users and the Settings sections, light and dark, tablet and desktop — saved for people to look at. */
const SIZES = [
  ['tablet', { width: 768, height: 1024 }],
  ['desktop', { width: 1440, height: 900 }],
] as const;
const THEMES = ['light', 'dark'] as const;
const dir = path.resolve('tests/e2e/screenshots');

for (const [device, viewport] of SIZES) {
  for (const theme of THEMES) {
    test(`admin screenshots: ${device}, ${theme}`, async ({ page, request }) => {
      await page.setViewportSize(viewport);
      await preferEnglish(page);
      await page.addInitScript((dark) => localStorage.setItem('darkMode', String(dark)), theme === 'dark');
      const shot = (name: string) =>
        page.screenshot({ path: path.join(dir, `${name}-${device}-${theme}.png`), fullPage: true });

      await signInFast(page, request, ADMIN, '/users');
      await expect(page.getByRole('table', { name: en('users.table.label') })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
      await shot('users');

      await page.getByRole('button', { name: en('users.actions.create') }).click();
      await expect(page.getByRole('dialog', { name: en('users.form.createTitle') })).toBeVisible();
      await screenshotWhenStill(page, { path: path.join(dir, `users-create-${device}-${theme}.png`) });
      await page.keyboard.press('Escape');

      await page.goto('/settings');
      await expect(page.getByRole('region', { name: en('shell.settings.general') })).toBeVisible();
      await shot('settings-general');

      await page.getByRole('tab', { name: en('shell.settings.features') }).click();
      await expect(page.getByRole('region', { name: en('shell.settings.features') })).toBeVisible();
      await shot('settings-features');

      await page.getByRole('tab', { name: en('audit.title') }).click();
      await expect(page.locator('li[data-action]').first()).toBeVisible();
      await shot('settings-audit');
    });
  }
}
