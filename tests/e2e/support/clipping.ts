import { expect, type Page } from '@playwright/test';

export interface ClippedText {
  selector: string;
  text: string;
  scrollWidth: number;
  clientWidth: number;
}

/**
 * Every visible element matching `selectors` (and each element inside it) whose text is cut off: its
 * content is wider than its box while it hides the overflow, or it ends in an ellipsis because of that.
 */
export async function clippedTexts(page: Page, selectors: string[]): Promise<ClippedText[]> {
  return page.evaluate((list) => {
    const out: ClippedText[] = [];
    for (const selector of list) {
      for (const root of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
        if (!root.offsetParent && getComputedStyle(root).position !== 'fixed') continue;
        for (const el of [root, ...Array.from(root.querySelectorAll<HTMLElement>('*'))]) {
          if (!el.offsetParent || !el.textContent?.trim()) continue;
          const style = getComputedStyle(el);
          const hides =
            style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis';
          if (hides && el.scrollWidth > el.clientWidth + 1) {
            out.push({
              selector,
              text: el.textContent.trim().slice(0, 60),
              scrollWidth: el.scrollWidth,
              clientWidth: el.clientWidth,
            });
          }
        }
      }
    }
    return out;
  }, selectors);
}

/** Fails with the list of clipped texts, if any. */
export async function expectNoClippedText(page: Page, selectors: string[]): Promise<void> {
  expect(await clippedTexts(page, selectors)).toEqual([]);
}
