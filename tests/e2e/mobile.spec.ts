import { expect, test } from '@playwright/test';
import { en, preferEnglish, signInFast } from './support/app';
import { USERS } from './support/users';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('on a phone the menu button opens the navigation as a slide-over', async ({ page, request }) => {
  await preferEnglish(page);
  await signInFast(page, request, USERS.manager);
  const openMenu = page.getByRole('button', { name: en('shell.nav.openMenu') });
  await expect(openMenu).toBeVisible();

  // The slide-over is the dialog that holds the navigation.
  const drawer = page.getByRole('dialog').filter({ has: page.getByRole('navigation') });
  await expect(drawer).toHaveCount(0);
  await openMenu.tap();
  await expect(drawer).toBeVisible();
  await drawer
    .getByRole('link', { name: en('nav.reports') })
    .first()
    .tap();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(drawer).toBeHidden();

  await openMenu.tap();
  await expect(drawer).toBeVisible();
  await page.getByRole('button', { name: en('shell.nav.closeMenu') }).tap();
  await expect(drawer).toBeHidden();
});
