import { z } from 'zod';

/*
 * The sync protocol shared by the server (src/server/modules/sync) and the client (src/client/offline).
 * ARCHITECTURE §6.
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

/**
 * Collections the modules register (reports, logbook and inventory add themselves as they land).
 * `dispoAssignments` is DISPO_SYNC_COLLECTION (src/domain/dispo.ts): a driver's tablet mirrors their
 * own published assignments, dispatchers every assignment. `followUps` holds the work left over from
 * failed checklist items (src/domain/followup.ts).
 */
export const SYNC_COLLECTIONS = [
  'excavators',
  'reports',
  'logbook',
  'inventory',
  'dispoAssignments',
  'followUps',
] as const;
export type SyncCollectionName = (typeof SYNC_COLLECTIONS)[number];

export const SYNC_PULL_DEFAULT_LIMIT = 500;
export const SYNC_PULL_MAX_LIMIT = 2000;
/** Tombstones older than this are purged; cursors from before the purge answer 410. */
export const SYNC_TOMBSTONE_RETENTION_DAYS = 30;
/** Stored Idempotency-Key answers are kept at least this long. */
export const IDEMPOTENCY_RETENTION_DAYS = 90;
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
/** Seconds a client waits before retrying a key that is still in flight. */
export const IDEMPOTENCY_RETRY_AFTER_SECONDS = 1;

/** Idempotency keys: the outbox uses UUIDs; any 1–200 visible ASCII characters are accepted. */
export const idempotencyKeySchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[\x21-\x7e]+$/, 'Idempotency-Key must be 1–200 visible ASCII characters');

/** Columns every synced row carries, as the API returns them. */
export const syncedMetaSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
  deletedAt: z.string().nullable(),
});
export type SyncedMeta = z.infer<typeof syncedMetaSchema>;

export const syncChangeSchema = z.object({
  collection: z.string(),
  id: z.string(),
  deleted: z.boolean(),
  version: z.number().int(),
  /** The row as the collection's list endpoint returns it; null for a tombstone. */
  data: z.unknown(),
});
export type SyncChange<T = unknown> = Omit<z.infer<typeof syncChangeSchema>, 'data'> & { data: T | null };

export const syncPullQuerySchema = z.object({
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
});
export type SyncPullQuery = z.input<typeof syncPullQuerySchema>;

export const syncPullResponseSchema = z.object({
  changes: z.array(syncChangeSchema),
  cursor: z.number().int(),
  hasMore: z.boolean(),
  collections: z.array(z.string()),
});
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
