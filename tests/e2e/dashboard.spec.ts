import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Dashboard } from '@/domain/dashboard';
import { apiToken, en, preferEnglish, TOKEN_KEY } from './support/app';
import { USERS, type E2eUser } from './support/users';

/*
 * The dashboard against the real server: tiles from data created over the API, the 7/30/90-day switch,
 * the weather failure text (the e2e server has no internet) and the dispatcher's view.
 */

// Each test opens the whole app and waits for the weather's failure: room for a busy machine.
test.describe.configure({ timeout: 120_000 });

const stamp = Date.now().toString(36);
const topName = `Dash Giant ${stamp}`;
const urgentName = `Dash Overdue ${stamp}`;

async function post(request: APIRequestContext, token: string, url: string, data: object) {
  const response = await request.post(url, { headers: { 'x-auth-token': token }, data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string };
}

/**
 * Signs in with an API token and opens the dashboard. Waits for the welcome heading with room for a
 * busy machine (the shared helper allows 10 s for the whole shell).
 */
async function openDashboard(page: Page, request: APIRequestContext, user: E2eUser, path = '/') {
  const token = await apiToken(request, user);
  await page.goto('/login');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
  await page.goto(path);
  await expect(page.getByRole('heading', { name: en('dashboard.welcome', { name: user.name }) })).toBeVisible(
    {
      timeout: 30_000,
    },
  );
}

test.beforeAll(async ({ request }) => {
  const admin = await apiToken(request, USERS.admin);
  // More hours than any other machine of the run (also than one a retried worker made): first in the top list.
  const giant = await post(request, admin, '/api/excavators', {
    name: topName,
    model: 'Liebherr R 980',
    serialNumber: `DASH-G-${stamp}`,
    usageHours: 900_000 + (Math.floor(Date.now() / 1000) % 100_000),
    status: 'operational',
  });
  // Inspection due at 100 h, already at 250 h: urgent.
  await post(request, admin, '/api/excavators', {
    name: urgentName,
    model: 'CAT 320',
    serialNumber: `DASH-U-${stamp}`,
    usageHours: 250,
    nextInspectionHours: 100,
    status: 'maintenance',
  });
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
  await post(request, admin, '/api/reports', {
    reportDate: today,
    excavatorId: giant.id,
    operatorName: 'Dash Operator',
    description: 'Dashboard e2e report',
  });
});

test.beforeEach(async ({ page }) => {
  await preferEnglish(page);
});

test('tiles show data created over the API and link to the lists', async ({ page, request }) => {
  const token = await apiToken(request, USERS.manager);
  const api = (await (
    await request.get('/api/dashboard?range=7&tz=Europe%2FBerlin', { headers: { 'x-auth-token': token } })
  ).json()) as Dashboard;

  await openDashboard(page, request, USERS.manager);
  await expect(
    page.getByRole('heading', { name: en('dashboard.welcome', { name: USERS.manager.name }) }),
  ).toBeVisible();

  const fleet = page.getByTestId('dashboard-fleet');
  await expect(fleet.getByTestId('dashboard-fleet-operational')).toHaveText(String(api.fleet!.operational));
  await expect(fleet.getByTestId('dashboard-fleet-maintenance')).toHaveText(String(api.fleet!.maintenance));
  await expect(fleet.getByRole('link', { name: en('dashboard.fleet.status.maintenance') })).toHaveAttribute(
    'href',
    '/excavators?status=maintenance',
  );

  const top = page.getByTestId('dashboard-top');
  await expect(top.getByRole('listitem').first()).toContainText(topName);
  await expect(top.getByRole('listitem').first()).toContainText('1 report');

  const maintenance = page.getByTestId('dashboard-maintenance');
  await expect(maintenance.getByRole('link', { name: urgentName })).toBeVisible();
  await expect(maintenance.getByRole('listitem').filter({ hasText: urgentName })).toContainText(
    en('dashboard.maintenance.label.urgent'),
  );

  const activity = page.getByTestId('dashboard-activity');
  await expect(activity.getByText(`Administrator created excavator "${urgentName}"`)).toBeVisible();

  const trend = page.getByTestId('dashboard-trend');
  await expect(trend.getByTestId('dashboard-trend-unsigned')).toContainText(
    String(api.reportsTrend!.totals.unsigned),
  );
  await expect(trend.locator('.recharts-wrapper')).toBeVisible({ timeout: 30_000 });

  await top.getByRole('link', { name: topName }).click();
  await expect(page).toHaveURL(/\/excavators\?view=/);
});

test('the range switch reloads the trend for 30 and 90 days', async ({ page, request }) => {
  await openDashboard(page, request, USERS.operator);
  const trend = page.getByTestId('dashboard-trend');
  await expect(trend).toContainText('in the last 7 days');

  // The range switch is a radio group: the keyboard moves the choice.
  await page.getByRole('radio', { name: en('dashboard.range.days_other', { count: 7 }) }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/[?&]range=30/);
  await expect(trend).toContainText('in the last 30 days');
  await expect(page.getByTestId('dashboard-top')).toContainText('reports in the last 30 days');

  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/[?&]range=90/);
  await expect(trend).toContainText('in the last 90 days');

  // The range survives a reload (it lives in the URL).
  await page.reload();
  await expect(page.getByTestId('dashboard-trend')).toContainText('in the last 90 days');
});

test('the weather says it cannot load without internet', async ({ page, request }) => {
  await openDashboard(page, request, USERS.operator);
  await expect(page.getByTestId('dashboard-weather')).toHaveText(en('dashboard.weather.unavailable'), {
    timeout: 30_000,
  });
  await expect(page.getByTestId('dashboard-fleet')).toBeVisible();
});

test('a dispatcher sees the dispo overview instead of the fleet tiles', async ({ page, request }) => {
  await openDashboard(page, request, USERS.dispo);
  await expect(page.getByTestId('dashboard-dispo')).toBeVisible();
  await expect(page.getByTestId('dashboard-fleet')).toHaveCount(0);
});

test.describe('screenshots', () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const [device, viewport] of [
      ['desktop', { width: 1440, height: 900 }],
      ['tablet', { width: 834, height: 1112 }],
    ] as const) {
      test(`dashboard ${device} ${theme}`, async ({ page, request }) => {
        await page.setViewportSize(viewport);
        await page.addInitScript((dark) => localStorage.setItem('darkMode', String(dark)), theme === 'dark');
        await openDashboard(page, request, USERS.manager);
        await expect(page.getByTestId('dashboard-trend').locator('.recharts-wrapper')).toBeVisible({
          timeout: 30_000,
        });
        await expect(page.getByTestId('dashboard-weather')).toHaveText(en('dashboard.weather.unavailable'), {
          timeout: 30_000,
        });
        await page.screenshot({
          path: `tests/e2e/screenshots/dashboard-${device}-${theme}.png`,
          fullPage: true,
        });
      });
    }
  }
});
