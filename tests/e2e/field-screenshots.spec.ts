import path from 'node:path';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { screenshotWhenStill } from './support/still';
import { apiToken } from './support/app';
import { DESKTOP, signedInContext, TABLET } from './support/context';
import { ADMIN, USERS } from './support/users';

/**
 * The field screens as the operator sees them, German, on a portrait tablet with a finger and on a
 * desktop, in the light, dark and outdoor themes — saved for people to look at. Each picture also checks
 * what a picture alone would hide: nothing is wider than the screen (no sideways scrolling), and no
 * heading, button or field label is cut off.
 */

// A signed-in context fills the device's copy of the data before its first screen shows.
const expect = baseExpect.configure({ timeout: 45_000 });

const DIR = process.env.FIELD_SHOTS_DIR ?? path.resolve('test-results/field-screenshots');
const RUN = Date.now().toString(36);
const MACHINE = `Shot excavator ${RUN}`;
const PART = `Shot filter ${RUN}`;

const DEVICES = [
  ['tablet', TABLET],
  ['desktop', DESKTOP],
] as const;
const THEMES = ['light', 'dark', 'outdoor'] as const;

interface Screen {
  name: string;
  path: string;
  ready: (page: Page) => Promise<void>;
}

const settled = async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('main [aria-busy="true"], main .mantine-Loader-root')).toHaveCount(0);
};

const SCREENS: Screen[] = [
  { name: 'dashboard', path: '/', ready: settled },
  {
    name: 'report-form',
    path: '/reports?view=new',
    ready: async (page) => {
      await settled(page);
      await expect(page.getByTestId('signature-canvas').first()).toBeVisible();
    },
  },
  {
    name: 'logbook-form',
    path: '/betriebstagebuch?view=new',
    ready: async (page) => {
      await settled(page);
      await expect(page.locator('main form').first()).toBeVisible();
    },
  },
  {
    name: 'inventory',
    path: '/inventory',
    ready: async (page) => {
      await settled(page);
      await expect(page.getByText(PART).first()).toBeVisible();
    },
  },
  {
    name: 'excavators',
    path: '/excavators',
    ready: async (page) => {
      await settled(page);
      await expect(page.getByText(MACHINE).first()).toBeVisible();
    },
  },
  {
    name: 'sync-panel',
    path: '/',
    ready: async (page) => {
      await settled(page);
      await page.locator('button[data-pending]').click();
      // The panel is the modal one: a tablet's first session may also show the keep-open card, a
      // dialog that is not modal, until the app is stored.
      await expect(page.locator('[role="dialog"][aria-modal="true"]')).toBeVisible();
    },
  },
];

let operatorToken = '';

test.beforeAll(async ({ request }) => {
  const admin = await apiToken(request, ADMIN);
  const headers = { 'x-auth-token': admin };
  for (const [url, data] of [
    ['/api/excavators', { name: MACHINE, model: 'CAT 320', serialNumber: `SH-${RUN}`, usageHours: 1200 }],
    ['/api/inventory', { name: PART, quantity: 2, minQuantity: 4, price: 9.5 }],
  ] as const) {
    const response = await request.post(url, { headers, data });
    expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
  }
  operatorToken = await apiToken(request, USERS.operator);
});

/** What a screenshot would not show: a page wider than the screen, and text cut off by its box. */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1)
      problems.push(`page is ${root.scrollWidth} px wide on a ${root.clientWidth} px screen`);
    const selector = 'header *, h1, h2, h3, button, label, [role="dialog"] *';
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      if (!el.offsetParent || !el.textContent?.trim() || el.children.length > 0) continue;
      const style = getComputedStyle(el);
      const hides =
        style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis';
      // Lists that end long names in an ellipsis on purpose carry the full name in a title.
      if (hides && el.scrollWidth > el.clientWidth + 1 && !el.closest('[title]'))
        problems.push(`cut off: "${el.textContent.trim().slice(0, 50)}"`);
    }
    return problems;
  });
}

/**
 * The page from top to bottom. Chromium takes a full-page picture as if there were no touch screen
 * (`pointer: coarse` stops matching while it captures, so the tablet would show the desktop's small
 * controls): the viewport is made as tall as the page instead, and put back afterwards.
 */
async function wholePage(page: Page, file: string, whole: boolean) {
  const viewport = page.viewportSize()!;
  const height = whole ? await page.evaluate(() => document.documentElement.scrollHeight) : viewport.height;
  if (height > viewport.height) await page.setViewportSize({ width: viewport.width, height });
  try {
    await screenshotWhenStill(page, { path: file });
  } finally {
    await page.setViewportSize(viewport);
  }
}

for (const [device, options] of DEVICES) {
  for (const theme of THEMES) {
    test(`field screens as the operator: ${device}, ${theme}`, async ({ browser }) => {
      test.setTimeout(300_000);
      const context = await signedInContext(browser, {
        token: operatorToken,
        language: 'de',
        theme,
        device: options,
      });
      const page = await context.newPage();
      try {
        for (const screen of SCREENS) {
          await page.goto(screen.path, { waitUntil: 'commit' });
          await screen.ready(page);
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
          expect(
            await page.evaluate(() => matchMedia('(pointer: coarse)').matches),
            'a finger on the tablet, a mouse on the desktop',
          ).toBe(options.hasTouch);
          expect.soft(await layoutProblems(page), `${screen.name}, ${device}, ${theme}`).toEqual([]);
          await wholePage(
            page,
            path.join(DIR, `${screen.name}-${device}-${theme}.png`),
            screen.name !== 'sync-panel',
          );
        }
      } finally {
        await context.close();
      }
    });
  }
}
