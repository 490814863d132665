import { expect, type Locator } from '@playwright/test';

/**
 * Signs a signature pad with a zig-zag of the mouse, and again until the pad's caption (the text it is
 * described by) has changed from its unsigned wording. A notice that appears above a form (a draft
 * found on the device, a sync message) can move the pad between reading its place and drawing, and
 * the stroke then misses it; drawing once and hoping made tests fail now and then.
 */
export async function signPad(pad: Locator): Promise<void> {
  const page = pad.page();
  const captionId = await pad.getAttribute('aria-describedby');
  const caption = captionId ? page.locator(`[id="${captionId}"]`) : null;
  const unsigned = caption ? await caption.textContent() : null;
  await expect(async () => {
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 30, y);
    await page.mouse.down();
    for (let step = 1; step <= 8; step++)
      await page.mouse.move(box.x + 30 + step * 25, y + (step % 2 ? -20 : 20), { steps: 2 });
    await page.mouse.up();
    if (caption && unsigned !== null) await expect(caption).not.toHaveText(unsigned, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}
