import fs from 'node:fs/promises';
import nodePath from 'node:path';
import { expect, type Page, type PageScreenshotOptions } from '@playwright/test';

/**
 * Saves a screenshot once the page has stopped changing: two pictures in a row are the same.
 *
 * Screens settle at their own pace — a modal's enter transition, a chart drawing itself, a list that
 * fills from the mirror — and a busy machine stretches all of them. Comparing pictures waits for
 * exactly that, however long it takes, instead of guessing a delay. CSS animations are finished
 * (finite ones) or stopped (endless ones such as loaders) for each picture, and the caret is hidden,
 * so nothing that never ends keeps the pictures apart.
 */
export async function screenshotWhenStill(
  page: Page,
  options: PageScreenshotOptions & { path: string },
): Promise<void> {
  const { path, ...rest } = options;
  const take = () => page.screenshot({ ...rest, animations: 'disabled', caret: 'hide' });
  let previous = await take();
  await expect
    .poll(
      async () => {
        const next = await take();
        const same = next.equals(previous);
        previous = next;
        return same;
      },
      { message: `the page did not settle for ${path}`, intervals: [100, 200, 400], timeout: 20_000 },
    )
    .toBe(true);
  await fs.mkdir(nodePath.dirname(path), { recursive: true });
  await fs.writeFile(path, previous);
}
