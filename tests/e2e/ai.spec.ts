import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { startFakeOpenAi, type FakeOpenAi } from '../fixtures/fake-openai';
import { apiToken, en, preferEnglish, TOKEN_KEY } from './support/app';
import type { E2eUser } from './support/users';
import { ADMIN, USERS } from './support/users';

/*
 * Settings → AI against a local fake OpenAI-compatible server (tests/fixtures/fake-openai.ts) on
 * 127.0.0.1: the admin configures it, checks the connection and runs a chat; an operator then uses the
 * AI helper next to a report's description. The configuration is cleared again at the end.
 */

let fake: FakeOpenAi;
const API_KEY = 'sk-e2e-secret-never-shown';
const screenshots = path.resolve('tests/e2e/screenshots');

test.beforeAll(async () => {
  fake = await startFakeOpenAi();
});
test.afterAll(async ({ request }) => {
  const token = await apiToken(request, ADMIN);
  await request.put('/api/ai/admin/config', {
    headers: { 'x-auth-token': token },
    data: { ai: { baseUrl: '', apiKey: null, chatModel: '', translatorModel: '', enabled: false } },
  });
  await fake.close();
});
test.beforeEach(async ({ page }) => {
  await preferEnglish(page);
});
// The machine is shared with other builds: allow slow first loads.
test.describe.configure({ timeout: 120_000 });

/** Signs in with a token from the API and opens `target`, waiting generously for the shell. */
async function openAs(page: Page, request: APIRequestContext, user: E2eUser, target: string) {
  const token = await apiToken(request, user);
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
  await page.goto(target);
  await expect(page.getByRole('navigation', { name: en('shell.nav.label') }).first()).toBeVisible({
    timeout: 45_000,
  });
}

/** The configuration the UI test enters, set over the API for the tests that only need it to exist. */
async function configureOverApi(request: APIRequestContext) {
  const response = await request.put('/api/ai/admin/config', {
    headers: { 'x-auth-token': await apiToken(request, ADMIN) },
    data: {
      ai: {
        baseUrl: fake.baseUrl,
        apiKey: API_KEY,
        chatModel: 'fleet-chat',
        translatorModel: 'fleet-translate',
        enabled: true,
      },
    },
  });
  expect(response.status()).toBe(200);
}

const field = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).and(page.locator('input, textarea'));

async function openAiSettings(page: Page) {
  await page.getByRole('tab', { name: en('ai.admin.title'), exact: true }).click();
  await expect(page).toHaveURL(/\/settings#ai$/);
  await expect(field(page, en('ai.admin.config.baseUrl'))).toBeVisible();
}

test('the admin configures the AI, checks the connection and runs a chat', async ({ page, request }) => {
  await openAs(page, request, ADMIN, '/settings');
  await openAiSettings(page);

  await field(page, en('ai.admin.config.baseUrl')).fill(fake.baseUrl);
  await field(page, en('ai.admin.config.apiKey')).fill(API_KEY);
  await field(page, en('ai.admin.config.chatModel')).fill('fleet-chat');
  await field(page, en('ai.admin.config.translatorModel')).fill('fleet-translate');
  await page.getByRole('switch', { name: en('ai.admin.config.enabled') }).click({ force: true });
  await page.getByRole('button', { name: en('ai.admin.config.save'), exact: true }).click();
  await expect(page.getByText(en('ai.admin.config.saved'))).toBeVisible();

  // The key is stored, never shown back.
  await expect(field(page, en('ai.admin.config.apiKey'))).toHaveValue('');
  await expect(page.getByText(en('ai.admin.config.apiKeyStored'))).toBeVisible();
  expect(await page.content()).not.toContain(API_KEY);
  const stored = await request.get('/api/ai/admin/config', {
    headers: { 'x-auth-token': await apiToken(request, ADMIN) },
  });
  expect(await stored.text()).not.toContain(API_KEY);

  // Health: reachable, with both models present on the fake server.
  const health = page.getByTestId('ai-health');
  await expect(health.getByText(en('ai.admin.health.yes'))).toBeVisible();
  await expect(health.getByText(en('ai.admin.health.present'))).toHaveCount(2);

  // A chat through the fake model, with the key sent as bearer token.
  await field(page, en('ai.admin.chat.message')).fill('Is the hydraulic pump OK?');
  await page.getByRole('button', { name: en('ai.admin.chat.send'), exact: true }).click();
  await expect(page.getByTestId('ai-chat-reply')).toContainText('Answer from fleet-chat');
  const chat = fake.requests.find((r) => r.path === '/v1/chat/completions');
  expect(chat?.headers.authorization).toBe(`Bearer ${API_KEY}`);

  // The call is counted in the statistics.
  await page.getByRole('button', { name: en('ai.admin.stats.refresh') }).click();
  await expect(
    page.getByTestId('ai-stats').getByRole('row', { name: new RegExp(en('ai.admin.helpers.chat')) }),
  ).toBeVisible();
  await page.screenshot({ path: path.join(screenshots, 'ai-admin-e2e.png'), fullPage: true });
});

test('an operator rewrites a report description with the AI helper and accepts it', async ({
  page,
  request,
}) => {
  await configureOverApi(request);
  await openAs(page, request, USERS.operator, '/reports?view=new');
  const description = page.getByLabel(en('reports.fields.description'), { exact: true });
  await expect(description).toBeVisible();
  const assist = page.getByRole('button', { name: en('ai.assist.label') }).first();
  // Disabled with its reason while the field is empty.
  await expect(assist).toHaveAttribute('aria-disabled', 'true');
  await description.fill('hose broke, changed it');
  await expect(assist).toHaveAttribute('aria-disabled', 'false');

  await assist.click();
  await page.getByRole('menuitem', { name: en('ai.tones.formal') }).click();
  const dialog = page.getByRole('dialog', {
    name: en('ai.assist.rewriteTitle', { tone: en('ai.tones.formal') }),
  });
  await expect(dialog.getByTestId('ai-assist-result')).toContainText('Answer from fleet-chat');
  // Still the original until accepted.
  await expect(description).toHaveValue('hose broke, changed it');
  await dialog.getByRole('button', { name: en('ai.assist.accept') }).click();
  await expect(dialog).toBeHidden();
  await expect(description).toHaveValue(/^Answer from fleet-chat/);
});

// Saved for people to look at (git-ignored): Settings → AI and the helper's preview, light and dark.
for (const [device, viewport] of [
  ['tablet', { width: 834, height: 1112 }],
  ['desktop', { width: 1440, height: 900 }],
] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`screenshots: AI, ${device}, ${theme}`, async ({ page, request }) => {
      await page.setViewportSize(viewport);
      await page.addInitScript((dark) => localStorage.setItem('darkMode', String(dark)), theme === 'dark');
      await configureOverApi(request);
      await openAs(page, request, ADMIN, '/settings#ai');
      await expect(field(page, en('ai.admin.config.baseUrl'))).toBeVisible();
      await expect(page.getByTestId('ai-health')).toBeVisible();
      await page.screenshot({
        path: path.join(screenshots, `ai-admin-${device}-${theme}.png`),
        fullPage: true,
      });

      await page.goto('/reports?view=new');
      const description = page.getByLabel(en('reports.fields.description'), { exact: true });
      await expect(description).toBeVisible({ timeout: 45_000 });
      await description.fill('hose broke, changed it');
      await page
        .getByRole('button', { name: en('ai.assist.label') })
        .first()
        .click();
      await page.screenshot({ path: path.join(screenshots, `ai-menu-${device}-${theme}.png`) });
      await page.getByRole('menuitem', { name: en('ai.languages.de') }).click();
      await expect(page.getByTestId('ai-assist-result')).toBeVisible();
      await page.screenshot({ path: path.join(screenshots, `ai-preview-${device}-${theme}.png`) });
    });
  }
}
