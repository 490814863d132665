import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import {
  DEFAULT_LIMIT,
  DEFAULT_PAGE,
  EXCAVATOR_STATUSES,
  MAX_LIMIT,
  type ExcavatorStatus,
} from './constants';
import {
  choice,
  defineEntity,
  group,
  isIsoDate,
  listOf,
  optionalDate,
  optionalNumber,
  optionalText,
  requiredText,
  text,
} from './fields';
import { maintenanceDueSchema } from './maintenance';
import { syncedMetaSchema } from './sync';

/*
 * Excavator. The schemas here validate the server's input and the client's form
 * (messages are per field), and describe the API's answers.
 *
 * Writes: POST /api/excavators and PUT /api/excavators/{id}, as multipart/form-data (the form, with
 * files) or application/json (the same fields, no files — the offline outbox may send either).
 * - Empty or null fields are omitted. PUT replaces every editable field: an omitted optional field
 *   becomes null (that is how a form clears it); name, model and serialNumber are always required.
 * - Numbers in multipart are decimal text ("1234.5"); dates are `YYYY-MM-DD`.
 * - `specifications`: JSON text (multipart) or a JSON value (JSON body) of an ARRAY of key-value pairs,
 *   `[{"key":"Weight","value":"21 t"}]` — order kept, keys unique. That is also how it is returned.
 * - `profileImage`: one file; `gallery`: files, several (repeat the part). Image fields are never taken
 *   from the body: the server stores files and answers their stored relative paths.
 * - PUT only: `removeGallery` names existing gallery paths to drop (repeat the field, or one JSON array
 *   text); `removeProfileImage=true` drops the profile image (a new `profileImage` file replaces it).
 * - POST may carry a client-made `id` (UUID, v7 from the outbox): a create repeated with the same id and
 *   content answers the existing row (200); an id used by another record → 409.
 * - `lastServiceHours`: the usage-hours reading at the last service (added for the maintenance-due rule,
 *   src/domain/maintenance.ts).
 */

export { EXCAVATOR_STATUSES, type ExcavatorStatus };

export const EXCAVATOR_FILE_FIELDS = ['profileImage', 'gallery'] as const;
export const EXCAVATOR_MAX_GALLERY = 30;
export const EXCAVATOR_MAX_SPECIFICATIONS = 100;

const MIN_YEAR = 1900;
const MAX_HOURS = 1_000_000;

export { isIsoDate };

const hours = { min: 0, max: MAX_HOURS };

const specificationFields = group({
  key: requiredText({ label: 'excavators.form.specName', en: 'Specification name' }, 80),
  value: text({ label: 'excavators.form.specValue', en: 'Specification value' }, 500),
});

/**
 * The editable fields, declared once: the API's schema, the form's empty values, the record → form
 * and form → payload mappings and the keyed validation messages all come from here.
 */
export const excavatorEntity = defineEntity({
  name: requiredText({ label: 'excavators.fields.name', en: 'Name' }, 120),
  model: requiredText({ label: 'excavators.fields.model', en: 'Model' }, 120),
  serialNumber: requiredText({ label: 'excavators.fields.serialNumber', en: 'Serial number' }, 80),
  year: optionalNumber(
    { label: 'excavators.fields.year', en: 'Year' },
    { integer: true, min: MIN_YEAR, max: () => new Date().getFullYear() + 1 },
  ),
  status: choice({ label: 'excavators.fields.status', en: 'Status' }, EXCAVATOR_STATUSES, 'operational'),
  usageHours: optionalNumber({ label: 'excavators.fields.usageHours', en: 'Usage hours' }, hours, 0),
  location: optionalText({ label: 'excavators.fields.location', en: 'Location' }, 200),
  engineNumber: optionalText({ label: 'excavators.fields.engineNumber', en: 'Engine number' }, 80),
  nextInspectionHours: optionalNumber(
    { label: 'excavators.fields.nextInspectionHours', en: 'Next inspection hours' },
    hours,
  ),
  lastServiceHours: optionalNumber(
    { label: 'excavators.fields.lastServiceHours', en: 'Hours at last service' },
    hours,
  ),
  purchaseDate: optionalDate({ label: 'excavators.fields.purchaseDate', en: 'Purchase date' }),
  lastServiceDate: optionalDate({ label: 'excavators.fields.lastServiceDate', en: 'Last service date' }),
  specifications: listOf(
    { label: 'excavators.fields.specifications', en: 'Specifications' },
    specificationFields,
    { max: EXCAVATOR_MAX_SPECIFICATIONS, uniqueBy: (s) => s.key },
  ),
  description: optionalText({ label: 'excavators.fields.description', en: 'Description' }, 5000),
  notes: optionalText({ label: 'excavators.fields.notes', en: 'Notes' }, 5000),
});

export const specificationSchema = specificationFields.schema;
export type Specification = z.infer<typeof specificationSchema>;
export const specificationsSchema = excavatorEntity.fields.specifications.schema;

/** The editable fields, as the form fills them and the API accepts them. */
export const excavatorFieldsSchema = excavatorEntity.schema;
export type ExcavatorFields = z.infer<typeof excavatorFieldsSchema>;
export type ExcavatorFieldsInput = z.input<typeof excavatorFieldsSchema>;

export const excavatorCreateSchema = lazySchema(() =>
  excavatorFieldsSchema.extend({
    id: z.uuid({ error: 'Id must be a UUID' }).optional(),
  }),
);
export type ExcavatorCreate = z.infer<typeof excavatorCreateSchema>;

export const excavatorUpdateSchema = lazySchema(() =>
  excavatorFieldsSchema.extend({
    removeGallery: z
      .array(z.string().min(1), { error: 'removeGallery must list image paths' })
      .max(EXCAVATOR_MAX_GALLERY)
      .default([]),
    removeProfileImage: z.boolean({ error: 'removeProfileImage must be true or false' }).default(false),
  }),
);
export type ExcavatorUpdate = z.infer<typeof excavatorUpdateSchema>;

const NUMBER_FIELDS = ['year', 'usageHours', 'nextInspectionHours', 'lastServiceHours'] as const;

/**
 * Multipart text fields → the object the schemas above parse. Decimal text becomes a number (anything
 * else is kept, so the schema reports it on its field), `specifications` is JSON text, `removeGallery`
 * repeated fields or one JSON array text, `removeProfileImage` "true"/"false". Empty fields are omitted.
 */
export function excavatorInputFromForm(fields: Record<string, string | string[]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(fields)) {
    const values = Array.isArray(raw) ? raw : [raw];
    if (name === 'removeGallery') {
      out.removeGallery = values.flatMap((v) => {
        const text = v.trim();
        if (!text.startsWith('[')) return text ? [text] : [];
        try {
          const parsed: unknown = JSON.parse(text);
          return Array.isArray(parsed) ? parsed : [parsed];
        } catch {
          return [text];
        }
      });
      continue;
    }
    const value = values[values.length - 1] ?? '';
    if (value.trim() === '') continue;
    if ((NUMBER_FIELDS as readonly string[]).includes(name)) {
      out[name] = /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
    } else if (name === 'specifications') {
      try {
        out.specifications = JSON.parse(value);
      } catch {
        out.specifications = value;
      }
    } else if (name === 'removeProfileImage') {
      out.removeProfileImage =
        value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value;
    } else {
      out[name] = value;
    }
  }
  return out;
}

/** An excavator as the API returns it (list items, single reads, pull `data`). */
export const excavatorSchema = lazySchema(() =>
  syncedMetaSchema.extend({
    name: z.string(),
    model: z.string(),
    serialNumber: z.string(),
    year: z.number().int().nullable(),
    status: z.enum(EXCAVATOR_STATUSES),
    usageHours: z.number(),
    location: z.string().nullable(),
    engineNumber: z.string().nullable(),
    nextInspectionHours: z.number().nullable(),
    lastServiceHours: z.number().nullable(),
    purchaseDate: z.string().nullable(),
    lastServiceDate: z.string().nullable(),
    /** Stored relative path, served at /uploads/{path}. */
    profileImage: z.string().nullable(),
    gallery: z.array(z.string()),
    specifications: z.array(z.object({ key: z.string(), value: z.string() })),
    description: z.string().nullable(),
    notes: z.string().nullable(),
    maintenance: maintenanceDueSchema,
  }),
);
export type Excavator = z.infer<typeof excavatorSchema>;

export const EXCAVATOR_SORT_FIELDS = [
  'name',
  'model',
  'serialNumber',
  'year',
  'status',
  'usageHours',
  'location',
  'createdAt',
  'updatedAt',
] as const;
export type ExcavatorSortField = (typeof EXCAVATOR_SORT_FIELDS)[number];
/** `name` ascending, `-usageHours` descending. */
export const EXCAVATOR_SORTS = [
  ...EXCAVATOR_SORT_FIELDS,
  ...EXCAVATOR_SORT_FIELDS.map((f) => `-${f}` as const),
];

export const excavatorListQuerySchema = lazySchema(() =>
  z.object({
    page: z.coerce.number().int().min(1).default(DEFAULT_PAGE),
    limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT),
    /** Matches name, model, serial number and location (case-insensitive, substring). */
    q: z.string().trim().max(200).optional(),
    status: z.enum(EXCAVATOR_STATUSES).optional(),
    /** Exact location, case-insensitive. */
    location: z.string().trim().max(200).optional(),
    sort: z.enum(EXCAVATOR_SORTS as [string, ...string[]]).default('name'),
  }),
);
export type ExcavatorListQuery = z.infer<typeof excavatorListQuerySchema>;

export const excavatorListSchema = lazySchema(() =>
  z.object({
    items: z.array(excavatorSchema),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  }),
);
export type ExcavatorList = z.infer<typeof excavatorListSchema>;

/** Filters the list locally the way the API does (the client searches its mirror with it). */
export function matchesExcavatorQuery(
  e: Pick<Excavator, 'name' | 'model' | 'serialNumber' | 'location'>,
  q: string | undefined,
): boolean {
  const needle = q?.trim().toLowerCase();
  if (!needle) return true;
  return [e.name, e.model, e.serialNumber, e.location ?? ''].some((v) => v.toLowerCase().includes(needle));
}
