import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/*
 * The sync protocol shared by the server (src/server/modules/sync) and the client (src/client/offline).
 * The design is described in docs/architecture.md.
 *
 * Pull: GET /api/sync/pull?cursor=C&limit=L&collections=a,b
 *   → { changes: [{ collection, id, deleted, version, data }], cursor, hasMore, collections }
 * - `changes` come in cursor order; `data` is the row exactly as the module's list endpoint returns it
 *   (null for a tombstone).
 * - Start with cursor 0 (a fresh mirror: tombstones are left out) and call again with the returned
 *   cursor while `hasMore` is true.
 * - `collections` in the answer names the collections actually served: requested (or all) minus those
 *   whose feature flag is off or that the user may not read. The cursor advances past rows of
 *   collections that were not served, so when this set gains a collection the client must re-mirror
 *   it from cursor 0.
 * - 410 GONE: the cursor is older than the tombstone retention (or newer than the server knows, e.g.
 *   after a database restore). Drop the mirror and re-mirror from cursor 0.
 * - 400: an unknown collection name.
 *
 * Push: the ordinary REST writes, each with `Idempotency-Key: <outbox entry uuid>` and, on updates and
 * deletes, `If-Match: "<base version>"`.
 * - A repeat of a completed key answers the stored status and body with `Idempotent-Replayed: true`.
 * - The same key with another method, path or body → 422 IDEMPOTENCY_MISMATCH.
 * - A key whose first request is still running → 409 CONFLICT with `Retry-After` (seconds), code
 *   detail `{ reason: 'in_flight' }`: retry later, it is not a data conflict.
 * - A stale If-Match → 409 CONFLICT with `details.current`, the server's row as the API returns it.
 * - Failed writes (any 4xx/5xx) are not stored under the key: they rolled back, so a retry runs again.
 * - Keys are kept at least IDEMPOTENCY_RETENTION_DAYS; an outbox entry older than that must not be
 *   replayed blindly.
 */

export {
  SYNC_COLLECTION_API,
  SYNC_COLLECTIONS,
  type SyncCollectionApi,
  type SyncCollectionName,
} from './sync-collections';

export const SYNC_PULL_DEFAULT_LIMIT = 500;
export const SYNC_PULL_MAX_LIMIT = 2000;
/** Tombstones older than this are purged; cursors from before the purge answer 410. */
export const SYNC_TOMBSTONE_RETENTION_DAYS = 30;
/** Stored Idempotency-Key answers are kept at least this long. */
export const IDEMPOTENCY_RETENTION_DAYS = 90;
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
/**
 * On a PATCH answer that merged changes of other people made since its If-Match: the name of the last
 * of them (URI-encoded, as names are not ASCII), so the device can say whose work joined its own.
 */
export const MERGED_FROM_HEADER = 'fleetpilot-merged-from';
/** Seconds a client waits before retrying a key that is still in flight. */
export const IDEMPOTENCY_RETRY_AFTER_SECONDS = 1;

/** Idempotency keys: the outbox uses UUIDs; any 1–200 visible ASCII characters are accepted. */
export const idempotencyKeySchema = lazySchema(() =>
  z
    .string()
    .min(1)
    .max(200)
    .regex(/^[\x21-\x7e]+$/, 'Idempotency-Key must be 1–200 visible ASCII characters'),
);

/** Columns every synced row carries, as the API returns them. */
export const syncedMetaSchema = lazySchema(() =>
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
export type SyncedMeta = z.infer<typeof syncedMetaSchema>;

export const syncChangeSchema = lazySchema(() =>
  z.object({
    collection: z.string(),
    id: z.string(),
    deleted: z.boolean(),
    version: z.number().int(),
    /** The row as the collection's list endpoint returns it; null for a tombstone. */
    data: z.unknown(),
  }),
);
export type SyncChange<T = unknown> = Omit<z.infer<typeof syncChangeSchema>, 'data'> & { data: T | null };

export const syncPullQuerySchema = lazySchema(() =>
  z.object({
    cursor: z.coerce.number().int().min(0).default(0),
    limit: z.coerce.number().int().min(1).max(SYNC_PULL_MAX_LIMIT).default(SYNC_PULL_DEFAULT_LIMIT),
    /** Comma-separated collection names; all registered collections when omitted. */
    collections: z
      .string()
      .optional()
      .transform((v) =>
        v === undefined
          ? undefined
          : v
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean),
      ),
  }),
);
export type SyncPullQuery = z.input<typeof syncPullQuerySchema>;

export const syncPullResponseSchema = lazySchema(() =>
  z.object({
    changes: z.array(syncChangeSchema),
    cursor: z.number().int(),
    hasMore: z.boolean(),
    collections: z.array(z.string()),
  }),
);
export type SyncPullResponse = z.infer<typeof syncPullResponseSchema>;

/** `"3"` for version 3: the ETag of a synced row and the If-Match value of a write based on it. */
export function versionTag(version: number): string {
  return `"${version}"`;
}

/** The version named by an If-Match / ETag value (`"3"`, `W/"3"` or `3`), or null when unreadable. */
export function parseVersionTag(value: string | null | undefined): number | null {
  if (!value) return null;
  const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(value);
  return match ? Number(match[1]) : null;
}

/*
 * POST /api/sync/push: an ordered batch of outbox entries, each dispatched through its own route (same
 * permissions, validation, idempotency and audit, own transaction). The server answers every entry in
 * order. Rules for what follows a failed entry:
 *   - a later entry of the same `group` (the client's record key) is not applied and answers 424, so a
 *     record's changes never land out of order (the client sends it again after dealing with the failure);
 *   - a transient answer (401, 408, 425, 429, 5xx) stops the batch: every later entry answers 424;
 *   - anything else (a 4xx of one record) leaves other records going on.
 * `ifMatchFrom` chains a write to the ETag the earlier entry at that index answered (two edits of one
 * record in one batch: the second builds on the version the first produced).
 */
export const SYNC_PUSH_MAX_ENTRIES = 200;
/** The largest push body accepted; entries with files go through their own routes. */
export const SYNC_PUSH_MAX_BYTES = 1024 * 1024;
/** The status of an entry the batch did not apply (after a failure of its record, or after a stop). */
export const SYNC_PUSH_NOT_APPLIED = 424;

export function isTransientStatus(status: number): boolean {
  return status === 401 || status === 408 || status === 425 || status === 429 || status >= 500;
}

export const syncPushEntrySchema = lazySchema(() =>
  z.object({
    method: z.enum(['POST', 'PUT', 'PATCH', 'DELETE']),
    /** The route the entry would go to on its own, e.g. `/api/excavators/…`. */
    url: z
      .string()
      .min(5)
      .max(2000)
      .regex(/^\/api\//, 'The target must be an API path'),
    idempotencyKey: idempotencyKeySchema,
    /** The version the write builds on (`If-Match`). */
    ifMatch: z.number().int().min(0).optional(),
    /** Index of an earlier entry in this batch whose answered ETag is this entry's If-Match. */
    ifMatchFrom: z.number().int().min(0).optional(),
    /** Entries of one group are applied in order; a failure holds back the group's later entries. */
    group: z.string().max(300).optional(),
    /** The JSON body; omitted for none. */
    body: z.unknown().optional(),
    /** When the change was made (the entry's `X-Occurred-At`, ISO 8601); the receive time when omitted. */
    occurredAt: z.string().max(64).optional(),
    /**
     * The record's own URL. When the entry's answer is a replay (its key ran before), the server adds
     * the record as it is now (`current`): the stored answer may be older than the record, and the
     * client would otherwise ask for each such record in a request of its own.
     */
    readUrl: z
      .string()
      .min(5)
      .max(2000)
      .regex(/^\/api\//, 'The record must be an API path')
      .optional(),
  }),
);
export type SyncPushEntry = z.infer<typeof syncPushEntrySchema>;

export const syncPushBodySchema = lazySchema(() =>
  z.object({ entries: z.array(syncPushEntrySchema).min(1) }),
);
export type SyncPushBody = z.infer<typeof syncPushBodySchema>;

export const syncPushResultSchema = lazySchema(() =>
  z.object({
    status: z.number().int(),
    /** The route's JSON answer (null when it had none). */
    body: z.unknown(),
    /** The answer's etag, location, idempotent-replayed and retry-after headers, when set. */
    headers: z.record(z.string(), z.string()),
    /** For a replayed answer of an entry with `readUrl`: what GET on it answers now. */
    current: z.object({ status: z.number().int(), body: z.unknown() }).optional(),
  }),
);
export type SyncPushResult = z.infer<typeof syncPushResultSchema>;

export const syncPushResponseSchema = lazySchema(() => z.object({ results: z.array(syncPushResultSchema) }));
export type SyncPushResponse = z.infer<typeof syncPushResponseSchema>;
