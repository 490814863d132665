import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, en, preferEnglish, serverURL, sidebar, signInFast } from './support/app';
import { ADMIN, USERS } from './support/users';

/*
 * Notifications end to end: live delivery over the socket to a manager's open app when an
 * operator submits a report from another browser context, the bell and the /notifications page, a
 * click on a notification shown by the service worker, and the admin section's test send.
 */

// A 1×1 PNG: the operator's signature (the API checks the data URL format).
const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const screenshots = path.resolve('tests/e2e/screenshots');

const auth = (token: string) => ({ 'x-auth-token': token });

async function createExcavator(request: APIRequestContext, token: string, name: string): Promise<string> {
  const response = await request.post('/api/excavators', {
    headers: auth(token),
    data: { name, model: 'CAT 320', serialNumber: `SN-${Date.now()}-${Math.round(Math.random() * 1e6)}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** The operator writes, signs and submits a report through the API from their own context. */
async function submitReport(request: APIRequestContext, token: string, excavatorId: string): Promise<void> {
  const created = await request.post('/api/reports', {
    headers: auth(token),
    data: {
      reportDate: new Date().toISOString().slice(0, 10),
      excavatorId,
      operatorName: USERS.operator.name,
      description: 'Daily inspection',
      checklist: {},
      operatorSignature: SIGNATURE,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const report = (await created.json()) as { id: string; status: string };
  expect(report.status).toBe('signed');
  const submitted = await request.put(`/api/reports/${report.id}/submit`, { headers: auth(token), data: {} });
  expect(submitted.status(), await submitted.text()).toBe(200);
}

/** Opens the app and waits until its socket is connected (socket.io's CONNECT answer arrived). */
async function openWithLiveSocket(page: Page, request: APIRequestContext, path = '/'): Promise<void> {
  const connected = page
    .waitForEvent('websocket', (ws) => ws.url().includes('/socket.io/'))
    .then((ws) => ws.waitForEvent('framereceived', (frame) => String(frame.payload).startsWith('40')));
  await signInFast(page, request, USERS.manager, path);
  await connected;
}

const bell = (page: Page) => page.getByTestId('notification-bell');

async function markAllReadFor(request: APIRequestContext, token: string) {
  const response = await request.patch('/api/notifications/read-all', { headers: auth(token) });
  expect(response.ok()).toBe(true);
}

test('a manager sees a live notification when an operator submits a report in another context', async ({
  page,
  request,
  browser,
}) => {
  const managerToken = await apiToken(request, USERS.manager);
  await markAllReadFor(request, managerToken);
  const adminToken = await apiToken(request, ADMIN);
  const machine = `Live EX ${Date.now()}`;
  const excavatorId = await createExcavator(request, adminToken, machine);

  await preferEnglish(page);
  await openWithLiveSocket(page, request);
  await expect(bell(page)).toHaveAccessibleName(en('notifications.bell.label'));
  const navItem = sidebar(page).locator('[data-nav-key="notifications"]');
  // The pulse lasts about a second: the page records that it happened, so a busy machine's slow
  // polling cannot miss it.
  await page.evaluate(() => {
    const seen = window as unknown as { notificationsPulsed?: boolean };
    seen.notificationsPulsed = false;
    new MutationObserver(() => {
      if (document.querySelector('[data-nav-key="notifications"][data-pulse="true"]'))
        seen.notificationsPulsed = true;
    }).observe(document.body, { attributes: true, attributeFilter: ['data-pulse'], subtree: true });
  });

  // The operator, in a browser context of their own.
  const operatorContext = await browser.newContext({ baseURL: serverURL });
  try {
    const operatorToken = await apiToken(operatorContext.request, USERS.operator);
    await submitReport(operatorContext.request, operatorToken, excavatorId);
  } finally {
    await operatorContext.close();
  }

  // Live: the badge goes to 1 without a reload, the sidebar item pulses and shows the count.
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { notificationsPulsed?: boolean }).notificationsPulsed),
    )
    .toBe(true);
  await expect(bell(page)).toHaveAccessibleName(en('notifications.bell.labelUnread', { count: 1 }));
  await expect(page.getByTestId('notification-badge')).toContainText('1');
  await expect(navItem).toContainText('1');

  await bell(page).click();
  const list = page.getByTestId('notification-dropdown-list');
  const item = list.getByRole('button').filter({ hasText: machine });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(USERS.operator.name);

  // The whole list: the new one under Today, unread; marking all read empties the count.
  await page
    .getByRole('dialog', { name: en('notifications.bell.label') })
    .getByRole('link', { name: en('notifications.bell.viewAll') })
    .click();
  await expect(page).toHaveURL(/\/notifications$/);
  const today = page.locator('section[data-group="today"]');
  await expect(today.getByRole('listitem').filter({ hasText: machine })).toHaveAttribute(
    'data-unread',
    'true',
  );
  await page.getByRole('button', { name: en('notifications.markAllRead') }).click();
  await expect(bell(page)).toHaveAccessibleName(en('notifications.bell.label'));
  await expect(today.getByRole('listitem').filter({ hasText: machine })).not.toHaveAttribute('data-unread');
  const unread = await request.get('/api/notifications?onlyUnread=true', { headers: auth(managerToken) });
  expect(await unread.json()).toEqual([]);
});

test('clicking a notification shown by the service worker takes the app to its link', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['notifications']);
  await preferEnglish(page);
  await signInFast(page, request, USERS.manager);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const [worker] = context.serviceWorkers();
  expect(worker, 'the service worker is running').toBeTruthy();

  // The worker shows a notification as its push handler does, then the browser's click on it is
  // dispatched to the worker's real notificationclick handler.
  const clicked = await worker!.evaluate(async (url) => {
    const scope = self as unknown as ServiceWorkerGlobalScope;
    await scope.registration.showNotification('Report awaiting approval', { body: 'EX-1', data: { url } });
    const [notification] = await scope.registration.getNotifications();
    if (!notification) return 'no notification shown';
    const event = new NotificationEvent('notificationclick', { notification });
    try {
      scope.dispatchEvent(event);
    } catch {
      // waitUntil refuses an event the browser did not create; the handler has already run.
    }
    return 'clicked';
  }, '/reports?from=push');
  expect(clicked).toBe('clicked');
  await expect(page).toHaveURL(/\/reports\?from=push$/);
  await expect(page.getByText(en('errors.render.title'))).toHaveCount(0);
});

test('an admin sends a test through a channel and sees the provider error; secrets stay write-only', async ({
  page,
  request,
}) => {
  const adminToken = await apiToken(request, ADMIN);
  // A webhook that refuses connections: the provider error is what the admin must see.
  const refusing = 'http://127.0.0.1:9/hooks/never-shown-secret-path';
  const saved = await request.put('/api/notification-channels', {
    headers: auth(adminToken),
    data: { discord: { url: refusing } },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  expect(await saved.text()).not.toContain('never-shown-secret-path');

  await preferEnglish(page);
  await signInFast(page, request, ADMIN, '/settings#notifications');
  const admin = page.getByTestId('notification-admin');
  const discord = admin.locator('section[data-channel="discord"]');
  await expect(discord.getByText(en('notifications.admin.secret.configured'))).toBeVisible();
  await expect(discord.getByLabel(/Webhook URL/)).toHaveValue('');
  expect(await page.content()).not.toContain('never-shown-secret-path');

  await discord
    .getByRole('button', { name: en('notifications.admin.sendTestTo', { channel: 'Discord' }) })
    .click();
  const result = page.getByTestId('test-result-discord');
  await expect(result).toContainText(en('notifications.admin.testFailed'));
  // The kind of failure in the user's language, our detail beneath — never the remote address or text.
  await expect(result).toContainText(en('notifications.admin.testFailure.UNREACHABLE'));
  await expect(result).toContainText('Webhook unreachable: connection failed');
  await expect(result).not.toContainText(en('notifications.admin.testSent'));

  await page.setViewportSize({ width: 1440, height: 1400 });
  await page.screenshot({
    path: path.join(screenshots, 'notification-admin-desktop-light.png'),
    fullPage: true,
  });

  // Cleared again through the page: removed on save, then "Not set".
  await discord.getByRole('button', { name: en('notifications.admin.secret.remove') }).click();
  await admin.getByRole('button', { name: en('notifications.admin.save'), exact: true }).click();
  await expect(discord.getByText(en('notifications.admin.secret.notSet'))).toBeVisible();
});

const SIZES = [
  ['tablet', { width: 768, height: 1024 }],
  ['desktop', { width: 1440, height: 900 }],
] as const;

for (const [device, viewport] of SIZES) {
  for (const theme of ['light', 'dark'] as const) {
    test(`screenshots: bell dropdown and /notifications, ${device}, ${theme}`, async ({ page, request }) => {
      const managerToken = await apiToken(request, USERS.manager);
      await markAllReadFor(request, managerToken);
      const adminToken = await apiToken(request, ADMIN);
      const operatorToken = await apiToken(request, USERS.operator);
      for (const name of ['Bagger Nord 3', 'Radlader Süd 1']) {
        await submitReport(
          request,
          operatorToken,
          await createExcavator(request, adminToken, `${name} ${device}-${theme}`),
        );
      }

      await page.setViewportSize(viewport);
      await preferEnglish(page);
      await page.addInitScript((dark) => localStorage.setItem('darkMode', String(dark)), theme === 'dark');
      await signInFast(page, request, USERS.manager, '/notifications');
      await expect(page.locator('section[data-group="today"]').getByRole('listitem').first()).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
      await page.screenshot({
        path: path.join(screenshots, `notifications-${device}-${theme}.png`),
        fullPage: true,
      });

      await bell(page).click();
      const list = page.getByTestId('notification-dropdown-list');
      await expect(list.getByRole('button').first()).toBeVisible();
      // At most 70 % of the viewport high; the list inside scrolls.
      const dropdown = page.locator('.mantine-Popover-dropdown');
      expect(await dropdown.evaluate((element) => getComputedStyle(element).maxHeight)).toBe(
        `${viewport.height * 0.7}px`,
      );
      expect(await list.evaluate((element) => getComputedStyle(element).overflowY)).toBe('auto');
      expect((await dropdown.boundingBox())!.height).toBeLessThanOrEqual(viewport.height * 0.7 + 1);
      await page.screenshot({ path: path.join(screenshots, `notification-bell-${device}-${theme}.png`) });
    });
  }
}
