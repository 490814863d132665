import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import { DISPO_DEFAULT_TIME_ZONE } from './constants';
import { isCalendarDate, isValidTimeZone } from './dates';

/* The field rules the dispo schemas share, so every form and endpoint words its errors the same way. */

export const blankToNull = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v;

export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const optionalText = (label: string, max: number) =>
  z
    .preprocess(
      blankToNull,
      z
        .string({ error: `${label} must be text` })
        .trim()
        .max(max, `${label} must be at most ${max} characters`)
        .nullable(),
    )
    .transform((v) => v ?? null);

export const calendarDate = (label: string) =>
  z
    .string({ error: `${label} must be a date (YYYY-MM-DD)` })
    .trim()
    .refine(isCalendarDate, `${label} must be a date (YYYY-MM-DD)`);

export const id = (label: string) => z.uuid({ error: `${label} must be an id` });

export const timeZoneSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .max(64)
    .refine(isValidTimeZone, 'Unknown time zone')
    .optional()
    .transform((v) => v ?? DISPO_DEFAULT_TIME_ZONE),
);

/** The page envelope every dispo list endpoint answers with. */
export const listOf = <T extends z.ZodType>(item: T) =>
  lazySchema(() =>
    z.object({
      items: z.array(item),
      total: z.number().int(),
      page: z.number().int(),
      limit: z.number().int(),
    }),
  );
