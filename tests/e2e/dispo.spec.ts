import path from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiToken, en, preferEnglish, serverURL, signIn, signInFast } from './support/app';
import { startNetworkSwitch } from './support/network-switch';
import { countStore } from './support/outbox';
import { screenshotWhenStill } from './support/still';
import { ADMIN, USERS } from './support/users';

/**
 * Dispo: a dispatcher creates master data, plans an assignment with two rounds and
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
  // A long walk through the master data and the form: about 50 s on a busy 2-core machine.
  test.setTimeout(150_000);
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
  await expect(table).toContainText(en('status.draft'));
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
  // This driver has no app account: the notice says so instead of claiming a notification.
  await expect(page.getByText(en('dispo.notices.publishedNoAccount', { driver: driverName }))).toBeVisible();
  await expect(page.getByRole('button', { name: en('dispo.actions.publish') })).toBeHidden();
  await expect(page.locator('main').getByText(en('status.published'), { exact: true }).first()).toBeVisible();

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
  await expect(page.getByText(en('errors.accessDenied.dispoInfo'))).toBeVisible();
  await expect(page.getByRole('heading', { name: en('errors.accessDenied.title') })).toHaveCount(0);
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
        screenshotWhenStill(page, { path: path.join(dir, `dispo-${name}-${device}-${theme}.png`), fullPage });
      await signInFast(page, request, USERS.dispo, '/dispo');
      await expect(page.getByRole('button', { name: en('dispo.actions.newAssignment') })).toBeVisible();
      await shot('list');
      await page.getByRole('button', { name: en('dispo.actions.newAssignment') }).click();
      await expect(page.getByRole('dialog', { name: en('dispo.form.newTitle') })).toBeVisible();
      await shot('form', false);
      await page.keyboard.press('Escape');
      for (const tab of ['overview', 'dashboard', 'master'] as const) {
        await page.getByRole('tab', { name: en(`dispo.tabs.${tab}`) }).click();
        await expect(page.getByRole('tab', { name: en(`dispo.tabs.${tab}`) })).toHaveAttribute(
          'aria-selected',
          'true',
        );
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

/** POST as `token`, expecting 200/201; the answer's JSON. */
async function post<T = unknown>(
  request: APIRequestContext,
  token: string,
  url: string,
  data: unknown,
): Promise<T> {
  const response = await request.post(url, { headers: { 'x-auth-token': token }, data });
  expect([200, 201], `${url}: ${await response.text()}`).toContain(response.status());
  return (await response.json()) as T;
}

/** Today in the app's zone (playwright.config.ts: Europe/Berlin), so the day is on the week board. */
function berlinToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
}

test('a driver marks a round done without signal; the dispatcher sees it after sync', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const shots = path.resolve('tests/e2e/screenshots');
  // A driver account and its driver record, a truck and a container type of this run.
  const admin = await apiToken(request, ADMIN);
  const dispoToken = await apiToken(request, USERS.dispo);
  const driverUser = {
    username: `e2e.driver.${run}`,
    password: 'Driver-Passw0rd',
    role: 'operator',
    name: `Field Driver ${run}`,
  };
  const account = await post<{ id: string }>(request, admin, '/api/users', driverUser);
  await post(request, dispoToken, '/api/containers/drivers', {
    name: `E2E Field ${run}`,
    phone: '+49 170 777',
    userId: account.id,
  });
  await post(request, dispoToken, '/api/containers/trucks', {
    licensePlate: `FLD ${run}`,
    type: 'Absetzkipper',
  });
  await post(request, dispoToken, '/api/containers/types', {
    name: `E2E Field Skip ${run}`,
    volume: 7,
  });

  // The dispatcher plans today's round trip for the driver and publishes it.
  await preferEnglish(page);
  await signIn(page, USERS.dispo);
  await page.goto('/dispo');
  await page.getByRole('button', { name: en('dispo.actions.newAssignment') }).click();
  const form = page.getByRole('dialog', { name: en('dispo.form.newTitle') });
  await form.getByLabel(en('dispo.fields.date')).fill(berlinToday());
  await pick(form, page, en('dispo.fields.driver'), `E2E Field ${run}`);
  await pick(form, page, en('dispo.fields.truck'), `FLD ${run} · Absetzkipper`);
  const first = form.getByRole('region', { name: en('dispo.form.round', { n: 1 }) });
  await pick(first, page, en('dispo.fields.containerType'), `E2E Field Skip ${run} (7 m³)`);
  await first.getByLabel(en('dispo.fields.roundNotes')).fill('Wertstoffhof Nord');
  await form.getByRole('button', { name: en('dispo.form.addRound') }).click();
  const second = form.getByRole('region', { name: en('dispo.form.round', { n: 2 }) });
  await pick(second, page, en('dispo.fields.containerType'), `E2E Field Skip ${run} (7 m³)`);
  await pick(second, page, en('dispo.fields.operation'), en('dispo.operation.pickup'));
  await second.getByLabel(en('dispo.fields.roundNotes')).fill('Baustelle Süd');
  await form.getByRole('button', { name: en('dispo.actions.save') }).click();
  await expect(form).toBeHidden();
  await pick(page.locator('main'), page, en('dispo.fields.driver'), `E2E Field ${run}`);
  // The row of this run's driver: the filter applies after a render, and other specs plan for today too.
  await page
    .getByRole('table', { name: en('dispo.list.label') })
    .getByRole('row')
    .filter({ hasText: `E2E Field ${run}` })
    .getByRole('link')
    .first()
    .click();
  await expect(page).toHaveURL(/\/dispo\/assignments\/[0-9a-f-]+$/);
  const sheetPath = new URL(page.url()).pathname;
  await page.getByRole('button', { name: en('dispo.actions.publish') }).click();
  await expect(page.getByText(en('dispo.notices.published', { driver: `E2E Field ${run}` }))).toBeVisible();

  // The driver's tablet: its own browser, through a line that can be cut (sockets and worker too).
  const relay = await startNetworkSwitch(new URL(serverURL));
  const tablet = await browser.newContext({ baseURL: relay.url, viewport: { width: 834, height: 1194 } });
  try {
    const field = await tablet.newPage();
    /** The sheet as the tablet shows it: scrolled to its title, below the app bar. */
    const snap = async (file: string) => {
      await field.evaluate(() => {
        // The last h1: an operator's sheet sits below the shell's "managed by your dispatcher" notice.
        const title = [...document.querySelectorAll('main h1')].at(-1);
        if (title) window.scrollTo(0, title.getBoundingClientRect().top + window.scrollY - 76);
      });
      await screenshotWhenStill(field, { path: path.join(shots, file) });
    };
    await preferEnglish(field);
    await signIn(field, driverUser);
    // Every screen opens offline once the worker has precached the app.
    await field.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await field.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await field.goto('/dispo');
    await expect(field.getByRole('heading', { name: en('dispo.field.title') })).toBeVisible();
    // The mirror holds the published assignment.
    await expect.poll(() => countStore(field, 'dispoAssignments'), { timeout: 20_000 }).toBe(1);

    // No signal: the app starts from the device.
    await tablet.setOffline(true);
    relay.cut();
    await field.reload();
    await expect(field.getByText(en('shell.offline.banner'))).toBeVisible();
    await expect(field.getByTestId('dispo-offline')).toBeVisible();
    await field.locator(`main a[href="${sheetPath}"]`).click();
    await expect(field.getByRole('heading', { name: new RegExp(`^E2E Field ${run} ·`) })).toBeVisible();
    await expect(field.getByText('Baustelle Süd')).toBeVisible();
    const round2 = field.getByRole('region', { name: en('dispo.form.round', { n: 2 }) });
    await round2.getByRole('checkbox', { name: en('dispo.rounds.markDone') }).click();
    await expect(round2.getByRole('checkbox', { name: en('dispo.rounds.markDone') })).toBeChecked();
    await expect(field.getByText(en('sync.record.waiting'))).toBeVisible();
    expect(await countStore(field, 'outbox')).toBe(1);
    await snap('dispo-driver-offline-tablet-light.png');

    // The driver sheet PDF is made on the device.
    const download = field.waitForEvent('download');
    await field.getByRole('button', { name: en('dispo.actions.pdf') }).click();
    expect((await download).suggestedFilename()).toBe(`driver-sheet-${berlinToday()}.pdf`);

    // Opened cold without signal (and in the dark theme): still there, still waiting.
    await field.evaluate(() => localStorage.setItem('darkMode', 'true'));
    await field.reload();
    await expect(field.getByText('Baustelle Süd')).toBeVisible();
    await expect(field.getByText(en('sync.record.waiting'))).toBeVisible();
    await snap('dispo-driver-offline-tablet-dark.png');

    // Signal again: the outbox sends the tick.
    relay.restore();
    await tablet.setOffline(false);
    await expect(field.getByText(en('sync.record.waiting'))).toBeHidden({ timeout: 30_000 });
    expect(await countStore(field, 'outbox')).toBe(0);
  } finally {
    await tablet.close();
    await relay.close();
  }

  // The dispatcher's open sheet follows the sync: round 2 is done, round 1 is not.
  const seen = page.getByRole('region', { name: en('dispo.form.round', { n: 2 }) });
  await expect(seen.getByRole('checkbox', { name: en('dispo.rounds.markDone') })).toBeChecked({
    timeout: 20_000,
  });
  await expect(
    page.getByRole('region', { name: en('dispo.form.round', { n: 1 }) }).getByRole('checkbox'),
  ).not.toBeChecked();
  // …and so does the week board.
  await page.goto('/dispo?tab=overview');
  await expect(
    page.getByRole('link', {
      name: en('dispo.board.open', { driver: `E2E Field ${run}`, date: berlinToday() }),
    }),
  ).toContainText(en('dispo.board.rounds', { done: 1, count: 2 }));
});
