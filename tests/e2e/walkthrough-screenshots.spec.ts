import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { signaturePng } from '../../src/server/modules/reports/signature-png';
import { apiToken, LANGUAGE_KEY, serverURL, text, TOKEN_KEY } from './support/app';
import { brokenWords, clippedTexts } from './support/clipping';
import { signPad } from './support/signature';
import { screenshotWhenStill } from './support/still';
import { USERS } from './support/users';

/*
 * The screens a walk-through in the browser found wanting, photographed at desktop, tablet portrait and
 * phone width in German and Greek (the longest words, the € after the amount) for people to look at.
 * Each picture also has to pass what a look would check first: the page is no wider than the screen,
 * and badges, buttons, tabs, headings and the screen's key figures show their whole text.
 *
 * One sign-in per role and language (the token goes into the context's storage), one page per role
 * that changes its width between the sizes. Pictures go to WALKTHROUGH_SHOTS, else to the test's
 * output directory.
 */

type Language = 'de' | 'gr';
const LANGUAGES: Language[] = ['de', 'gr'];
const SIZES = [
  ['desktop', { width: 1440, height: 900 }],
  ['tablet', { width: 820, height: 1180 }],
  ['phone', { width: 390, height: 844 }],
] as const;
type Size = (typeof SIZES)[number][0];

/** Texts that must never be cut on any screen. */
const ALWAYS = [
  '.mantine-AppShell-header',
  '[data-nav-label]',
  '.mantine-Badge-label',
  '.mantine-Button-label',
  '.mantine-Tabs-tabLabel',
  '.mantine-SegmentedControl-label',
  '.mantine-Modal-title',
  '.mantine-Drawer-title',
  'main h1',
  'main h2',
  'main h3',
];

const RUN = Date.now().toString(36);
const day = (offset: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(
    new Date(Date.now() + offset * 86_400_000),
  );

interface World {
  tokens: Record<'admin' | 'manager' | 'operator', string>;
  followUpMachine: string;
  reportMachineSerial: string;
  pendingReport: string;
  assignment: string;
}
let world: World;

async function send<T>(api: APIRequestContext, token: string, method: string, url: string, data?: unknown) {
  const response = await api.fetch(url, { method, headers: { 'x-auth-token': token }, data });
  expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** Machines, follow-ups, a pending report with most items unchecked, stock, a logbook entry and a published
 * round trip for the operator — what the screens below show. */
async function seed(api: APIRequestContext): Promise<World> {
  const admin = await apiToken(api, USERS.admin);
  const manager = await apiToken(api, USERS.manager);
  const operator = await apiToken(api, USERS.operator);
  const dispo = await apiToken(api, USERS.dispo);

  const machine = (name: string, serial: string, usageHours: number) =>
    send<{ id: string }>(api, admin, 'POST', '/api/excavators', {
      name,
      model: 'R 926 Compact',
      serialNumber: serial,
      usageHours,
    });
  const followUpMachine = await machine(`Liebherr R 926 Magnetabscheider ${RUN}`, `WT-A-${RUN}`, 12_931.5);
  const reportMachine = await machine(`CAT 330 Kettenbagger ${RUN}`, `WT-B-${RUN}`, 14_639);
  await machine(`Komatsu PC210 Umschlagbagger ${RUN}`, `WT-C-${RUN}`, 14_665.25);

  for (const [title, note, dueDate] of [
    ['Hydraulikschlauch am Ausleger tauschen', 'Schlauch feucht, tropft bei Last', '2020-01-15'],
    ['Rückspiegel links ersetzen', null, day(5)],
  ] as const)
    await send(api, operator, 'POST', '/api/follow-ups', {
      excavatorId: followUpMachine.id,
      title,
      note,
      dueDate,
    });

  // Three of the checklist's items looked at, one of them "not ok" (a follow-up and a notification).
  const report = await send<{ id: string }>(api, operator, 'POST', '/api/reports', {
    reportDate: day(-1),
    excavatorId: reportMachine.id,
    operatorName: USERS.operator.name,
    description: 'Wöchentliche Inspektion vor Schichtbeginn',
    operatingHours: 14_650,
    fuelLevel: 70,
    checklist: {
      exterior: {
        tracks: { state: 'not_ok', note: 'Kette links stark verschlissen' },
        hydraulicLeaks: { state: 'ok' },
      },
      cleaning: { windows: { state: 'ok' } },
    },
    operatorSignature: signaturePng(7),
  });
  await send(api, operator, 'PUT', `/api/reports/${report.id}/submit`);

  for (const item of [
    {
      name: `Hydraulik-Ersatzteilsatz Großgerät ${RUN}`,
      type: 'Ersatzteile',
      quantity: 3,
      price: 1_669_045.7,
      location: 'Lagerhalle 2, Regal 14, Fach C – Außenlager Nord',
    },
    {
      name: `Hydraulikfilter HF-7 ${RUN}`,
      type: 'Filter',
      quantity: 1,
      minQuantity: 4,
      price: 89.9,
      location: 'Werkstattcontainer Süd',
    },
  ])
    await send(api, manager, 'POST', '/api/inventory', item);

  // Every configured conveyor checked, the magnetic separator's belt broken (the analytics chart).
  const config = await send<{ conveyors?: Array<{ key: string; name: string }> }>(
    api,
    operator,
    'GET',
    '/api/betriebstagebuch-config',
  );
  const conveyors = config.conveyors ?? [];
  await send(api, operator, 'POST', '/api/betriebstagebuch', {
    date: day(-2),
    site: 'Recyclinghof Nord',
    shiftStart: '06:00',
    shiftEnd: '14:00',
    weather: { temperature: 4.5, humidity: 81, conditions: 'cloudy' },
    conveyorChecks: conveyors.map((c, index) => ({
      key: c.key,
      name: c.name,
      functional: index !== conveyors.length - 1,
      notes: index === conveyors.length - 1 ? 'Gurt läuft schief' : '',
    })),
    specialChecks: [],
    generalNotes: 'Ruhige Schicht.',
  });

  // The operator drives today: a published round trip with a swap, a pick-up and a placement.
  const me = await send<{ id: string }>(api, operator, 'GET', '/api/auth/me');
  const driver = await send<{ id: string }>(api, dispo, 'POST', '/api/containers/drivers', {
    name: `${USERS.operator.name} ${RUN}`,
    phone: '+49 170 5550',
    userId: me.id,
  });
  const truck = await send<{ id: string }>(api, dispo, 'POST', '/api/containers/trucks', {
    licensePlate: `M-WT ${RUN.slice(-4)}`,
    type: 'Abrollkipper',
  });
  const roll = await send<{ id: string }>(api, dispo, 'POST', '/api/containers/types', {
    name: `Abrollcontainer Bauschutt ${RUN}`,
    volume: 40,
  });
  const skip = await send<{ id: string }>(api, dispo, 'POST', '/api/containers/types', {
    name: `Absetzmulde ${RUN}`,
    volume: 7,
  });
  const assignment = await send<{ id: string }>(api, dispo, 'POST', '/api/containers/assignments', {
    date: day(0),
    driverId: driver.id,
    truckId: truck.id,
    rounds: [
      {
        notes: 'Wertstoffhof Nord, Tor 3',
        items: [
          { containerTypeId: roll.id, quantity: 2, operation: 'swap' },
          { containerTypeId: skip.id, quantity: 1, operation: 'pickup' },
        ],
      },
      { notes: 'Baustelle Süd', items: [{ containerTypeId: skip.id, quantity: 1, operation: 'place' }] },
    ],
    generalNotes: 'Lieferscheine abgeben',
  });
  await send(api, dispo, 'PUT', `/api/containers/assignments/${assignment.id}/publish`);

  return {
    tokens: { admin, manager, operator },
    followUpMachine: followUpMachine.id,
    reportMachineSerial: `WT-B-${RUN}`,
    pendingReport: report.id,
    assignment: assignment.id,
  };
}

// A failed test restarts the worker and with it this file: the records are made once per server run.
const WORLD_FILE = path.join(os.tmpdir(), `fleetpilot-walkthrough-${process.env.E2E_PORT}.json`);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  if (fs.existsSync(WORLD_FILE)) {
    world = JSON.parse(fs.readFileSync(WORLD_FILE, 'utf8')) as World;
    return;
  }
  const api = await playwrightRequest.newContext({ baseURL: serverURL });
  try {
    world = await seed(api);
    fs.writeFileSync(WORLD_FILE, JSON.stringify(world));
  } finally {
    await api.dispose();
  }
});

/** A signed-in page of `user` in `language`: the token and the language are in the storage from the start. */
async function pageOf(browser: Browser, token: string, language: Language) {
  const context = await browser.newContext({
    baseURL: serverURL,
    locale: language === 'de' ? 'de-DE' : 'el-GR',
    timezoneId: 'Europe/Berlin',
    storageState: {
      cookies: [],
      origins: [
        {
          origin: serverURL,
          localStorage: [
            { name: TOKEN_KEY, value: token },
            { name: LANGUAGE_KEY, value: language },
          ],
        },
      ],
    },
  });
  return { context, page: await context.newPage() };
}

/** Opens `path` and waits for the signed-in shell. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('.mantine-AppShell-header')).toBeVisible({ timeout: 30_000 });
}

for (const language of LANGUAGES) {
  test(`walk-through screens in ${language} at desktop, tablet and phone`, async ({ browser }) => {
    test.setTimeout(900_000);
    const t = (key: string, values: Record<string, string | number> = {}) => text(language, key, values);
    const dir = process.env.WALKTHROUGH_SHOTS ?? test.info().outputPath('walkthrough');
    const contexts: BrowserContext[] = [];
    const signedIn = async (token: string) => {
      const made = await pageOf(browser, token, language);
      contexts.push(made.context);
      return made.page;
    };
    const admin = await signedIn(world.tokens.admin);
    const manager = await signedIn(world.tokens.manager);
    const operator = await signedIn(world.tokens.operator);

    let size: Size = 'desktop';
    /** Photographs the screen and checks it: no sideways scrolling, no cut text among `selectors`. */
    const shot = async (page: Page, name: string, selectors: string[] = []) => {
      const file = path.join(dir, `${name}-${size}-${language}.png`);
      await screenshotWhenStill(page, { path: file });
      const widths = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        screen: window.innerWidth,
        // The innermost elements reaching past the right edge, to say what is too wide.
        wide: Array.from(document.querySelectorAll<HTMLElement>('body *'))
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
          .filter(
            (el) =>
              !Array.from(el.children).some((c) => c.getBoundingClientRect().right > window.innerWidth + 1),
          )
          .slice(0, 3)
          .map((el) => `${el.tagName.toLowerCase()}.${el.className}: ${el.textContent?.slice(0, 40)}`),
      }));
      expect
        .soft(widths.page, `${name} (${size}): the page scrolls sideways: ${widths.wide.join(' | ')}`)
        .toBeLessThanOrEqual(widths.screen);
      expect
        .soft(await clippedTexts(page, [...ALWAYS, ...selectors]), `${name} (${size}): cut texts`)
        .toEqual([]);
      expect
        .soft(await brokenWords(page, [...ALWAYS, ...selectors]), `${name} (${size}): words broken in two`)
        .toEqual([]);
    };
    const into = async (locator: Locator) => {
      await expect(locator).toBeVisible({ timeout: 30_000 });
      await locator.evaluate((element) => element.scrollIntoView({ block: 'start' }));
      // Below the sticky top bar.
      await locator.page().evaluate(() => window.scrollBy(0, -72));
    };

    try {
      for (const [name, viewport] of SIZES) {
        size = name;
        for (const page of [admin, manager, operator]) await page.setViewportSize(viewport);

        // Settings → Checklists loads (the doubled /api prefix showed an error here).
        await open(admin, '/settings#checklists');
        await expect(admin.getByTestId('checklist-editor')).toBeVisible({ timeout: 30_000 });
        await expect(admin.getByText('/api/api')).toHaveCount(0);
        await shot(admin, 'settings-checklists');

        // The audit log: translated actions, names, readable changes.
        await open(admin, '/settings#audit');
        await expect(admin.locator('li[data-action]').first()).toBeVisible({ timeout: 30_000 });
        await expect(admin.locator('li[data-action]').first()).not.toContainText('.create');
        await shot(admin, 'settings-audit');

        // Notifications: the list and the bell, in the reader's language.
        await open(manager, '/notifications');
        const list = manager.locator('main');
        await expect(list.getByRole('listitem').first()).toBeVisible({ timeout: 30_000 });
        await shot(manager, 'notifications-list');
        await manager.getByTestId('notification-bell').click();
        await expect(manager.getByTestId('notification-dropdown-list')).toBeVisible();
        await shot(manager, 'notifications-bell', ['[data-testid="notification-dropdown-list"]']);
        await manager.keyboard.press('Escape');

        // The dashboard: top excavators' hours and the upcoming maintenance with the follow-ups.
        await open(manager, '/');
        await expect(manager.getByTestId('top-excavator-hours').first()).toBeVisible({ timeout: 30_000 });
        await shot(manager, 'dashboard', [
          '[data-testid="top-excavator-hours"]',
          '[data-testid="stat-value"]',
        ]);
        const upcoming = manager.getByTestId('dashboard-maintenance');
        await expect(upcoming.getByTestId('dashboard-follow-ups')).toContainText(
          'Hydraulikschlauch am Ausleger tauschen',
          { timeout: 30_000 },
        );
        await into(upcoming);
        await shot(manager, 'dashboard-follow-ups');

        // The excavator with its follow-ups (one overdue).
        await open(manager, `/excavators?view=${world.followUpMachine}`);
        const followUps = manager.getByTestId('excavator-follow-ups');
        await expect(followUps.getByTestId('follow-up')).toHaveCount(2, { timeout: 30_000 });
        await expect(followUps).toContainText(t('followUps.status.overdue'));
        await into(followUps);
        await shot(manager, 'excavator-follow-ups', ['[data-testid="follow-up"]']);

        // Analytics: the stock value with its € and the chart labels.
        await open(manager, '/analytics');
        await expect(manager.getByTestId('stat-value').first()).toBeVisible({ timeout: 30_000 });
        await shot(manager, 'analytics', ['[data-testid="stat-value"]']);
        // The conveyor failures by name: "Magnetabscheider-Band" whole beside its bar.
        await open(manager, '/analytics?tab=metrics');
        const failures = manager.getByRole('region', { name: t('analytics.charts.conveyorFailures') });
        await into(failures);
        await expect(failures.getByTestId('chart-category-tick').first()).toBeVisible({ timeout: 30_000 });
        await shot(manager, 'analytics-conveyors');
        const ticks = await failures.getByTestId('chart-category-tick').evaluateAll((labels) =>
          labels.map((label) => {
            const box = label.getBoundingClientRect();
            const chart = label.closest('svg')!.getBoundingClientRect();
            return { text: label.textContent, inside: box.left >= chart.left - 1 };
          }),
        );
        expect
          .soft(
            ticks.filter((tick) => !tick.inside),
            'chart labels cut at the left edge',
          )
          .toEqual([]);

        // Inventory: the location column.
        await open(manager, '/inventory');
        // Other specs on the same server add stock items of their own: find this one by its name.
        await manager
          .locator('main')
          .getByLabel(t('inventory.filters.search'))
          .fill(`Hydraulik-Ersatzteilsatz Großgerät ${RUN}`);
        await expect(
          manager
            .locator('main')
            .getByText(/^Hydraulik-Ersatzteilsatz/)
            .first(),
        ).toBeAttached({
          timeout: 30_000,
        });
        await shot(manager, 'inventory');
        if (size === 'desktop') {
          // The table: every column, the location's whole text at 1440 px.
          await manager.locator('main').getByText(t('inventory.view.table'), { exact: true }).click();
          const table = manager.locator('main table');
          await expect(table).toContainText('Lagerhalle 2, Regal 14, Fach C – Außenlager Nord');
          await shot(manager, 'inventory-table', ['[data-testid="inventory-location"]']);
          // The price is not cut but would run under the stepper beside it: it must fit its cell.
          const prices = await manager
            .locator('main table td[style*="text-align: right"]')
            .evaluateAll((cells) =>
              cells.filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent),
            );
          expect.soft(prices, 'inventory prices wider than their column').toEqual([]);
        }

        // Reports: on a phone the filters wait in a drawer and the list starts on the first screen.
        await open(manager, '/reports');
        await expect(manager.getByTestId('report-row').first()).toBeVisible({ timeout: 30_000 });
        if (size === 'phone') {
          await expect(manager.getByTestId('report-row').first()).toBeInViewport();
          await shot(manager, 'reports-list');
          await manager.getByTestId('report-filters-button').click();
          await expect(manager.getByTestId('report-filters-drawer')).toBeVisible();
          await shot(manager, 'reports-filter-drawer');
          await manager.keyboard.press('Escape');
        } else {
          await shot(manager, 'reports-list');
        }

        // The approval dialog says how many items nobody checked.
        await open(manager, `/reports?view=detail&id=${world.pendingReport}`);
        await expect(manager.getByTestId('report-detail')).toBeVisible({ timeout: 30_000 });
        await shot(manager, 'report-detail');
        await manager
          .getByTestId('report-detail')
          .getByRole('button', { name: t('reports.actions.approve') })
          .click({ timeout: 30_000 });
        const approve = manager.getByRole('dialog', { name: t('reports.approve.title') });
        await expect(approve.getByTestId('unchecked-alert')).toBeVisible();
        await shot(manager, 'report-approve', ['[data-testid="unchecked-alert"]']);
        await manager.keyboard.press('Escape');

        // The operator's Dispo: the information view with today's sheet, and the sheet itself.
        await open(operator, '/dispo');
        await expect(operator.getByText(t('errors.accessDenied.dispoInfo'))).toBeVisible({ timeout: 30_000 });
        await expect(operator.getByRole('heading', { name: t('errors.accessDenied.title') })).toHaveCount(0);
        await shot(operator, 'dispo-operator');
        await open(operator, `/dispo/assignments/${world.assignment}`);
        await expect(operator.getByText('Wertstoffhof Nord, Tor 3')).toBeVisible({ timeout: 30_000 });
        if (size === 'phone') await expect(operator.getByTestId('round-item-card')).toHaveCount(3);
        await into(operator.getByRole('region', { name: t('dispo.form.round', { n: 1 }) }));
        await shot(operator, 'dispo-driver-sheet', ['[data-testid="round-item-card"]']);

        // The logbook form: the conveyor toggles show their whole words.
        await open(operator, '/betriebstagebuch?view=new');
        const conveyor = operator.getByTestId('conveyor-check').first();
        await into(conveyor);
        await shot(operator, 'logbook-conveyors', ['[data-testid="logbook-check-toggle"]']);

        // Submitting with unchecked items asks first.
        await open(operator, '/reports?view=new');
        const form = operator.getByTestId('report-form');
        const picker = form.getByLabel(t('reports.fields.excavator')).first();
        await expect(picker).toBeEnabled({ timeout: 30_000 });
        await picker.click();
        await picker.fill(world.reportMachineSerial);
        await operator.getByRole('option', { name: new RegExp(world.reportMachineSerial) }).click();
        await operator.getByLabel(t('reports.fields.operatingHours')).fill('14660');
        await signPad(operator.getByTestId('signature-canvas'));
        await operator.getByRole('button', { name: t('reports.actions.saveAndSubmit') }).click();
        const ask = operator.getByRole('dialog', { name: t('reports.unchecked.title') });
        await expect(ask.getByTestId('unchecked-alert')).toBeVisible();
        await shot(operator, 'report-unchecked-confirm', ['[data-testid="unchecked-alert"]']);
        await ask.getByRole('button', { name: t('reports.unchecked.back') }).click();
        await expect(ask).toBeHidden();
      }
    } finally {
      for (const context of contexts) await context.close();
    }
  });
}
