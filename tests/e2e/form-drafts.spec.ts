import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiToken, closeKeepOpenPrompt, en } from './support/app';
import { signedInContext, TABLET } from './support/context';
import { screenshotWhenStill } from './support/still';
import { USERS } from './support/users';

/**
 * Form drafts in a real browser: what was typed into a new report survives a tab that is killed
 * without any unload handler running, the form offers it back, and leaving with unsaved input asks.
 */

const RUN = Date.now().toString(36);
const SHOTS = process.env.DRAFT_SHOTS_DIR ?? path.resolve('test-results/form-drafts');

const description = () => `Hydraulic leak ${RUN}`;

/** The drafts on the device, read straight from IndexedDB (what a killed tab left behind). */
async function storedDrafts(page: Page): Promise<Array<{ form: string; values: unknown }>> {
  return page.evaluate(
    () =>
      new Promise<Array<{ form: string; values: unknown }>>((resolve, reject) => {
        const open = indexedDB.open('fleetpilot');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('drafts')) {
            db.close();
            resolve([]);
            return;
          }
          const read = db.transaction('drafts').objectStore('drafts').getAll();
          read.onsuccess = () => {
            db.close();
            resolve(read.result as Array<{ form: string; values: unknown }>);
          };
          read.onerror = () => reject(read.error);
        };
      }),
  );
}

async function openNewReport(page: Page): Promise<void> {
  await page.goto('/reports?view=new');
  await expect(page.getByRole('heading', { name: en('reports.newTitle') })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('checklist-exterior-tracks')).toBeVisible();
}

function tabletContext(browser: Browser, token: string, theme: 'light' | 'dark' = 'light') {
  return signedInContext(browser, { token, language: 'en', theme, device: TABLET });
}

test.describe('form drafts', () => {
  test.beforeAll(() => {
    fs.mkdirSync(SHOTS, { recursive: true });
  });

  test('a killed tab keeps the report input; the form offers it, restores it, or discards it', async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const token = await apiToken(request, USERS.operator);
    const context = await tabletContext(browser, token);
    try {
      let page = await context.newPage();
      await closeKeepOpenPrompt(page);
      await openNewReport(page);
      await page.getByLabel(en('reports.fields.description'), { exact: true }).fill(description());
      await page.getByLabel(en('reports.fields.managerName')).fill('Maria Manager');
      const tracks = page.getByTestId('checklist-exterior-tracks');
      await tracks.getByText(en('reports.checklist.states.not_ok')).click();
      await tracks.getByRole('textbox').fill('Left track worn');

      // Wait for the debounced write, then kill the tab: no beforeunload, no pagehide handler.
      await expect
        .poll(async () => JSON.stringify(await storedDrafts(page)), { timeout: 10_000 })
        .toContain('Left track worn');
      await page.close({ runBeforeUnload: false });

      page = await context.newPage();
      await closeKeepOpenPrompt(page);
      await openNewReport(page);
      const notice = page.getByTestId('draft-notice');
      await expect(notice).toBeVisible();
      await expect(notice.getByText(en('drafts.offer.title'))).toBeVisible();
      await expect(page.getByLabel(en('reports.fields.description'), { exact: true })).toHaveValue('');
      await screenshotWhenStill(page, { path: `${SHOTS}/draft-notice-tablet-light.png` });

      await notice.getByRole('button', { name: en('drafts.offer.restore') }).click();
      await expect(notice).toBeHidden();
      await expect(page.getByLabel(en('reports.fields.description'), { exact: true })).toHaveValue(
        description(),
      );
      await expect(page.getByLabel(en('reports.fields.managerName'))).toHaveValue('Maria Manager');
      const restored = page.getByTestId('checklist-exterior-tracks');
      await expect(restored.getByRole('textbox')).toHaveValue('Left track worn');
      await expect(
        restored.getByRole('radio', { name: en('reports.checklist.states.not_ok') }),
      ).toBeChecked();

      // The restored input is the draft again; another killed tab, and this time it is discarded.
      await expect
        .poll(async () => JSON.stringify(await storedDrafts(page)), { timeout: 10_000 })
        .toContain(description());
      await page.close({ runBeforeUnload: false });

      page = await context.newPage();
      await closeKeepOpenPrompt(page);
      await openNewReport(page);
      await page
        .getByTestId('draft-notice')
        .getByRole('button', { name: en('drafts.offer.discard') })
        .click();
      await expect(page.getByTestId('draft-notice')).toBeHidden();
      await expect(page.getByLabel(en('reports.fields.description'), { exact: true })).toHaveValue('');
      await expect(page.getByTestId('checklist-exterior-tracks').getByRole('textbox')).toHaveValue('');
      await expect.poll(async () => (await storedDrafts(page)).length).toBe(0);

      // Nothing is offered any more when the form loads again. One navigation, not a reload followed
      // by the helper's own: the keep-open card of the first load vanished under its handler while
      // the second load showed it again, and the two handler runs left the wait hanging.
      await openNewReport(page);
      await expect(page.getByTestId('checklist-exterior-tracks')).toBeVisible();
      await expect(page.getByTestId('draft-notice')).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`leaving a form with unsaved input asks first (tablet, ${theme})`, async ({ browser, request }) => {
      test.setTimeout(120_000);
      const token = await apiToken(request, USERS.operator);
      const context = await tabletContext(browser, token, theme);
      try {
        const page = await context.newPage();
        await openNewReport(page);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        const field = page.getByLabel(en('reports.fields.description'), { exact: true });
        await field.fill(description());

        // In the app: the back button is a navigation, held by the question.
        await page.getByRole('button', { name: en('reports.actions.back') }).click();
        const dialog = page.getByRole('dialog', { name: en('drafts.leave.title') });
        await expect(dialog).toBeVisible();
        await expect(dialog.getByText(en('drafts.leave.message'))).toBeVisible();
        await screenshotWhenStill(page, { path: `${SHOTS}/leave-confirm-tablet-${theme}.png` });
        await dialog.getByRole('button', { name: en('drafts.leave.stay') }).click();
        await expect(dialog).toBeHidden();
        await expect(page).toHaveURL(/view=new/);
        await expect(field).toHaveValue(description());

        // Closing or reloading the tab: the browser's own question.
        const asked = page.waitForEvent('dialog');
        await page.close({ runBeforeUnload: true });
        const question = await asked;
        expect(question.type()).toBe('beforeunload');
        await question.dismiss();
        await expect(field).toHaveValue(description());

        // Leaving and keeping the draft: the list opens, and the form offers the input next time.
        await page.getByRole('button', { name: en('reports.actions.back') }).click();
        await dialog.getByRole('button', { name: en('drafts.leave.keep') }).click();
        await expect(page).not.toHaveURL(/view=new/);
        await openNewReport(page);
        const notice = page.getByTestId('draft-notice');
        await expect(notice).toBeVisible();
        if (theme === 'dark')
          await screenshotWhenStill(page, { path: `${SHOTS}/draft-notice-tablet-dark.png` });
        // Leaving with "discard" removes it.
        await notice.getByRole('button', { name: en('drafts.offer.restore') }).click();
        await page.getByRole('button', { name: en('reports.actions.back') }).click();
        await dialog.getByRole('button', { name: en('drafts.leave.discard') }).click();
        await expect(page).not.toHaveURL(/view=new/);
        await expect.poll(async () => (await storedDrafts(page)).length).toBe(0);
      } finally {
        await context.close();
      }
    });
  }
});
