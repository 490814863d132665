import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiToken, en, preferEnglish, setFeatures, sidebar, signIn, signInFast } from './support/app';
import { ADMIN } from './support/users';

test.beforeEach(async ({ page }) => {
  await preferEnglish(page);
});

test.afterEach(async ({ request }) => {
  await setFeatures(request, await apiToken(request, ADMIN), { inventory: true });
});

/** A marker that survives only as long as the page is not reloaded. */
async function markPage(page: Page) {
  await page.evaluate(() => ((window as unknown as { notReloaded?: boolean }).notReloaded = true));
}
async function stillSamePage(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
}

/** An input by its label (a combobox's option list carries the same label). */
const input = (scope: Locator, label: string) =>
  scope.locator('input').and(scope.getByLabel(new RegExp(`^${label}( \\*)?$`)));

/** A page's link in its navigation group (Recent and Favorites may list it again). */
const navLink = (page: Page, key: string) =>
  sidebar(page).locator(`[data-testid^="nav-group-"] a[data-nav-key="${key}"]`);

test('an admin creates an operator, switches inventory off for them live, and the audit log shows it', async ({
  page,
  browser,
}) => {
  const username = `e2e.op-${Date.now().toString(36)}`;
  const password = 'Operator-Passw0rd-2';

  // The admin creates the operator in /users.
  await signIn(page, ADMIN);
  await navLink(page, 'users').click();
  await expect(page.getByRole('heading', { name: en('nav.users'), level: 1 })).toBeVisible();
  await page.getByRole('button', { name: en('users.actions.create') }).click();
  const dialog = page.getByRole('dialog', { name: en('users.form.createTitle') });
  await dialog.getByLabel(en('users.fields.username')).fill(username);
  await dialog.getByLabel(en('users.fields.name'), { exact: true }).fill('Olga Live');
  await dialog.getByLabel(en('users.fields.department')).fill('Recycling Nord');
  await dialog.getByLabel(new RegExp(`^${en('users.fields.password')}`)).fill(password);
  await expect(input(dialog, en('users.fields.role'))).toHaveValue(en('shell.roles.operator'));
  await dialog.getByRole('button', { name: en('users.form.create') }).click();
  await expect(page.getByText(en('users.notices.created', { name: username }))).toBeVisible();
  await page.getByRole('searchbox', { name: en('users.filters.search') }).fill(username);
  const row = page.locator(`tr[data-user="${username}"]`);
  await expect(row).toContainText('Olga Live');
  await expect(row).toContainText(en('shell.roles.operator'));

  // The operator signs in in a second browser and opens the inventory.
  const operatorContext = await browser.newContext();
  const operator = await operatorContext.newPage();
  await preferEnglish(operator);
  await signIn(operator, { username, password, role: 'operator', name: 'Olga Live' });
  await navLink(operator, 'inventory').click();
  await expect(operator.getByRole('heading', { name: en('nav.inventory'), level: 1 })).toBeVisible();
  await markPage(operator);

  // The admin turns inventory off.
  await navLink(page, 'settings').click();
  await page.getByRole('tab', { name: en('shell.settings.features') }).click();
  await expect(page).toHaveURL(/\/settings#features$/);
  const inventorySwitch = page.getByRole('switch', { name: en('shell.features.inventory') });
  await expect(inventorySwitch).toBeChecked();
  await inventorySwitch.click({ force: true });
  await expect(page.getByTestId('settings-save-status')).toHaveAttribute('data-state', /saved/);
  await expect(inventorySwitch).not.toBeChecked();
  await expect(navLink(page, 'inventory')).toHaveCount(0);

  // The operator's navigation and open page change without a reload.
  await expect(navLink(operator, 'inventory')).toHaveCount(0);
  await expect(operator.getByRole('heading', { name: en('disabled.inventory.title') })).toBeVisible();
  await stillSamePage(operator);

  // And back on.
  await inventorySwitch.click({ force: true });
  await expect(inventorySwitch).toBeChecked();
  await expect(operator.getByRole('heading', { name: en('nav.inventory'), level: 1 })).toBeVisible();
  await expect(navLink(operator, 'inventory')).toHaveCount(1);
  await stillSamePage(operator);
  await operatorContext.close();

  // The audit log shows the account, the operator's sign-in and both switches.
  await page.getByRole('tab', { name: en('audit.title') }).click();
  const audit = page.getByRole('region', { name: en('audit.title') });
  await audit.getByLabel(en('audit.filters.user')).fill('admin');
  await input(audit, en('audit.filters.action')).fill('user.created');
  const created = audit.locator('li[data-action="user.created"]').filter({ hasText: username });
  await expect(created).toBeVisible();
  await expect(created.locator('[data-field="username"]')).toHaveText(
    `${en('audit.fields.username')}: ${username}`,
  );
  await expect(created.locator('[data-field="role"]')).toHaveText(`${en('audit.fields.role')}: operator`);

  await input(audit, en('audit.filters.action')).fill('settings.update');
  const toggles = audit.locator('li[data-action="settings.update"]');
  await expect(toggles.first().locator('[data-field="features.inventory"]')).toHaveText(
    `Features › Inventory: ${en('shell.settings.off')} → ${en('shell.settings.on')}`,
  );
  await expect(toggles.nth(1).locator('[data-field="features.inventory"]')).toHaveText(
    `Features › Inventory: ${en('shell.settings.on')} → ${en('shell.settings.off')}`,
  );

  await audit.getByLabel(en('audit.filters.user')).fill(username);
  await input(audit, en('audit.filters.action')).fill('login');
  await expect(audit.locator('li[data-action="login"]').first()).toContainText(
    en('audit.by', { user: username }),
  );
});

test('an admin cannot deactivate themselves; deactivating another account asks first', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, ADMIN);
  const username = `e2e.gone-${Date.now().toString(36)}`;
  const created = await request.post('/api/users', {
    headers: { 'x-auth-token': token },
    data: { username, password: 'Gone-Passw0rd', role: 'Auditor', name: 'Gina Gone' },
  });
  expect(created.status()).toBe(201);

  await signInFast(page, request, ADMIN, '/users');
  await page.getByRole('searchbox', { name: en('users.filters.search') }).fill('admin');
  const own = page.locator('tr[data-user="admin"]');
  await own.getByRole('button', { name: en('users.actions.more', { name: ADMIN.name }) }).click();
  await expect(
    page.getByRole('menuitem', { name: new RegExp(en('users.actions.deactivate')) }),
  ).toBeDisabled();
  await page.keyboard.press('Escape');

  await page.getByRole('searchbox', { name: en('users.filters.search') }).fill(username);
  const row = page.locator(`tr[data-user="${username}"]`);
  await expect(row).toContainText(en('users.roles.viewOnly', { role: 'Auditor' }));
  await row.getByRole('button', { name: en('users.actions.more', { name: 'Gina Gone' }) }).click();
  await page.getByRole('menuitem', { name: en('users.actions.deactivate') }).click();
  const dialog = page.getByRole('dialog', { name: en('users.deactivate.title', { name: 'Gina Gone' }) });
  await expect(dialog).toContainText(en('users.deactivate.reversible'));
  await dialog.getByRole('button', { name: en('users.actions.deactivate') }).click();
  await expect(row).toContainText(en('users.status.inactive'));
  const signInAttempt = await request.post('/api/auth/login', {
    data: { username, password: 'Gone-Passw0rd' },
  });
  expect(signInAttempt.status()).toBe(401);
});

test('unsaved General settings are guarded when leaving or closing the tab', async ({ page, request }) => {
  await signInFast(page, request, ADMIN, '/settings');
  const name = page.getByLabel(en('shell.settings.appName'));
  await expect(name).toHaveValue(/.+/);
  await name.fill('Unsaved Name');
  await expect(page.getByTestId('settings-save-status')).toHaveAttribute('data-state', 'unsaved');

  await navLink(page, 'dashboard').click();
  const leave = page.getByRole('dialog', { name: en('settings.leave.title') });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: en('settings.leave.stay') }).click();
  await expect(page).toHaveURL(/\/settings/);
  await expect(name).toHaveValue('Unsaved Name');

  const prompt = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.type());
      void dialog.dismiss();
    }),
  );
  await page.close({ runBeforeUnload: true });
  expect(await prompt).toBe('beforeunload');
});
