import { assignmentFieldsSchema } from '@/domain/dispo/assignment-input';
import { excavatorFieldsSchema } from '@/domain/excavator';
import { FOLLOW_UP_FIELD_NAMES } from '@/domain/followup';
import { INVENTORY_FIELD_NAMES } from '@/domain/inventory';
import { LOGBOOK_FIELD_NAMES } from '@/domain/logbook';
import { reportFieldsSchema } from '@/domain/report';
import { RECORD_META_FIELDS } from '@/domain/merge';
import { SYNC_COLLECTION_API, SYNC_COLLECTIONS, type SyncCollectionName } from '@/domain/sync';

export type SyncCollection = SyncCollectionName;
export { SYNC_COLLECTIONS };

export interface CollectionConfig {
  /** i18n key naming one record in a sentence ("excavator"): sync panel, conflict and merge notices. */
  recordLabel: string;
  /** i18n key naming the whole collection ("Excavators"): the AI data chat's picker. */
  label: string;
  /**
   * The fields a PUT sends. PUT replaces every editable field (an omitted one is cleared), so an
   * update is sent as these fields of the record it builds on, overlaid with the change. Without a
   * list, every field but the bookkeeping is sent (the server ignores what it does not know).
   */
  updateFields?: readonly string[];
  /**
   * `GET <path>/{id}` answers the current row (404 once deleted). A replayed Idempotency-Key answer
   * may be old (the record may have changed or gone since), so replay reads the record again.
   */
  readOne?: boolean;
  /**
   * What a field-level `PATCH <path>/{id}` may carry: the record's editable fields and the request
   * options beside them (e.g. `removeGallery`). A form edit is queued as a PATCH of only the fields
   * the person changed; anything else the edit sets here (a status the server derives) stays local.
   */
  patchKeys?: readonly string[];
}

/**
 * How the engine writes each mirrored collection and what the screens call it. Its path below /api is
 * `SYNC_COLLECTION_API` (src/domain/sync.ts), shared with the service worker.
 */
export const COLLECTIONS: Record<SyncCollection, CollectionConfig> = {
  excavators: {
    recordLabel: 'sync.collection.excavators',
    label: 'ai.admin.collections.excavators',
    updateFields: Object.keys(excavatorFieldsSchema.shape),
    readOne: true,
    patchKeys: [...Object.keys(excavatorFieldsSchema.shape), 'removeGallery', 'removeProfileImage'],
  },
  reports: {
    recordLabel: 'sync.collection.reports',
    label: 'ai.admin.collections.reports',
    patchKeys: Object.keys(reportFieldsSchema.shape),
  },
  logbook: {
    recordLabel: 'sync.collection.logbook',
    label: 'ai.admin.collections.logbook',
    readOne: true,
    patchKeys: [...LOGBOOK_FIELD_NAMES, 'sign', 'fetchWeather'],
  },
  // Stock moves by deltas (POST /inventory/{id}/adjust): a PUT never sends `quantity`, so an edit made
  // offline cannot overwrite another device's counted stock.
  inventory: {
    recordLabel: 'sync.collection.inventory',
    label: 'ai.admin.collections.inventory',
    updateFields: INVENTORY_FIELD_NAMES.filter((field) => field !== 'quantity'),
    readOne: true,
    patchKeys: [...INVENTORY_FIELD_NAMES.filter((field) => field !== 'quantity'), 'removePhoto'],
  },
  // Dispo assignments: dispatchers plan them online (REST); the driver's tablet mirrors its own published
  // ones and queues only `PUT /{id}/rounds/{index}/done` calls, never a PUT of the whole record.
  dispoAssignments: {
    recordLabel: 'sync.collection.dispoAssignments',
    label: 'ai.admin.collections.dispoAssignments',
    readOne: true,
    patchKeys: [...Object.keys(assignmentFieldsSchema.shape), 'allowDuplicate'],
  },
  // Follow-ups of failed checks: created and planned through the outbox; closing is a queued call.
  followUps: {
    recordLabel: 'sync.collection.followUps',
    label: 'ai.admin.collections.followUps',
    updateFields: FOLLOW_UP_FIELD_NAMES,
    readOne: true,
  },
};

export function isSyncCollection(value: unknown): value is SyncCollection {
  return typeof value === 'string' && (SYNC_COLLECTIONS as readonly string[]).includes(value);
}

/** `/api/excavators` or `/api/excavators/{id}`. */
export function collectionUrl(collection: SyncCollection, id?: string): string {
  const base = `/api${SYNC_COLLECTION_API[collection].path}`;
  return id === undefined ? base : `${base}/${encodeURIComponent(id)}`;
}

const META = new Set<string>([...RECORD_META_FIELDS, '_sync']);

/** The body of a PUT: the editable fields of `base` with `changes` on top. */
export function updatePayload(
  collection: SyncCollection,
  base: Readonly<Record<string, unknown>> | null,
  changes: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const fields = COLLECTIONS[collection].updateFields;
  const payload: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(base ?? {})) {
    if (META.has(field) || (fields && !fields.includes(field))) continue;
    payload[field] = value;
  }
  return { ...payload, ...changes };
}

/** The body of a field-level PATCH: only the changed fields (and options) the endpoint takes. */
export function patchPayload(
  collection: SyncCollection,
  changes: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const keys = COLLECTIONS[collection].patchKeys ?? [];
  return Object.fromEntries(Object.entries(changes).filter(([key]) => keys.includes(key)));
}
