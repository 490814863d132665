/*
 * Reading a page's URL search params without zod: every route's search check is part of the route
 * tree, which every page loads first (the login page too), and zod alone is 26 KB of gzipped JS.
 * A value that is missing, of the wrong type or not allowed reads as undefined (no filter), as a
 * hand-edited or outdated link must not break a page.
 */

/** `value` when it is one of `allowed`; numbers also match their digits (`?range=30` or `"30"`). */
export function oneOf<T extends string | number>(allowed: readonly T[], value: unknown): T | undefined {
  for (const candidate of allowed) {
    if (candidate === value) return candidate;
    if (typeof candidate === 'number' && typeof value === 'string' && value.trim() === String(candidate))
      return candidate;
  }
  return undefined;
}

/** A string of `min` to `max` characters. */
export function text(value: unknown, { min = 0, max = 1000 }: { min?: number; max?: number } = {}) {
  return typeof value === 'string' && value.length >= min && value.length <= max ? value : undefined;
}

/** A page number: a whole number from 1, also from its digits. */
export function pageNumber(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= 1 ? number : undefined;
}
