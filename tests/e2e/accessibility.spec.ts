import fs from 'node:fs';
import path from 'node:path';
import {
  expect as baseExpect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { apiToken } from './support/app';
import { signedInContext, TABLET, type Language, type Theme } from './support/context';
import { ADMIN, USERS, type E2eUser } from './support/users';

/**
 * WCAG 2.2 AA in the e2e suite: axe-core on every screen as admin and as operator in the light, dark
 * and outdoor themes (German, and English once more), and the size of every touch target on the field
 * screens of a portrait tablet with a finger for a pointer. Signing in happens once per account: each
 * test starts from a stored browser state with the token, the language and the theme already set.
 */

// A signed-in context fills the device's copy of the data before its first screen shows, and every
// screen loads its chunk: on a busy machine that is more than the suite's usual ten seconds.
const expect = baseExpect.configure({ timeout: 45_000 });

const AXE_SOURCE = fs.readFileSync(path.resolve('node_modules/axe-core/axe.min.js'), 'utf8');
const RUN = Date.now().toString(36);
const MACHINE = `A11y machine ${RUN}`;
const PART = `A11y filter ${RUN}`;

interface Fixture {
  tokens: Map<string, string>;
  sheetPath: string;
  driver: E2eUser;
}
let fixture: Fixture;

async function post<T>(request: APIRequestContext, token: string, url: string, data: unknown): Promise<T> {
  const response = await request.post(url, { headers: { 'x-auth-token': token }, data });
  expect([200, 201], `${url}: ${await response.text()}`).toContain(response.status());
  return (await response.json()) as T;
}

function berlinToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
}

/** A machine, a part and a published driver sheet, so the lists and the sheet have something to show. */
test.beforeAll(async ({ request }) => {
  const admin = await apiToken(request, ADMIN);
  await post(request, admin, '/api/excavators', {
    name: MACHINE,
    model: 'CAT 320',
    serialNumber: `AX-${RUN}`,
    usageHours: 1200,
  });
  await post(request, admin, '/api/inventory', { name: PART, quantity: 2, minQuantity: 4, price: 9.5 });
  const driver: E2eUser = {
    username: `e2e.a11y.${RUN}`,
    password: 'A11y-Driver-Passw0rd',
    role: 'operator',
    name: `Field Driver ${RUN}`,
  };
  const account = await post<{ id: string }>(request, admin, '/api/users', driver);
  const driverRecord = await post<{ id: string }>(request, admin, '/api/containers/drivers', {
    name: `A11y Driver ${RUN}`,
    phone: '+49 170 123',
    userId: account.id,
  });
  const truck = await post<{ id: string }>(request, admin, '/api/containers/trucks', {
    licensePlate: `AX ${RUN}`,
    type: 'Absetzkipper',
  });
  const type = await post<{ id: string }>(request, admin, '/api/containers/types', {
    name: `A11y Skip ${RUN}`,
    volume: 7,
  });
  const sheet = await post<{ id: string }>(request, admin, '/api/containers/assignments', {
    date: berlinToday(),
    driverId: driverRecord.id,
    truckId: truck.id,
    rounds: [
      { notes: 'Wertstoffhof Nord', items: [{ containerTypeId: type.id, quantity: 1, operation: 'pickup' }] },
    ],
    generalNotes: 'Gate code 1234',
  });
  const publish = await request.put(`/api/containers/assignments/${sheet.id}/publish`, {
    headers: { 'x-auth-token': admin },
  });
  expect(publish.ok(), await publish.text()).toBe(true);

  const tokens = new Map<string, string>();
  for (const user of [ADMIN, USERS.operator, USERS.manager, driver])
    tokens.set(user.username, await apiToken(request, user));
  fixture = { tokens, sheetPath: `/dispo/assignments/${sheet.id}`, driver };
});

/** A browser context that is already signed in (or not), in a language and a theme. */
async function openContext(
  browser: Browser,
  options: { user: E2eUser | null; language: Language; theme: Theme; touch?: boolean },
): Promise<BrowserContext> {
  return signedInContext(browser, {
    token: options.user ? fixture.tokens.get(options.user.username)! : null,
    language: options.language,
    theme: options.theme,
    device: options.touch ? { ...TABLET, isMobile: true } : undefined,
  });
}

interface Screen {
  name: string;
  path: string;
  /** Waits until the screen shows what is to be checked, and opens a dialog or menu where that is it. */
  ready: (page: Page) => Promise<void>;
}

const heading = (page: Page) => expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
const noLoaders = (page: Page) =>
  expect(page.locator('main [aria-busy="true"], main .mantine-Loader-root')).toHaveCount(0);
const settled = async (page: Page) => {
  await heading(page);
  await noLoaders(page);
};

const SIGN_IN: Screen = {
  name: 'sign-in',
  path: '/login',
  ready: (page) => expect(page.locator('input[name="password"]')).toBeVisible(),
};
const DASHBOARD: Screen = { name: 'dashboard', path: '/', ready: settled };
const EXCAVATORS: Screen = {
  name: 'excavators',
  path: '/excavators',
  ready: async (page) => {
    await settled(page);
    await expect(page.getByText(MACHINE).first()).toBeVisible();
  },
};
const REPORTS: Screen = { name: 'reports', path: '/reports', ready: settled };
const REPORT_FORM: Screen = {
  name: 'report form with checklist and signature',
  path: '/reports?view=new',
  ready: async (page) => {
    await settled(page);
    await expect(page.getByTestId('signature-canvas')).toBeVisible();
  },
};
const LOGBOOK: Screen = { name: 'operations log', path: '/betriebstagebuch', ready: settled };
const LOGBOOK_FORM: Screen = {
  name: 'operations log form',
  path: '/betriebstagebuch?view=new',
  ready: async (page) => {
    await heading(page);
    await expect(page.locator('main form').first()).toBeVisible();
  },
};
const INVENTORY: Screen = {
  name: 'inventory',
  path: '/inventory',
  ready: async (page) => {
    await settled(page);
    await expect(page.getByText(PART).first()).toBeVisible();
  },
};
const INVENTORY_MENU: Screen = {
  name: 'inventory row menu',
  path: '/inventory',
  ready: async (page) => {
    await INVENTORY.ready(page);
    const more = page
      .locator(`button[aria-label*="${PART}"][aria-haspopup="menu"]`)
      .locator('visible=true')
      .first();
    await more.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
  },
};
const SYNC_PANEL: Screen = {
  name: 'sync panel',
  path: '/',
  ready: async (page) => {
    await settled(page);
    await page.locator('button[data-pending]').click();
    // The panel is the modal one: a tablet's first session may also show the keep-open card, a
    // dialog that is not modal, until the app is stored.
    await expect(page.locator('[role="dialog"][aria-modal="true"]')).toBeVisible();
  },
};
const sheet = (): Screen => ({
  name: 'driver sheet',
  path: fixture.sheetPath,
  ready: async (page) => {
    await heading(page);
    await expect(page.getByText('Wertstoffhof Nord')).toBeVisible();
  },
});
const simple = (name: string, pathname: string): Screen => ({ name, path: pathname, ready: settled });

function screensFor(role: 'admin' | 'operator'): Screen[] {
  const common = [
    DASHBOARD,
    EXCAVATORS,
    REPORTS,
    REPORT_FORM,
    LOGBOOK,
    LOGBOOK_FORM,
    INVENTORY,
    simple('notifications', '/notifications'),
    simple('analytics', '/analytics'),
    simple('profile', '/profile'),
    SYNC_PANEL,
  ];
  if (role === 'operator') return common;
  // Editing and deleting stock items (the row menu) is not an operator's.
  return [
    ...common,
    INVENTORY_MENU,
    simple('dispo', '/dispo'),
    sheet(),
    simple('users', '/users'),
    simple('settings', '/settings'),
  ];
}

interface Finding {
  rule: string;
  impact: string;
  help: string;
  nodes: string[];
}

/** axe-core's WCAG 2.0–2.2 A and AA rules; what is serious or critical. */
async function axe(page: Page): Promise<Finding[]> {
  // Evaluated through the debugger protocol, so the page's script policy does not apply to it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    interface AxeResult {
      violations: Array<{
        id: string;
        impact: string | null;
        help: string;
        nodes: Array<{ target: unknown[]; failureSummary?: string }>;
      }>;
    }
    const runner = (
      window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResult> } }
    ).axe;
    const result = await runner.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      resultTypes: ['violations'],
    });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        rule: violation.id,
        impact: violation.impact ?? '',
        help: violation.help,
        nodes: violation.nodes
          .slice(0, 6)
          .map((node) => `${node.target.join(' ')} — ${(node.failureSummary ?? '').replace(/\s+/g, ' ')}`),
      }));
  });
}

interface HeadingProblem {
  problem: string;
  headings: string[];
}

/**
 * The page's outline as a screen reader lists it: exactly one level-1 heading, and no level skipped on
 * the way down (an h2 may follow an h4, an h4 may not follow an h2). An open dialog is its own outline,
 * starting below the page's h1.
 */
async function headingOutline(page: Page): Promise<HeadingProblem[]> {
  return page.evaluate(() => {
    const shown = (el: Element) => {
      if (el.closest('[aria-hidden="true"], [inert], [hidden]')) return false;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') return false;
      const rect = el.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0;
    };
    const levelOf = (el: Element) => {
      const aria = el.getAttribute('aria-level');
      if (aria) return Number(aria);
      return /^H[1-6]$/.test(el.tagName) ? Number(el.tagName[1]) : 2;
    };
    const all = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]')].filter(shown);
    const dialogs = [...document.querySelectorAll('[role="dialog"]')].filter(shown);
    const outside = all.filter((el) => !dialogs.some((dialog) => dialog.contains(el)));
    const problems: HeadingProblem[] = [];
    const check = (list: Element[], start: number) => {
      let previous = start;
      for (const el of list) {
        const level = levelOf(el);
        if (level > previous + 1)
          problems.push({
            problem: `h${level} "${(el.textContent ?? '').trim().slice(0, 40)}" after h${previous}`,
            headings: list.map((h) => `h${levelOf(h)} ${(h.textContent ?? '').trim().slice(0, 30)}`),
          });
        previous = level;
      }
    };
    const ones = outside.filter((el) => levelOf(el) === 1);
    if (ones.length !== 1)
      problems.push({
        problem: `${ones.length} level-1 headings`,
        headings: ones.map((h) => (h.textContent ?? '').trim().slice(0, 40)),
      });
    check(outside, 0);
    for (const dialog of dialogs)
      check(
        all.filter((el) => dialog.contains(el)),
        1,
      );
    return problems;
  });
}

/**
 * Waits for the page's finite animations and transitions: a drawer or menu checked while it still
 * fades in has its colours mixed with the page behind, and contrast fails on a half-opaque title.
 * Endless ones (a pulsing badge) never finish and are not waited for.
 */
async function transitionsDone(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
}

async function checkScreens(
  browser: Browser,
  user: E2eUser | null,
  screens: Screen[],
  language: Language,
  theme: Theme,
) {
  const context = await openContext(browser, { user, language, theme });
  const page = await context.newPage();
  try {
    for (const screen of screens) {
      await page.goto(screen.path, { waitUntil: 'commit' });
      await screen.ready(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await transitionsDone(page);
      const findings = await axe(page);
      expect.soft(findings, `${screen.name} (${language}, ${theme})`).toEqual([]);
      expect.soft(await headingOutline(page), `${screen.name}: headings`).toEqual([]);
    }
  } finally {
    await context.close();
  }
}

const MATRIX: Array<[Language, Theme]> = [
  ['de', 'light'],
  ['de', 'dark'],
  ['de', 'outdoor'],
  ['en', 'outdoor'],
];

for (const [language, theme] of MATRIX) {
  test(`axe: sign-in, ${language}, ${theme}`, async ({ browser }) => {
    await checkScreens(browser, null, [SIGN_IN], language, theme);
  });
  for (const role of ['admin', 'operator'] as const) {
    test(`axe: every screen as ${role}, ${language}, ${theme}`, async ({ browser }) => {
      test.setTimeout(420_000);
      await checkScreens(
        browser,
        role === 'admin' ? ADMIN : USERS.operator,
        screensFor(role),
        language,
        theme,
      );
    });
  }
}

interface Target {
  label: string;
  width: number;
  height: number;
  /** Another target lies within the 44 px square around this one's centre. */
  crowded: boolean;
}

/**
 * The hit area of every control on the page: a control's label counts (a tap on it activates the
 * control), a slider's whole track counts, and links inside running text are exempt as WCAG allows.
 */
async function measureTargets(page: Page): Promise<Target[]> {
  return page.evaluate(() => {
    const selector = [
      'button',
      'a[href]',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      '[role="button"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="switch"]',
      '[role="tab"]',
      '[role="menuitem"]',
      '[role="option"]',
      '[role="slider"]',
      '[role="combobox"]',
    ].join(',');
    const visible = (el: Element) => {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') return false;
      const rect = el.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0;
    };
    const union = (rects: DOMRect[]) => {
      const left = Math.min(...rects.map((r) => r.left));
      const top = Math.min(...rects.map((r) => r.top));
      const right = Math.max(...rects.map((r) => r.right));
      const bottom = Math.max(...rects.map((r) => r.bottom));
      return { left, top, right, bottom, width: right - left, height: bottom - top };
    };
    const inlineInText = (el: Element) => {
      if (el.tagName !== 'A') return false;
      const parent = el.parentElement;
      if (!parent) return false;
      const ownText = [...parent.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? '')
        .join('')
        .trim();
      return ownText.length > 0;
    };
    const seen = new Set<Element>();
    const boxes: Array<{ label: string; box: ReturnType<typeof union> }> = [];
    for (const el of document.querySelectorAll(selector)) {
      if ((el as HTMLButtonElement).disabled || el.closest('[aria-hidden="true"], [inert]')) continue;
      if (inlineInText(el)) continue;
      let parts: Element[] = [el];
      if (el.getAttribute('role') === 'slider') parts = [el.closest('.mantine-Slider-root') ?? el];
      if (el instanceof HTMLInputElement && el.labels) parts = [el, ...el.labels];
      const shown = parts.filter(visible);
      if (shown.length === 0) continue;
      const hit = shown.find((part) => part !== el && part.contains(el)) ?? el;
      if (seen.has(hit)) continue;
      seen.add(hit);
      const label =
        el.getAttribute('aria-label') ||
        (el as HTMLElement).innerText?.trim().slice(0, 40) ||
        (el as HTMLInputElement).name ||
        el.outerHTML.slice(0, 80);
      boxes.push({ label, box: union(shown.map((part) => part.getBoundingClientRect())) });
    }
    return boxes.map(({ label, box }) => {
      const cx = box.left + box.width / 2;
      const cy = box.top + box.height / 2;
      const crowded = boxes.some(
        (other) =>
          other.box !== box &&
          other.box.left < cx + 22 &&
          other.box.right > cx - 22 &&
          other.box.top < cy + 22 &&
          other.box.bottom > cy - 22 &&
          // One target nested in the other (a button inside a row link) is the same place.
          !(
            other.box.left <= box.left &&
            other.box.right >= box.right &&
            other.box.top <= box.top &&
            other.box.bottom >= box.bottom
          ),
      );
      return { label, width: Math.round(box.width), height: Math.round(box.height), crowded };
    });
  });
}

const FIELD_SCREENS = (): Array<[E2eUser | null, Screen]> => [
  [null, SIGN_IN],
  [USERS.operator, DASHBOARD],
  [USERS.operator, EXCAVATORS],
  [USERS.operator, REPORTS],
  [USERS.operator, REPORT_FORM],
  [USERS.operator, LOGBOOK],
  [USERS.operator, LOGBOOK_FORM],
  [USERS.operator, INVENTORY],
  // Editing and deleting stock items is a manager's (and an admin's), not an operator's: the row menu is
  // measured as the yard manager sees it on the tablet.
  [USERS.manager, INVENTORY_MENU],
  [USERS.operator, SYNC_PANEL],
  [fixture.driver, sheet()],
];

test('touch targets of the field screens on a tablet with a finger', async ({ browser }) => {
  test.setTimeout(420_000);
  const contexts = new Map<string, BrowserContext>();
  try {
    for (const [user, screen] of FIELD_SCREENS()) {
      const key = user?.username ?? '';
      let context = contexts.get(key);
      if (!context) {
        context = await openContext(browser, { user, language: 'de', theme: 'light', touch: true });
        contexts.set(key, context);
      }
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(screen.path, { waitUntil: 'commit' });
      await screen.ready(page);
      expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
      const targets = await measureTargets(page);
      expect(targets.length, screen.name).toBeGreaterThan(2);
      const tooSmall = targets.filter((t) => t.width < 24 || t.height < 24);
      const small = targets.filter((t) => (t.width < 44 || t.height < 44) && t.crowded);
      expect.soft(tooSmall, `${screen.name}: under 24×24`).toEqual([]);
      expect.soft(small, `${screen.name}: under 44×44 without spacing`).toEqual([]);
    }
  } finally {
    for (const context of contexts.values()) await context.close();
  }
});

/** Tabs through an open dialog `times` times: focus must never leave it. */
async function expectFocusTrapped(page: Page, times: number) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  for (let i = 0; i < times; i++) {
    await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
}

test('dialogs keep focus inside and give it back to what opened them', async ({ browser }) => {
  test.setTimeout(420_000);
  const context = await openContext(browser, { user: ADMIN, language: 'de', theme: 'light' });
  const page = await context.newPage();
  try {
    await page.goto('/inventory', { waitUntil: 'commit' });
    await INVENTORY.ready(page);
    const more = page
      .locator(`button[aria-label*="${PART}"][aria-haspopup="menu"]`)
      .locator('visible=true')
      .first();

    // A form in a dialog, opened from the row menu by keyboard.
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    await page.getByRole('menuitem', { name: 'Bearbeiten' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toContainText(PART);
    await expectFocusTrapped(page, 25);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(more).toBeFocused();

    // A confirmation.
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    await page.getByRole('menuitem', { name: 'Löschen' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toContainText(PART);
    await expectFocusTrapped(page, 6);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(more).toBeFocused();

    // A dialog opened by a plain button: the new item form.
    const create = page.getByRole('button', { name: 'Neuer Artikel' });
    await create.click();
    await expectFocusTrapped(page, 10);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(create).toBeFocused();
  } finally {
    await context.close();
  }
});
