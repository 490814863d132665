import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { E2eUser } from './users';

type Tree = { [key: string]: string | Tree };
const locales = new Map<string, Tree>();

/** A UI string by language and i18n key, so tests follow copy changes instead of breaking on them. */
export function text(
  language: 'en' | 'de' | 'bg' | 'gr',
  key: string,
  values: Record<string, string | number> = {},
) {
  let tree = locales.get(language);
  if (!tree) {
    tree = JSON.parse(
      fs.readFileSync(path.resolve(`src/client/i18n/locales/${language}.json`), 'utf8'),
    ) as Tree;
    locales.set(language, tree);
  }
  const found = key
    .split('.')
    .reduce<string | Tree | undefined>(
      (node, part) => (node && typeof node === 'object' ? node[part] : undefined),
      tree,
    );
  if (typeof found !== 'string') throw new Error(`No ${language} text for ${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
}

export const en = (key: string, values: Record<string, string | number> = {}) => text('en', key, values);

/** The test server (playwright.config.ts picks the port once for the runner and its workers). */
export const serverURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

/** Storage keys of the shell (src/client/api/client.ts, src/client/i18n). */
export const TOKEN_KEY = 'token';
export const LANGUAGE_KEY = 'language';

/** The UI starts in English unless the test already chose a language (the default is German). */
export async function preferEnglish(page: Page): Promise<void> {
  await page.addInitScript((key) => {
    if (!localStorage.getItem(key)) localStorage.setItem(key, 'en');
  }, LANGUAGE_KEY);
}

export async function apiToken(request: APIRequestContext, user: E2eUser): Promise<string> {
  const response = await request.post('/api/auth/login', {
    data: { username: user.username, password: user.password },
  });
  expect(response.status(), `sign-in of ${user.username}`).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/**
 * On a touch device's first session the app asks to stay open until it is stored for offline use: a
 * card (a non-modal dialog) with the first screen, or when the service worker starts caching. Tests about something else close it when it
 * gets in their way (Playwright runs the handler before actions and auto-waiting assertions).
 */
export async function closeKeepOpenPrompt(page: Page, language: 'en' | 'de' = 'en'): Promise<void> {
  const prompt = page.getByRole('dialog', { name: text(language, 'pwa.keepOpen.title') });
  await page.addLocatorHandler(prompt, async () => {
    // The card also goes by itself: shown with the first screen while storing is expected, it leaves
    // when the worker turns out to be ready at once. Whichever comes first ends the wait.
    const ok = prompt.getByRole('button', { name: text(language, 'pwa.keepOpen.ok') });
    await Promise.race([ok.click().catch(() => undefined), prompt.waitFor({ state: 'hidden' })]);
    await expect(prompt).toBeHidden();
  });
}

/** Signs in through the login form and waits for the signed-in shell. */
export async function signIn(page: Page, user: E2eUser, path = '/login'): Promise<void> {
  await closeKeepOpenPrompt(page);
  await page.goto(path);
  await page.locator('input[name="username"]').fill(user.username);
  await page.locator('input[name="password"]').fill(user.password);
  await page.getByRole('button', { name: en('auth.signIn') }).click();
  await expect(page.getByRole('navigation', { name: en('shell.nav.label') }).first()).toBeVisible();
}

/** Signs in without the form (token from the API), for tests about something else. */
export async function signInFast(
  page: Page,
  request: APIRequestContext,
  user: E2eUser,
  path = '/',
): Promise<void> {
  const token = await apiToken(request, user);
  await closeKeepOpenPrompt(page);
  await page.goto('/login');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
  await page.goto(path);
  await expect(page.getByRole('navigation', { name: en('shell.nav.label') }).first()).toBeVisible();
}

/** The desktop sidebar (found by structure, so it is found in every language). */
export function sidebar(page: Page) {
  return page.locator('.mantine-AppShell-navbar');
}

export async function setFeatures(
  request: APIRequestContext,
  adminToken: string,
  features: Record<string, boolean>,
): Promise<void> {
  const response = await request.put('/api/settings', {
    headers: { 'x-auth-token': adminToken },
    data: { features },
  });
  expect(response.status(), await response.text()).toBe(200);
}
