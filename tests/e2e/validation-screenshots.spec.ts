import path from 'node:path';
import { expect as baseExpect, test, type Browser } from '@playwright/test';
import { screenshotWhenStill } from './support/still';
import { apiToken, text } from './support/app';
import { DESKTOP, signedInContext, TABLET } from './support/context';
import { USERS } from './support/users';

/**
 * Form validation in German, on a tablet and a desktop, light and dark: the excavator, report, logbook
 * and dispo master data forms. The messages come from the shared field declarations as keys and are
 * said in the user's language, naming their field. Saved for people to look at.
 */

const expect = baseExpect.configure({ timeout: 45_000 });
const DIR = process.env.VALIDATION_SHOTS_DIR ?? path.resolve('test-results/validation-screenshots');

const DEVICES = [
  ['tablet', TABLET],
  ['desktop', DESKTOP],
] as const;
const THEMES = ['light', 'dark'] as const;

const de = (key: string, values: Record<string, string | number> = {}) => text('de', key, values);

let managerToken = '';
let dispoToken = '';
test.beforeAll(async ({ request }) => {
  managerToken = await apiToken(request, USERS.manager);
  dispoToken = await apiToken(request, USERS.dispo);
});

/** A page in German with the theme, signed in with the token. */
async function germanPage(
  browser: Browser,
  options: (typeof DEVICES)[number][1],
  theme: (typeof THEMES)[number],
  token: string,
) {
  const context = await signedInContext(browser, { token, language: 'de', theme, device: options });
  return { context, page: await context.newPage() };
}

for (const [device, options] of DEVICES) {
  for (const theme of THEMES) {
    test(`report form validation in German: ${device}, ${theme}`, async ({ browser }) => {
      test.setTimeout(180_000);
      const { context, page } = await germanPage(browser, options, theme, managerToken);
      try {
        await page.goto('/reports?view=new', { waitUntil: 'commit' });
        const form = page.getByTestId('report-form');
        await expect(form).toBeVisible();
        // Three days ahead: past the device's today whatever its time zone.
        const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
        await form.getByLabel(de('reports.fields.reportDate')).fill(day);
        await form.getByLabel(de('reports.fields.operatorName')).fill('');
        await form.getByRole('button', { name: de('reports.actions.saveDraft') }).click();
        await expect(
          form.getByText(de('validation.future', { field: de('reports.fields.reportDate') })),
        ).toBeVisible();
        await expect(
          form.getByText(de('validation.required', { field: de('reports.fields.operatorName') })),
        ).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await form.getByLabel(de('reports.fields.reportDate')).scrollIntoViewIfNeeded();
        await screenshotWhenStill(page, { path: path.join(DIR, `report-form-${device}-${theme}.png`) });
      } finally {
        await context.close();
      }
    });

    test(`logbook form validation in German: ${device}, ${theme}`, async ({ browser }) => {
      test.setTimeout(180_000);
      const { context, page } = await germanPage(browser, options, theme, managerToken);
      try {
        await page.goto('/betriebstagebuch', { waitUntil: 'commit' });
        await page.getByRole('button', { name: de('logbook.list.new') }).click();
        await page.getByLabel(de('logbook.fields.shiftEnd')).fill('06:00');
        await page.getByLabel(de('logbook.fields.shiftStart')).fill('06:00');
        await page.getByLabel(de('logbook.fields.temperature')).fill('95');
        await page.getByRole('button', { name: de('logbook.form.saveUnsigned') }).click();
        await expect(page.getByText(de('logbook.validation.shiftSame'))).toBeVisible();
        await expect(
          page.getByText(
            de('validation.between', { field: de('logbook.fields.temperature'), min: -80, max: 70 }),
          ),
        ).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await page.getByLabel(de('logbook.fields.shiftStart')).scrollIntoViewIfNeeded();
        await screenshotWhenStill(page, { path: path.join(DIR, `logbook-form-${device}-${theme}.png`) });
      } finally {
        await context.close();
      }
    });

    test(`dispo truck form validation in German: ${device}, ${theme}`, async ({ browser }) => {
      test.setTimeout(180_000);
      const { context, page } = await germanPage(browser, options, theme, dispoToken);
      try {
        await page.goto('/dispo?tab=master', { waitUntil: 'commit' });
        await page
          .locator('.mantine-SegmentedControl-root')
          .getByText(de('dispo.master.trucks.title'), { exact: true })
          .click();
        await page.getByRole('button', { name: de('dispo.master.trucks.new') }).click();
        const dialog = page.getByRole('dialog', { name: de('dispo.master.trucks.newTitle') });
        await dialog.getByLabel(de('dispo.master.fields.licensePlate')).fill('M_FP');
        await dialog.getByRole('button', { name: de('dispo.actions.save') }).click();
        // The plate's characters are a rule of its own, said by the server's declaration too.
        await expect(dialog.getByText(de('dispo.validation.plate'))).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await screenshotWhenStill(page, { path: path.join(DIR, `dispo-truck-form-${device}-${theme}.png`) });
      } finally {
        await context.close();
      }
    });

    test(`excavator form validation in German: ${device}, ${theme}`, async ({ browser }) => {
      test.setTimeout(180_000);
      const { context, page } = await germanPage(browser, options, theme, managerToken);
      try {
        await page.goto('/excavators?edit=new', { waitUntil: 'commit' });
        const form = page.getByRole('dialog', { name: de('excavators.form.createTitle') });
        await expect(form).toBeVisible();
        await form.getByRole('textbox', { name: de('excavators.fields.name') }).fill('N'.repeat(121));
        await form.getByRole('textbox', { name: de('excavators.fields.year') }).fill('1850');
        await form.getByRole('button', { name: de('excavators.actions.create') }).click();

        await expect(
          form.getByText(de('validation.tooLong', { field: de('excavators.fields.name'), max: 120 })),
        ).toBeVisible();
        await expect(
          form.getByText(de('validation.required', { field: de('excavators.fields.model') })),
        ).toBeVisible();
        await expect(
          form.getByText(de('validation.min', { field: de('excavators.fields.year'), min: 1900 })),
        ).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        // The submit left the dialog scrolled to its buttons; the messages are at the top.
        await form.getByRole('textbox', { name: de('excavators.fields.name') }).scrollIntoViewIfNeeded();
        await screenshotWhenStill(page, { path: path.join(DIR, `excavator-form-${device}-${theme}.png`) });
      } finally {
        await context.close();
      }
    });
  }
}
