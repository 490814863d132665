import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  chromium,
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { apiToken, en, LANGUAGE_KEY, serverURL, TOKEN_KEY } from './support/app';
import { CHROMIUM_LAUNCH } from './support/chromium';
import { startNetworkSwitch, type NetworkSwitch } from './support/network-switch';
import { ADMIN, USERS, type E2eUser } from './support/users';

/**
 * Two tablets, each a persistent Chromium profile of its own (own IndexedDB, service worker and
 * local storage), signed in as two people on the one test server. Both go offline, edit the same
 * record and come back one after the other: different fields both land without anyone being asked;
 * the same field changed differently is shown to the second one only, as that one field.
 */

const RUN = Date.now().toString(36);
let serial = 0;

interface Profile {
  name: 'A' | 'B';
  user: E2eUser;
  /** The name the server gives others in "merged with changes from …". */
  shownAs: RegExp;
  dir: string;
  relay: NetworkSwitch;
  context: BrowserContext;
  page: Page;
}

interface Field {
  /** The API name, as the conflict resolver's rows carry it. */
  api: string;
  input: (page: Page) => Locator;
}

interface Subject {
  name: 'excavator' | 'report' | 'logbook entry';
  create: (request: APIRequestContext, token: string) => Promise<string>;
  path: (id: string) => string;
  read: (request: APIRequestContext, token: string, id: string) => Promise<Record<string, unknown>>;
  save: (page: Page) => Promise<void>;
  /** Two different fields; the first is also the one both change in the overlap. */
  fields: [Field, Field];
}

const auth = (token: string) => ({ 'x-auth-token': token });

async function readJson(request: APIRequestContext, token: string, url: string) {
  const response = await request.get(url, { headers: auth(token) });
  expect(response.status(), url).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

async function post(request: APIRequestContext, token: string, url: string, data: object): Promise<string> {
  const response = await request.post(url, { headers: auth(token), data });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** A calendar day in the past, different for each record, so no two logbook entries share a date. */
const pastDay = () => new Date(Date.UTC(2024, 0, 1 + (++serial % 300))).toISOString().slice(0, 10);

const SUBJECTS: Subject[] = [
  {
    name: 'excavator',
    create: (request, token) =>
      post(request, token, '/api/excavators', {
        name: `Twin machine ${RUN}-${++serial}`,
        model: 'CAT 320',
        serialNumber: `TW-${RUN}-${serial}`,
        location: 'Start',
        notes: 'Start',
      }),
    path: (id) => `/excavators?edit=${id}`,
    read: (request, token, id) => readJson(request, token, `/api/excavators/${id}`),
    save: async (page) => {
      await page
        .getByRole('dialog')
        .getByRole('button', { name: en('excavators.actions.save') })
        .click();
    },
    fields: [
      {
        api: 'location',
        input: (page) =>
          page.getByRole('dialog').getByLabel(en('excavators.fields.location'), { exact: true }),
      },
      {
        api: 'notes',
        input: (page) => page.getByRole('dialog').getByLabel(en('excavators.fields.notes'), { exact: true }),
      },
    ],
  },
  {
    name: 'report',
    create: async (request, token) => {
      const excavatorId = await post(request, token, '/api/excavators', {
        name: `Twin report machine ${RUN}-${++serial}`,
        model: 'CAT 320',
        serialNumber: `TR-${RUN}-${serial}`,
      });
      return post(request, token, '/api/reports', {
        reportDate: pastDay(),
        excavatorId,
        operatorName: 'Otto Operator',
        description: 'Start',
        notes: 'Start',
        checklist: {},
      });
    },
    path: (id) => `/reports?view=edit&id=${id}`,
    read: (request, token, id) => readJson(request, token, `/api/reports/${id}`),
    save: async (page) => {
      await page.getByRole('button', { name: en('reports.actions.saveDraft') }).click();
    },
    fields: [
      {
        api: 'description',
        input: (page) => page.getByLabel(en('reports.fields.description'), { exact: true }),
      },
      { api: 'notes', input: (page) => page.getByLabel(en('reports.fields.notes'), { exact: true }) },
    ],
  },
  {
    name: 'logbook entry',
    create: (request, token) =>
      post(request, token, '/api/betriebstagebuch', {
        date: pastDay(),
        site: 'Start',
        shiftStart: '06:00',
        shiftEnd: '14:00',
        conveyorChecks: [],
        specialChecks: [],
        generalNotes: 'Start',
      }),
    path: (id) => `/betriebstagebuch?view=edit&id=${id}`,
    read: (request, token, id) => readJson(request, token, `/api/betriebstagebuch/${id}`),
    save: async (page) => {
      await page.getByRole('button', { name: en('logbook.form.saveUnsigned') }).click();
    },
    fields: [
      { api: 'site', input: (page) => page.getByLabel(en('logbook.fields.site'), { exact: true }) },
      {
        api: 'generalNotes',
        input: (page) => page.getByRole('textbox', { name: en('logbook.fields.generalNotes') }),
      },
    ],
  },
];

/** The outbox entries on a profile's device (IndexedDB, as the engine keeps them). */
async function outbox(page: Page): Promise<Array<{ state: string; recordId: string }>> {
  return page.evaluate(
    () =>
      new Promise<Array<{ state: string; recordId: string }>>((resolve, reject) => {
        const open = indexedDB.open('fleetpilot');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const read = db.transaction('outbox').objectStore('outbox').getAll();
          read.onsuccess = () => {
            db.close();
            resolve(read.result as Array<{ state: string; recordId: string }>);
          };
          read.onerror = () => reject(read.error);
        };
      }),
  );
}

const statesOf = async (page: Page, id: string) =>
  (await outbox(page)).filter((entry) => entry.recordId === id).map((entry) => entry.state);

async function launchProfile(
  name: 'A' | 'B',
  user: E2eUser,
  shownAs: RegExp,
  token: string,
): Promise<Profile> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `fleetpilot-profile-${name}-`));
  const relay = await startNetworkSwitch(new URL(serverURL));
  const context = await chromium.launchPersistentContext(dir, {
    ...CHROMIUM_LAUNCH,
    headless: true,
    baseURL: relay.url,
    viewport: { width: 1280, height: 900 },
    locale: 'en-GB',
    timezoneId: 'Europe/Berlin',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  // The relay's origin is this profile's own: sign in there, in English.
  await page.goto('/api/health');
  await page.evaluate(
    ([tokenKey, value, languageKey]) => {
      localStorage.setItem(tokenKey, value);
      localStorage.setItem(languageKey, 'en');
    },
    [TOKEN_KEY, token, LANGUAGE_KEY] as const,
  );
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: en('shell.nav.label') }).first()).toBeVisible({
    timeout: 30_000,
  });
  return { name, user, shownAs, dir, relay, context, page };
}

async function goOffline(profile: Profile) {
  await profile.context.setOffline(true);
  profile.relay.cut();
}

async function goOnline(profile: Profile) {
  profile.relay.restore();
  await profile.context.setOffline(false);
}

/** Opens the record's form online and waits until it shows what the server holds. */
async function openForm(profile: Profile, subject: Subject, id: string, expected: [string, string]) {
  // A form starts from the device's copy as it opens; until the poke's pull brought the other's
  // change, it is opened again.
  await expect(async () => {
    await profile.page.goto(subject.path(id));
    for (const [index, field] of subject.fields.entries())
      await expect(field.input(profile.page)).toHaveValue(expected[index]!, { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
}

/** Types into the open form and saves; offline the change waits in the outbox. */
async function edit(profile: Profile, subject: Subject, field: Field, value: string, id: string) {
  const before = (await statesOf(profile.page, id)).length;
  await field.input(profile.page).fill(value);
  await subject.save(profile.page);
  await expect.poll(async () => (await statesOf(profile.page, id)).length).toBeGreaterThan(before);
}

async function synced(profile: Profile, id: string) {
  await expect.poll(() => statesOf(profile.page, id), { timeout: 60_000 }).toEqual([]);
}

test.describe('two tablets, two people, one record', () => {
  // Each case launches nothing new but drives two browsers through offline edits and replays.
  test.describe.configure({ timeout: 240_000 });
  let a: Profile;
  let b: Profile;
  let adminToken: string;

  test.beforeAll(async ({ request }) => {
    test.setTimeout(120_000);
    adminToken = await apiToken(request, ADMIN);
    const managerToken = await apiToken(request, USERS.manager);
    // The first administrator may carry no display name; then the server names the username.
    a = await launchProfile('A', ADMIN, new RegExp(`${ADMIN.name}|${ADMIN.username}`), adminToken);
    b = await launchProfile('B', USERS.manager, new RegExp(USERS.manager.name), managerToken);
  });

  test.afterAll(async () => {
    for (const profile of [a, b]) {
      if (!profile) continue;
      await profile.context.close();
      await profile.relay.close();
      fs.rmSync(profile.dir, { recursive: true, force: true });
    }
  });

  for (const subject of SUBJECTS) {
    for (const order of ['A then B', 'B then A'] as const) {
      test(`${subject.name}: different fields merge, the same field asks the second (${order})`, async ({
        request,
      }) => {
        const [first, second] = order === 'A then B' ? [a, b] : [b, a];
        const id = await subject.create(request, adminToken);
        const [main, other] = subject.fields;

        // 1. Different fields: both kept on the server, nobody asked, the second told what merged.
        await openForm(first, subject, id, ['Start', 'Start']);
        await openForm(second, subject, id, ['Start', 'Start']);
        await goOffline(first);
        await goOffline(second);
        await edit(first, subject, main, `${first.name} main ${RUN}`, id);
        await edit(second, subject, other, `${second.name} other ${RUN}`, id);

        await goOnline(first);
        await synced(first, id);
        await goOnline(second);
        await synced(second, id);
        // The second is told whose change came in and which field it touched (the notice shows once).
        const notice = second.page
          .locator('.mantine-Notification-root')
          .filter({ hasText: first.shownAs })
          .filter({ hasText: en(`sync.fields.${main.api}`) });
        await expect(notice).toBeVisible({ timeout: 20_000 });
        const merged = await subject.read(request, adminToken, id);
        expect(merged[main.api]).toBe(`${first.name} main ${RUN}`);
        expect(merged[other.api]).toBe(`${second.name} other ${RUN}`);
        await expect(second.page.getByRole('dialog', { name: /conflict/i })).toHaveCount(0);

        // 2. The same field, changed differently: the second to sync sees only that field.
        const expected: [string, string] = [`${first.name} main ${RUN}`, `${second.name} other ${RUN}`];
        await openForm(first, subject, id, expected);
        await openForm(second, subject, id, expected);
        await goOffline(first);
        await goOffline(second);
        await edit(first, subject, main, `${first.name} overlap ${RUN}`, id);
        await edit(second, subject, main, `${second.name} overlap ${RUN}`, id);

        await goOnline(first);
        await synced(first, id);
        await goOnline(second);
        await expect.poll(() => statesOf(second.page, id), { timeout: 60_000 }).toEqual(['conflict']);

        // From the start page (the record's quick view would cover the top bar).
        await second.page.goto('/');
        await second.page.locator('button[data-pending]').click();
        const entry = second.page.locator('[role="listitem"][data-state="conflict"]');
        await entry.getByRole('button', { name: en('sync.action.resolve') }).click();
        const resolver = second.page.getByRole('dialog').filter({
          has: second.page.getByRole('table', { name: en('sync.conflict.fields') }),
        });
        await expect(resolver).toBeVisible();
        const rows = resolver.locator('tr[data-field]');
        await expect(rows).toHaveCount(1);
        await expect(rows.first()).toHaveAttribute('data-field', main.api);
        await expect(rows.first()).toContainText(`${second.name} overlap ${RUN}`);
        await expect(rows.first()).toContainText(`${first.name} overlap ${RUN}`);
        // Keeping mine (the default) resends just that field; the other's other field stays.
        await resolver.getByRole('button', { name: en('sync.conflict.apply') }).click();
        await synced(second, id);
        const resolved = await subject.read(request, adminToken, id);
        expect(resolved[main.api]).toBe(`${second.name} overlap ${RUN}`);
        expect(resolved[other.api]).toBe(`${second.name} other ${RUN}`);
        await second.page.keyboard.press('Escape');
      });
    }
  }
});
