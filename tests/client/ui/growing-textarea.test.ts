import { afterEach, describe, expect, it, vi } from 'vitest';

/** The helper as a browser with (or without) `field-sizing` would load it. */
async function load(sizedByCss: boolean) {
  vi.resetModules();
  vi.stubGlobal('CSS', {
    supports: (property: string, value: string) =>
      sizedByCss && property === 'field-sizing' && value === 'content',
  });
  return (await import('@/client/ui/growing-textarea')).growingTextarea;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('growingTextarea', () => {
  it('leaves the sizing to CSS where the browser can, with the bounds as lines', async () => {
    const growingTextarea = await load(true);
    const bounded = growingTextarea(4, 14);
    expect(bounded).not.toHaveProperty('autosize');
    expect(bounded.rows).toBe(4);
    expect(bounded.classNames).toEqual({ input: expect.any(String) });
    expect(bounded.styles).toEqual({
      input: {
        '--growing-min-height': 'calc(4lh + 2 * var(--input-padding-y, 0px) + 2px)',
        '--growing-max-height': 'calc(14lh + 2 * var(--input-padding-y, 0px) + 2px)',
      },
    });
    // Without a most: no bound, the stylesheet's `none`.
    expect(growingTextarea(3).styles).toEqual({
      input: { '--growing-min-height': 'calc(3lh + 2 * var(--input-padding-y, 0px) + 2px)' },
    });
  });

  it("falls back to Mantine's autosize elsewhere", async () => {
    const growingTextarea = await load(false);
    expect(growingTextarea(4, 14)).toEqual({ autosize: true, minRows: 4, maxRows: 14 });
  });
});
