import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, en, preferEnglish, signInFast } from './support/app';
import { screenshotWhenStill } from './support/still';
import { USERS } from './support/users';

/*
 * /analytics against the real server: a machine past its maintenance and a part under its
 * minimum are created over the API, then the screen is used as a manager would.
 */

const RUN = Date.now().toString(36);
const MACHINE = `Analytics ${RUN}`;
const PART = `Analytics filter ${RUN}`;

async function seed(request: APIRequestContext): Promise<{ machineId: string }> {
  const token = await apiToken(request, USERS.admin);
  const headers = { 'x-auth-token': token };
  const machine = await request.post('/api/excavators', {
    headers,
    data: {
      name: MACHINE,
      model: 'CAT 320',
      serialNumber: `AN-${RUN}`,
      usageHours: 1200,
      nextInspectionHours: 1000,
    },
  });
  expect(machine.status(), await machine.text()).toBe(201);
  const part = await request.post('/api/inventory', {
    headers,
    data: { name: PART, quantity: 1, minQuantity: 4, price: 12.5 },
  });
  expect(part.status(), await part.text()).toBe(201);
  return { machineId: ((await machine.json()) as { id: string }).id };
}

async function setAnalytics(request: APIRequestContext, on: boolean) {
  const token = await apiToken(request, USERS.admin);
  const res = await request.put('/api/settings', {
    headers: { 'x-auth-token': token },
    data: { features: { analytics: on } },
  });
  expect(res.status()).toBe(200);
}

const region = (page: Page, key: string) => page.getByRole('region', { name: en(key) });

let machineId = '';
test.beforeAll(async ({ request }) => {
  ({ machineId } = await seed(request));
});
test.beforeEach(async ({ page }) => {
  await preferEnglish(page);
});

test('tabs, range switch, table view and CSV download', async ({ page, request }) => {
  await signInFast(page, request, USERS.manager, '/analytics');
  await expect(page.getByRole('heading', { name: en('nav.analytics'), exact: true })).toBeVisible();
  await expect(page.getByRole('group', { name: en('analytics.summary.fleet') })).toBeVisible();
  // The chart code arrives on demand and draws an SVG.
  const fleet = region(page, 'analytics.charts.fleetStatus');
  await expect(fleet.locator('svg.recharts-surface')).toBeVisible();

  // Table view of the same data.
  // The segmented control's radios are visually hidden: click their labels, as a user does.
  await fleet.getByText(en('analytics.view.table'), { exact: true }).click();
  const table = fleet.getByRole('table', { name: en('analytics.charts.fleetStatus') });
  await expect(
    table.getByRole('row', { name: new RegExp(en('analytics.fleetStatus.maintenance')) }),
  ).toBeVisible();

  // CSV download of that data.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    fleet
      .getByRole('button', {
        name: en('analytics.view.csvLabel', { title: en('analytics.charts.fleetStatus') }),
      })
      .click(),
  ]);
  expect(download.suggestedFilename()).toBe('analytics-fleet-status.csv');
  const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  expect(csv.split(/\r?\n/)[0]).toBe(`${en('analytics.columns.status')},${en('analytics.columns.machines')}`);
  expect(csv).toContain(en('analytics.fleetStatus.operational'));

  // Trends with the range switch: the URL keeps both, the series turns weekly.
  await page.getByRole('tab', { name: en('analytics.tabs.trends') }).click();
  await expect(region(page, 'analytics.charts.reportsByStatus')).toBeVisible();
  await expect(page.getByText(en('analytics.charts.per.month'))).toBeVisible();
  const ranges = page.getByRole('radiogroup', { name: en('analytics.ranges.label') });
  for (const key of ['1month', '3months', '6months', '1year'])
    await expect(ranges.getByText(en(`analytics.ranges.${key}`), { exact: true })).toBeVisible();
  const answer = page.waitForResponse((r) => r.url().includes('/api/analytics/detailed?range=1month'));
  await ranges.getByText(en('analytics.ranges.1month'), { exact: true }).click();
  expect((await answer).status()).toBe(200);
  await expect(page).toHaveURL(/tab=trends/);
  await expect(page).toHaveURL(/range=1month/);
  await expect(page.getByText(en('analytics.charts.per.week'))).toBeVisible();

  await page.getByRole('tab', { name: en('analytics.tabs.metrics') }).click();
  await expect(region(page, 'analytics.charts.usageHours')).toBeVisible();
  await expect(region(page, 'analytics.charts.conveyorFailures')).toBeVisible();
});

test('alerts link to their records', async ({ page, request }) => {
  await signInFast(page, request, USERS.manager, '/analytics?tab=alerts');
  const overdue = region(page, 'analytics.alerts.kind.maintenanceOverdue');
  await expect(overdue.getByText(MACHINE)).toBeVisible();
  await expect(region(page, 'analytics.alerts.kind.stockLow').getByText(PART)).toBeVisible();
  await overdue.getByRole('link', { name: en('analytics.alerts.openLabel', { name: MACHINE }) }).click();
  await expect(page).toHaveURL(new RegExp(`/excavators\\?id=${machineId}`));
});

test('offline: a clear notice instead of figures', async ({ page, request, context }) => {
  await signInFast(page, request, USERS.operator, '/analytics');
  await expect(page.getByRole('group', { name: en('analytics.summary.fleet') })).toBeVisible();
  await context.setOffline(true);
  try {
    await expect(page.getByText(en('analytics.offline.title'))).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});

test('flag analytics off: disabled page and 403', async ({ page, request }) => {
  await setAnalytics(request, false);
  try {
    const token = await apiToken(request, USERS.manager);
    const res = await request.get('/api/analytics/summary', { headers: { 'x-auth-token': token } });
    expect(res.status()).toBe(403);
    await signInFast(page, request, USERS.manager, '/analytics');
    await expect(page.getByText(en('disabled.analytics.title'))).toBeVisible();
    await expect(page.getByRole('tab', { name: en('analytics.tabs.overview') })).toHaveCount(0);
  } finally {
    await setAnalytics(request, true);
  }
});

test.describe('screenshots', () => {
  for (const theme of ['light', 'dark'] as const)
    for (const [device, viewport] of [
      ['tablet', { width: 834, height: 1112 }],
      ['desktop', { width: 1440, height: 900 }],
    ] as const)
      test(`${theme} ${device}`, async ({ page, request }) => {
        await page.setViewportSize(viewport);
        await page.addInitScript((dark) => localStorage.setItem('darkMode', String(dark)), theme === 'dark');
        for (const tab of ['overview', 'metrics', 'alerts', 'trends']) {
          await signInFast(page, request, USERS.admin, `/analytics?tab=${tab}`);
          await expect(page.getByRole('tab', { name: en(`analytics.tabs.${tab}`) })).toHaveAttribute(
            'aria-selected',
            'true',
          );
          await page.waitForLoadState('networkidle');
          await screenshotWhenStill(page, {
            path: `tests/e2e/screenshots/analytics-${tab}-${theme}-${device}.png`,
            fullPage: true,
          });
        }
      });
});
