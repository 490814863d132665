import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import { DEFAULT_LIMIT, DEFAULT_PAGE, MAX_LIMIT } from '../constants';
import { flag, type FieldLabel } from '../fields';

/*
 * Master data: drivers, trucks and container types.
 *
 * API, all below /api/containers and behind the `containers` flag: `/drivers`, `/trucks`, `/types`:
 * GET list (page, limit, q, active) → {items,total,page,limit}; POST; PUT /{id} (optional If-Match);
 * DELETE /{id} — refused with 409 `{ reason: 'in_use', assignments }` while a live assignment (any date,
 * draft or published) uses the record. Deleted master data is kept as a tombstone so old assignments
 * still name it; names, plates and user links are unique among live records only. Reads need
 * 'dispo:read', writes 'dispo:write'.
 */

/** Columns every master record carries, as the API returns them. */
export const masterMetaSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    version: z.number().int(),
    createdAt: z.string(),
    createdBy: z.string().nullable(),
    updatedAt: z.string(),
    updatedBy: z.string().nullable(),
    deletedAt: z.string().nullable(),
  }),
);

/** The label of a master data field: its i18n key and its English name for the API. */
export const masterLabel = (name: string, en: string): FieldLabel => ({
  label: `dispo.master.fields.${name}`,
  en,
});

/** A master record is in use unless switched off; omitted means active. */
export const active = flag(masterLabel('active', 'Active'), true, true);

export const masterListQuerySchema = lazySchema(() =>
  z.object({
    page: z.coerce.number().int().min(1).default(DEFAULT_PAGE),
    limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT),
    /** Drivers: name, phone; trucks: plate (separators ignored), type; types: name, description. */
    q: z.string().trim().max(200).optional(),
    active: z.stringbool().optional(),
  }),
);
export type MasterListQuery = z.infer<typeof masterListQuerySchema>;
