import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { en, preferEnglish, signIn, signInFast } from './support/app';
import { USERS } from './support/users';

/**
 * Dispo (issue 12): a dispatcher creates master data, plans an assignment with two rounds and
 * publishes it; the operator sees the information page; a view-only role is refused.
 */
test.beforeEach(async ({ page }) => {
  await preferEnglish(page);
});

const run = `${Date.now() % 100000}`.padStart(5, '0');
const driverName = `E2E Driver ${run}`;
const plate = `E2E ${run}`;
const typeA = `E2E Skip ${run}`;
const typeB = `E2E Roll ${run}`;
// A day of its own, so reruns never meet an earlier assignment of this driver.
const day = `2031-0${(Number(run) % 9) + 1}-${String((Number(run) % 27) + 1).padStart(2, '0')}`;

async function pick(scope: Locator, page: Page, label: string | RegExp, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function createMaster(
  page: Page,
  kind: 'drivers' | 'trucks' | 'types',
  fill: (dialog: Locator) => Promise<void>,
) {
  await page
    .locator('.mantine-SegmentedControl-root')
    .getByText(en(`dispo.master.${kind}.title`), { exact: true })
    .click();
  await page.getByRole('button', { name: en(`dispo.master.${kind}.new`) }).click();
  const dialog = page.getByRole('dialog', { name: en(`dispo.master.${kind}.newTitle`) });
  await fill(dialog);
  await dialog.getByRole('button', { name: en('dispo.actions.save') }).click();
  await expect(dialog).toBeHidden();
}

test('a dispatcher creates master data, plans an assignment with two rounds and publishes it', async ({
  page,
}) => {
  await signIn(page, USERS.dispo);
  await page.goto('/dispo?tab=master');
  await expect(page.getByRole('heading', { name: en('nav.dispo'), level: 1 })).toBeVisible();

  await createMaster(page, 'drivers', async (dialog) => {
    await dialog.getByLabel(en('dispo.master.fields.name')).fill(driverName);
    await dialog.getByLabel(en('dispo.master.fields.phone')).fill('+49 170 555');
  });
  await expect(page.getByRole('table', { name: en('dispo.master.drivers.title') })).toContainText(driverName);
  await createMaster(page, 'trucks', async (dialog) => {
    await dialog.getByLabel(en('dispo.master.fields.licensePlate')).fill(plate.toLowerCase());
    await dialog.getByLabel(en('dispo.master.fields.type')).fill('Abrollkipper');
  });
  await expect(page.getByRole('table', { name: en('dispo.master.trucks.title') })).toContainText(plate);
  for (const [name, volume] of [
    [typeA, '7'],
    [typeB, '30'],
  ] as const) {
    await createMaster(page, 'types', async (dialog) => {
      await dialog.getByLabel(en('dispo.master.fields.name')).fill(name);
      await dialog.getByLabel(en('dispo.master.fields.volume')).fill(volume);
    });
  }
  await expect(page.getByRole('table', { name: en('dispo.master.types.title') })).toContainText(typeB);

  await page.getByRole('tab', { name: en('dispo.tabs.assignments') }).click();
  await page.getByRole('button', { name: en('dispo.actions.newAssignment') }).click();
  const form = page.getByRole('dialog', { name: en('dispo.form.newTitle') });
  await form.getByLabel(en('dispo.fields.date')).fill(day);
  await pick(form, page, en('dispo.fields.driver'), driverName);
  await pick(form, page, en('dispo.fields.truck'), `${plate} · Abrollkipper`);
  const round1 = form.getByRole('region', { name: en('dispo.form.round', { n: 1 }) });
  await pick(round1, page, en('dispo.fields.containerType'), `${typeA} (7 m³)`);
  await round1.getByLabel(en('dispo.fields.quantity')).fill('2');
  await round1.getByLabel(en('dispo.fields.roundNotes')).fill('Hof 3, Tor links');
  await form.getByRole('button', { name: en('dispo.form.addRound') }).click();
  const round2 = form.getByRole('region', { name: en('dispo.form.round', { n: 2 }) });
  await pick(round2, page, en('dispo.fields.containerType'), `${typeB} (30 m³)`);
  await pick(round2, page, en('dispo.fields.operation'), en('dispo.operation.pickup'));
  await form.getByLabel(en('dispo.fields.generalNotes')).fill('Ketten mitnehmen');
  await form.getByRole('button', { name: en('dispo.actions.save') }).click();
  await expect(form).toBeHidden();

  await pick(page.locator('main'), page, en('dispo.fields.driver'), driverName);
  const table = page.getByRole('table', { name: en('dispo.list.label') });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText(en('dispo.status.draft'));
  await table.getByRole('row').nth(1).getByRole('link').click();

  await expect(page).toHaveURL(/\/dispo\/assignments\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { name: new RegExp(`^${driverName} ·`) })).toBeVisible();
  await expect(page.getByText(`${plate} · Abrollkipper`)).toBeVisible();
  await expect(page.getByRole('table', { name: en('dispo.view.itemsOf', { n: 1 }) })).toContainText(typeA);
  await expect(page.getByRole('table', { name: en('dispo.view.itemsOf', { n: 2 }) })).toContainText(
    en('dispo.operation.pickup'),
  );
  await expect(page.getByText('Ketten mitnehmen')).toBeVisible();
  await expect(page.getByRole('main').getByText(USERS.dispo.name)).toBeVisible();

  await page.getByRole('button', { name: en('dispo.actions.publish') }).click();
  await expect(page.getByText(en('dispo.notices.published', { driver: driverName }))).toBeVisible();
  await expect(page.getByRole('button', { name: en('dispo.actions.publish') })).toBeHidden();
  await expect(
    page.locator('main').getByText(en('dispo.status.published'), { exact: true }).first(),
  ).toBeVisible();

  // The type in use cannot be deleted; the server says why.
  await page.goto('/dispo?tab=master');
  await page
    .locator('.mantine-SegmentedControl-root')
    .getByText(en('dispo.master.types.title'), { exact: true })
    .click();
  await page.getByRole('button', { name: en('dispo.master.deleteNamed', { name: typeA }) }).click();
  const confirm = page.getByRole('dialog', { name: en('dispo.master.types.deleteTitle') });
  await confirm.getByRole('button', { name: en('dispo.actions.delete') }).click();
  await expect(confirm.getByRole('alert')).toContainText('This container type is used by 1 assignment');
});

test('operators see Dispo only as information', async ({ page, request }) => {
  await signInFast(page, request, USERS.operator, '/dispo');
  await expect(page.getByRole('heading', { name: en('errors.accessDenied.title') })).toBeVisible();
  await expect(page.getByText(en('errors.accessDenied.dispoInfo'))).toBeVisible();
});

test('a view-only role is refused', async ({ page, request }) => {
  await signInFast(page, request, USERS.viewer, '/dispo');
  await expect(page.getByRole('heading', { name: en('errors.accessDenied.title') })).toBeVisible();
  await expect(page.getByText(en('errors.accessDenied.dispoInfo'))).toBeHidden();
});

const SIZES = [
  ['tablet', { width: 834, height: 1112 }],
  ['desktop', { width: 1440, height: 900 }],
] as const;
const dir = path.resolve('tests/e2e/screenshots');

for (const [device, viewport] of SIZES) {
  for (const theme of ['light', 'dark'] as const) {
    test(`dispo screenshots: ${device}, ${theme}`, async ({ page, request }) => {
      await page.setViewportSize(viewport);
      await page.addInitScript((dark) => localStorage.setItem('darkMode', String(dark)), theme === 'dark');
      const shot = (name: string, fullPage = true) =>
        page.screenshot({ path: path.join(dir, `dispo-${name}-${device}-${theme}.png`), fullPage });
      await signInFast(page, request, USERS.dispo, '/dispo');
      await expect(page.getByRole('button', { name: en('dispo.actions.newAssignment') })).toBeVisible();
      await page.waitForTimeout(500);
      await shot('list');
      await page.getByRole('button', { name: en('dispo.actions.newAssignment') }).click();
      await expect(page.getByRole('dialog', { name: en('dispo.form.newTitle') })).toBeVisible();
      await page.waitForTimeout(400);
      await shot('form', false);
      await page.keyboard.press('Escape');
      for (const tab of ['overview', 'dashboard', 'master'] as const) {
        await page.getByRole('tab', { name: en(`dispo.tabs.${tab}`) }).click();
        await page.waitForTimeout(600);
        await shot(tab);
      }
      const link = page.locator('a[href^="/dispo/assignments/"]').first();
      if (await link.count()) {
        await page.getByRole('tab', { name: en('dispo.tabs.assignments') }).click();
        await page.locator('main a[href^="/dispo/assignments/"]').first().click();
        await expect(page.getByRole('button', { name: en('dispo.actions.pdf') })).toBeVisible();
        await shot('view');
      }
    });
  }
}
