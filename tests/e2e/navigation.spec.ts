import { expect, test, type Page } from '@playwright/test';
import { apiToken, en, preferEnglish, setFeatures, signIn, signInFast, sidebar } from './support/app';
import { ADMIN, USERS } from './support/users';

test.beforeEach(async ({ page }) => {
  await preferEnglish(page);
});

/** The navigation keys the desktop sidebar shows in its groups, in order. */
async function navKeys(page: Page): Promise<string[]> {
  const links = sidebar(page).locator('[data-testid^="nav-group-"] a[data-nav-key]');
  await expect(links.first()).toBeVisible();
  return links.evaluateAll((elements) =>
    elements.map((element) => element.getAttribute('data-nav-key') ?? ''),
  );
}

const EVERYTHING = [
  'dashboard',
  'excavators',
  'reports',
  'betriebstagebuch',
  'inventory',
  'notifications',
  'dispo',
  'analytics',
  'users',
  'devices',
  'settings',
];
const without = (...keys: string[]) => EVERYTHING.filter((key) => !keys.includes(key));

const EXPECTED_NAV: Array<[keyof typeof USERS, string[]]> = [
  ['admin', EVERYTHING],
  ['manager', without('users', 'settings')],
  ['operator', without('dispo', 'users', 'devices', 'settings')],
  ['dispo', ['dashboard', 'dispo']],
  ['viewer', without('dispo', 'users', 'devices', 'settings')],
];

for (const [role, keys] of EXPECTED_NAV) {
  test(`${role} signs in and sees the navigation of the role`, async ({ page }) => {
    const user = USERS[role];
    await signIn(page, user);
    await expect(page).toHaveURL(/\/$/);
    expect(await navKeys(page)).toEqual(keys);
    await expect(page.getByTestId(`nav-group-admin`)).toHaveCount(
      role === 'admin' || role === 'manager' ? 1 : 0,
    );
  });
}

test('a wrong password shows the error text and stays on the login page', async ({ page }) => {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(USERS.operator.username);
  await page.locator('input[name="password"]').fill('not-the-password');
  await page.getByRole('button', { name: en('auth.signIn') }).click();
  await expect(page.getByRole('alert')).toHaveText(en('auth.invalidCredentials'));
  await expect(page).toHaveURL(/\/login/);
});

test('an unknown path shows Login when signed out and Not Found when signed in', async ({
  page,
  request,
}) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('button', { name: en('auth.signIn') })).toBeVisible();
  await expect(page.getByText(en('errors.notFound.title'))).toHaveCount(0);

  await signInFast(page, request, USERS.operator, '/no/such/page');
  await expect(page.getByRole('heading', { name: en('errors.notFound.title') })).toBeVisible();
});

test('a protected page redirects to login and comes back after sign-in', async ({ page }) => {
  await page.goto('/inventory');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.locator('input[name="username"]').fill(USERS.manager.username);
  await page.locator('input[name="password"]').fill(USERS.manager.password);
  await page.getByRole('button', { name: en('auth.signIn') }).click();
  await expect(page).toHaveURL(/\/inventory$/);
});

test.describe('a feature turned off', () => {
  test.afterEach(async ({ request }) => {
    await setFeatures(request, await apiToken(request, ADMIN), { analytics: true });
  });

  test('shows the disabled page with the admin hint to admins only', async ({ page, browser, request }) => {
    await setFeatures(request, await apiToken(request, ADMIN), { analytics: false });

    await signInFast(page, request, ADMIN, '/analytics');
    await expect(page.getByRole('heading', { name: en('disabled.analytics.title') })).toBeVisible();
    await expect(page.getByText(en('disabled.adminHint'))).toBeVisible();
    await expect(page.getByRole('link', { name: en('disabled.openSettings') })).toHaveAttribute(
      'href',
      '/settings#features',
    );
    await expect(page.getByRole('button', { name: en('common.goBack') })).toBeVisible();
    expect(await navKeys(page)).not.toContain('analytics');
    await page.getByRole('link', { name: en('common.goToDashboard') }).click();
    await expect(page).toHaveURL(/\/$/);

    const operatorContext = await browser.newContext();
    const operator = await operatorContext.newPage();
    await preferEnglish(operator);
    await signInFast(operator, operatorContext.request, USERS.operator, '/analytics');
    await expect(operator.getByRole('heading', { name: en('disabled.analytics.title') })).toBeVisible();
    await expect(operator.getByRole('link', { name: en('common.goToDashboard') })).toBeVisible();
    await expect(operator.getByRole('button', { name: en('common.goBack') })).toBeVisible();
    await expect(operator.getByText(en('disabled.adminHint'))).toHaveCount(0);
    await expect(operator.getByRole('link', { name: en('disabled.openSettings') })).toHaveCount(0);
    await operatorContext.close();
  });
});

test('dispo pages show Access denied to view-only roles', async ({ page, request }) => {
  await signInFast(page, request, USERS.viewer, '/dispo');
  await expect(page.getByRole('heading', { name: en('errors.accessDenied.title') })).toBeVisible();
});

test('operators see their dispo information view, not Access denied', async ({ page, request }) => {
  await signInFast(page, request, USERS.operator, '/dispo');
  await expect(page.getByText(en('errors.accessDenied.dispoInfo'))).toBeVisible();
  await expect(page.getByRole('heading', { name: en('errors.accessDenied.title') })).toHaveCount(0);
});
