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
          // Visually hidden text (a 1 px box) is there for screen readers, not cut off.
          if (el.clientWidth <= 1 && el.clientHeight <= 1) continue;
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

/**
 * Words broken across two lines inside the visible elements matching `selectors` ("Benachrichtigung"
 * above "en"): where a box is too narrow and the text may break anywhere, nothing is cut off, yet the
 * word is no longer readable. Breaks at spaces, hyphens and slashes are fine.
 */
export async function brokenWords(page: Page, selectors: string[]): Promise<string[]> {
  return page.evaluate((list) => {
    const out = new Set<string>();
    for (const selector of list) {
      for (const root of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
        if (!root.offsetParent && getComputedStyle(root).position !== 'fixed') continue;
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const value = node.nodeValue ?? '';
          for (const match of value.matchAll(/[^\s\-‐/]{2,}/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const tops = new Set(
              Array.from(range.getClientRects())
                .filter((rect) => rect.width > 0)
                .map((rect) => Math.round(rect.top)),
            );
            if (tops.size > 1) out.add(match[0]);
          }
        }
      }
    }
    return [...out];
  }, selectors);
}
