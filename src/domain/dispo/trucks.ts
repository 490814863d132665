import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import {
  custom,
  defineEntity,
  fieldError,
  optionalNumber,
  optionalText,
  ruleError,
  type EntityRule,
} from '../fields';
import { listOf } from './fields';
import { active, masterLabel as label, masterMetaSchema } from './master-data';

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

const PLATE = label('licensePlate', 'License plate');
const PLATE_CHARACTERS: EntityRule = {
  key: 'dispo.validation.plate',
  en: 'License plate may only contain letters, digits, spaces and hyphens',
};

export const licensePlateSchema = lazySchema(() =>
  z
    .string({ error: fieldError(PLATE) })
    .transform(normalizeLicensePlate)
    .pipe(
      z
        .string({ error: fieldError(PLATE) })
        // A blank plate is only missing, not also too short.
        .min(1, { abort: true })
        .min(2)
        .max(15)
        .regex(PLATE_PATTERN, ruleError(PLATE, PLATE_CHARACTERS)),
    ),
);

/** A truck's editable fields, declared once: the API's schema, the form and its keyed messages. */
export const truckEntity = defineEntity({
  licensePlate: custom(PLATE, licensePlateSchema, ''),
  /** Body type, e.g. "Abrollkipper", "Absetzkipper". */
  type: optionalText(label('type', 'Type'), 80),
  /** Payload in tonnes. */
  capacity: optionalNumber(label('capacity', 'Capacity'), { min: 0, max: 100 }),
  active,
});

export const truckInputSchema = truckEntity.schema;
export type TruckInput = z.infer<typeof truckInputSchema>;
export type TruckInputValues = z.input<typeof truckInputSchema>;

export const truckSchema = lazySchema(() =>
  masterMetaSchema.extend({
    licensePlate: z.string(),
    type: z.string().nullable(),
    capacity: z.number().nullable(),
    active: z.boolean(),
  }),
);
export type Truck = z.infer<typeof truckSchema>;
export const truckListSchema = listOf(truckSchema);
