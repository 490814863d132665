import path from 'node:path';
import { expect, test } from '@playwright/test';
import { en, preferEnglish, signInFast } from './support/app';
import { USERS } from './support/users';

/** Login and the signed-in shell, light and dark, tablet and desktop — saved for people to look at. */
const SIZES = [
  ['tablet', { width: 768, height: 1024 }],
  ['desktop', { width: 1440, height: 900 }],
] as const;
const THEMES = ['light', 'dark'] as const;
const dir = path.resolve('tests/e2e/screenshots');

for (const [device, viewport] of SIZES) {
  for (const theme of THEMES) {
    test(`screenshots: ${device}, ${theme}`, async ({ page, request }) => {
      await page.setViewportSize(viewport);
      await preferEnglish(page);
      await page.addInitScript((dark) => localStorage.setItem('darkMode', String(dark)), theme === 'dark');

      await page.goto('/login');
      await expect(page.getByRole('button', { name: en('auth.signIn') })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
      await page.screenshot({ path: path.join(dir, `login-${device}-${theme}.png`) });

      await signInFast(page, request, USERS.manager);
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: path.join(dir, `shell-${device}-${theme}.png`) });

      await page.goto('/profile');
      await expect(page.getByRole('heading', { name: en('profile.title'), exact: true })).toBeVisible();
      await expect(page.getByLabel(en('profile.details.name'))).toBeVisible();
      await page.screenshot({ path: path.join(dir, `profile-${device}-${theme}.png`), fullPage: true });
    });
  }
}
