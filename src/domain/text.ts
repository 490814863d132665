import { z } from 'zod';

/**
 * Text anyone sends us may hold tab, line feed and carriage return, but no other control character:
 * NUL cannot be stored by PostgreSQL at all, and the rest only ever arrive from broken or hostile
 * clients (they also garble CSV exports, PDFs and terminal logs).
 */
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const CONTROL_CHARACTER_MESSAGE = 'Text must not contain control characters';

export function hasForbiddenControl(value: string): boolean {
  return FORBIDDEN_CONTROL.test(value);
}

/**
 * The first place in a decoded JSON value (string, key at any depth) that breaks the text rule, as a
 * dotted path ('' for the value itself), or null when all text is acceptable.
 */
export function findForbiddenText(value: unknown, maxDepth = 64): string | null {
  return forbiddenTextIn(value, [], 0, maxDepth);
}

function forbiddenTextIn(v: unknown, path: string[], depth: number, maxDepth: number): string | null {
  if (typeof v === 'string') return hasForbiddenControl(v) ? path.join('.') : null;
  if (v === null || typeof v !== 'object' || depth > maxDepth) return null;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const hit = forbiddenTextIn(v[i], [...path, String(i)], depth + 1, maxDepth);
      if (hit !== null) return hit;
    }
    return null;
  }
  // Only decoded JSON: uploaded files and buffers are not text.
  const proto: unknown = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return null;
  for (const key in v) {
    if (!Object.hasOwn(v, key)) continue;
    if (hasForbiddenControl(key)) return [...path, key].join('.');
    const hit = forbiddenTextIn((v as Record<string, unknown>)[key], [...path, key], depth + 1, maxDepth);
    if (hit !== null) return hit;
  }
  return null;
}

/** A string schema that applies the text rule, for forms that want the message on the field. */
export const safeText = () => z.string().refine((v) => !hasForbiddenControl(v), CONTROL_CHARACTER_MESSAGE);

/** Deepest nesting any request body may have; real documents stay far below it. */
export const MAX_BODY_DEPTH = 32;

/** Whether arrays and objects inside `value` nest deeper than `limit` (checked without recursion). */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth >= limit) return true;
    for (const inner of Object.values(current as Record<string, unknown>)) stack.push([inner, depth + 1]);
  }
  return false;
}
