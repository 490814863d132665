import path from 'node:path';
import { expect as baseExpect, test } from '@playwright/test';
import { screenshotWhenStill } from './support/still';
import { apiToken, LANGUAGE_KEY, serverURL, text, TOKEN_KEY } from './support/app';
import { USERS } from './support/users';

/**
 * The excavator form's validation in German, on a tablet and a desktop, light and dark: the messages
 * come from the shared field declaration as keys and are said in the user's language, naming their
 * field. Saved for people to look at.
 */

const expect = baseExpect.configure({ timeout: 45_000 });
const DIR = process.env.VALIDATION_SHOTS_DIR ?? path.resolve('test-results/validation-screenshots');

const DEVICES = [
  ['tablet', { viewport: { width: 820, height: 1180 }, hasTouch: true }],
  ['desktop', { viewport: { width: 1440, height: 900 }, hasTouch: false }],
] as const;
const THEMES = ['light', 'dark'] as const;

const de = (key: string, values: Record<string, string | number> = {}) => text('de', key, values);

let managerToken = '';
test.beforeAll(async ({ request }) => {
  managerToken = await apiToken(request, USERS.manager);
});

for (const [device, options] of DEVICES) {
  for (const theme of THEMES) {
    test(`excavator form validation in German: ${device}, ${theme}`, async ({ browser }) => {
      test.setTimeout(180_000);
      const context = await browser.newContext({
        baseURL: serverURL,
        ...options,
        storageState: {
          cookies: [],
          origins: [
            {
              origin: serverURL,
              localStorage: [
                { name: LANGUAGE_KEY, value: 'de' },
                { name: 'colorTheme', value: theme },
                { name: TOKEN_KEY, value: managerToken },
              ],
            },
          ],
        },
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
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
