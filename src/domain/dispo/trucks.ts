import { z } from 'zod';
import { blankToNull, listOf, optionalText } from './fields';
import { active, masterMetaSchema } from './master-data';

/**
 * The stored form of a licence plate: upper case, runs of spaces collapsed to one, no spaces around
 * hyphens, hyphens collapsed and trimmed. " m -fp  1234 " → "M-FP 1234".
 */
export function normalizeLicensePlate(raw: string): string {
  return raw
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .replace(/ ?- ?/g, '-')
    .replace(/-+/g, '-')
    .replace(/^[\s-]+|[\s-]+$/g, '');
}

/** Letters (any script) and digits in groups separated by one space or hyphen, 2–15 characters. */
const PLATE_PATTERN = /^[\p{L}\p{N}]+(?:[ -][\p{L}\p{N}]+)*$/u;

export const licensePlateSchema = z
  .string({ error: 'License plate is required' })
  .transform(normalizeLicensePlate)
  .pipe(
    z
      .string()
      .min(1, 'License plate is required')
      .min(2, 'License plate must be at least 2 characters')
      .max(15, 'License plate must be at most 15 characters')
      .regex(PLATE_PATTERN, 'License plate may only contain letters, digits, spaces and hyphens'),
  );

export const truckInputSchema = z.object({
  licensePlate: licensePlateSchema,
  /** Body type, e.g. "Abrollkipper", "Absetzkipper". */
  type: optionalText('Type', 80),
  /** Payload in tonnes. */
  capacity: z
    .preprocess(
      blankToNull,
      z
        .number({ error: 'Capacity must be a number' })
        .min(0, 'Capacity cannot be negative')
        .max(100, 'Capacity must be at most 100 t')
        .nullable(),
    )
    .transform((v) => v ?? null),
  active,
});
export type TruckInput = z.infer<typeof truckInputSchema>;
export type TruckInputValues = z.input<typeof truckInputSchema>;

export const truckSchema = masterMetaSchema.extend({
  licensePlate: z.string(),
  type: z.string().nullable(),
  capacity: z.number().nullable(),
  active: z.boolean(),
});
export type Truck = z.infer<typeof truckSchema>;
export const truckListSchema = listOf(truckSchema);
