import { deepEqual } from '@/domain/merge';
import { bodyData } from './acknowledge';
import { collectionUrl, COLLECTIONS, type SyncCollection } from './collections';
import { isoAt, type EngineContext } from './context';
import { labelOf, stripSync } from './rows';
import {
  BATCH_META_PREFIX,
  type BatchResult,
  type HttpMethod,
  type OutboxEntry,
  type OutboxKind,
  type SyncedRow,
} from './types';
import { attachFiles, buildBody, commit, currentUserId, newEntry, prepareFiles } from './write-path';

export interface WriteOptions {
  /** Files that upload with the record (multipart): form field → file(s). Images are compressed first. */
  files?: Record<string, Blob | readonly Blob[]>;
  /** Send multipart even without files (the endpoint only speaks multipart, e.g. excavators). */
  multipart?: boolean;
  /** Name shown in the Sync panel; defaults to the record's name/title. */
  label?: string;
  /** Sent with the change but not record fields, so not applied here (e.g. `removeGallery`). */
  sendOnly?: Record<string, unknown>;
  /**
   * The values the form started from. A field whose value still equals it was not touched and is
   * left out of the change, even when the record moved on meanwhile (a pull while the form was open).
   * Without it, fields equal to the record here are left out.
   */
  base?: Readonly<Record<string, unknown>>;
  /**
   * The server version the form was opened on. The change is sent with `If-Match` of it, so a field
   * someone else changed after the form opened (and a pull brought in meanwhile) is still seen as
   * changed on both sides by the server, not silently overwritten.
   */
  baseVersion?: number;
}

export interface CallOptions {
  collection: SyncCollection;
  recordId: string;
  method: HttpMethod;
  /** Full path including /api, e.g. `/api/betriebstagebuch/{id}/approve`. */
  url: string;
  body?: unknown;
  /** Send `If-Match` with the version the local row builds on. @default false */
  ifMatch?: boolean;
  /**
   * Applied to the local row at once (e.g. `{ status: 'approved' }`); a function derives it from the
   * row as it is on the device and the action's time (a shared workflow action). Throwing refuses the
   * call: nothing changes and nothing is queued.
   */
  optimistic?: Record<string, unknown> | ((row: SyncedRow, at: Date) => Record<string, unknown>);
  label?: string;
}

export interface BatchOptions {
  collection: SyncCollection;
  /** Full path including /api, e.g. `/api/inventory/import`. */
  url: string;
  body: unknown;
  /** How many records the batch carries (shown while it waits). */
  size: number;
  label?: string;
  /**
   * The batch's id and Idempotency-Key. A screen that already tried to send the batch online passes
   * the key it used, so a request that reached the server before the connection dropped counts once.
   */
  id?: string;
}

export class RecordNotFoundError extends Error {
  constructor(collection: string, id: string) {
    super(`${collection} ${id} is not on this device`);
    this.name = 'RecordNotFoundError';
  }
}

/** Creates a record here (client-chosen id) and queues `POST /api/<collection>`. */
export async function createRecord(
  ctx: EngineContext,
  collection: SyncCollection,
  data: Record<string, unknown>,
  options: WriteOptions = {},
): Promise<SyncedRow> {
  const userId = currentUserId(ctx);
  const id = typeof data.id === 'string' && data.id ? data.id : ctx.newId();
  const stamp = isoAt(ctx.now());
  const { rows, parts } = await prepareFiles(ctx, id, options.files);
  const row: SyncedRow = {
    ...data,
    id,
    version: 0,
    createdAt: stamp,
    createdBy: userId,
    updatedAt: stamp,
    updatedBy: userId,
    deletedAt: null,
    _sync: 'pending',
  };
  const entry = newEntry(ctx, {
    collection,
    recordId: id,
    kind: 'create',
    method: 'POST',
    url: collectionUrl(collection),
    body: buildBody({ ...data, ...options.sendOnly, id }, parts, options.multipart),
    ifMatch: false,
    baseVersion: 0,
    baseRecord: null,
    label: options.label ?? labelOf(data),
  });
  await commit(ctx, [collection, 'outbox', 'files'], async () => {
    await ctx.db.collection(collection).add(row);
    await attachFiles(ctx, rows, entry.id);
    await ctx.db.outbox.add(entry);
  });
  return row;
}

/**
 * Changes fields of a record here and queues `PATCH /api/<collection>/{id}` with `If-Match` of the
 * version the change was made on (PUT where the API has no PATCH). The entry keeps only the changed
 * fields; the request is built when sent (`patchPayload`, `updatePayload`).
 */
export async function updateRecord(
  ctx: EngineContext,
  collection: SyncCollection,
  id: string,
  patch: Record<string, unknown>,
  options: WriteOptions = {},
): Promise<SyncedRow> {
  const userId = currentUserId(ctx);
  const { rows, parts } = await prepareFiles(ctx, id, options.files);
  const { id: _ignored, version: _v, _sync: _s, ...sent } = patch;
  return commit(ctx, [collection, 'outbox', 'files'], async () => {
    const table = ctx.db.collection(collection);
    const row = await table.get(id);
    if (!row) throw new RecordNotFoundError(collection, id);
    // Only what the person changed is queued: an untouched field must never travel, or it would lay
    // an old value over another device's newer one.
    const startedFrom = options.base ?? row;
    const fields = Object.fromEntries(
      Object.entries(sent).filter(([field, value]) => !deepEqual(startedFrom[field], value)),
    );
    const next: SyncedRow = {
      ...row,
      ...fields,
      updatedAt: isoAt(ctx.now()),
      updatedBy: userId,
      _sync: 'pending',
    };
    // A form opened on an older version than the row now holds builds on that older version; never on
    // a newer one than the row knows.
    let baseVersion = Math.min(options.baseVersion ?? row.version, row.version);
    // A field this device changed in an earlier change the server has not taken (it conflicts or was
    // refused) shows that change here, not the server's value, which the person has not seen. Its new
    // value builds on what that earlier change was made on, so the server still finds the overlap
    // instead of laying this value over another person's unseen one.
    const heldBack: Record<string, unknown> = {};
    const earlier = await ctx.db.outbox.where('[collection+recordId]').equals([collection, id]).toArray();
    for (const entry of earlier) {
      if (entry.kind !== 'update' || (entry.state !== 'conflict' && entry.state !== 'failed')) continue;
      const touched = Object.keys(bodyData(entry)).filter((field) => field in fields);
      if (touched.length === 0 || !entry.baseRecord) continue;
      baseVersion = Math.min(baseVersion, entry.baseVersion);
      for (const field of touched) {
        if (!(field in heldBack)) heldBack[field] = entry.baseRecord[field];
      }
    }
    const entry = newEntry(ctx, {
      collection,
      recordId: id,
      kind: 'update',
      // A field-level PATCH (`patchPayload`): the server merges the fields with what changed there since
      // If-Match. A collection without PATCH gets a PUT of the record rebuilt at send (`updatePayload`).
      method: COLLECTIONS[collection].patchKeys ? 'PATCH' : 'PUT',
      url: collectionUrl(collection, id),
      body: buildBody({ ...fields, ...options.sendOnly }, parts, options.multipart),
      ifMatch: true,
      baseVersion,
      // What the person's change was made on: the form's starting values where it names them.
      baseRecord: { ...stripSync(row), ...options.base, ...heldBack, id: row.id, version: row.version },
      label: options.label ?? labelOf(next),
    });
    await table.put(next);
    await attachFiles(ctx, rows, entry.id);
    await ctx.db.outbox.add(entry);
    return next;
  });
}

/** An entry that certainly never changed the server: never sent, or definitively refused (4xx). */
function neverApplied(entry: OutboxEntry): boolean {
  if (entry.attempts === 0 && entry.state === 'waiting') return true;
  return (
    entry.state === 'failed' &&
    entry.errorStatus !== null &&
    entry.errorStatus >= 400 &&
    entry.errorStatus < 500
  );
}

/**
 * Removes a record here and queues `DELETE /api/<collection>/{id}`. A record whose create never
 * reached the server simply disappears with its queued changes.
 */
export async function deleteRecord(
  ctx: EngineContext,
  collection: SyncCollection,
  id: string,
): Promise<void> {
  currentUserId(ctx);
  await commit(ctx, [collection, 'outbox', 'files'], async () => {
    const table = ctx.db.collection(collection);
    const row = await table.get(id);
    if (!row) throw new RecordNotFoundError(collection, id);
    const queued = await ctx.db.outbox.where('[collection+recordId]').equals([collection, id]).toArray();
    await table.delete(id);
    if (queued.some((e) => e.kind === 'create') && queued.every(neverApplied)) {
      await ctx.db.outbox.bulkDelete(queued.map((e) => e.seq!));
      await ctx.db.files.where('recordId').equals(id).delete();
      return;
    }
    await ctx.db.outbox.add(
      newEntry(ctx, {
        collection,
        recordId: id,
        kind: 'delete',
        method: 'DELETE',
        url: collectionUrl(collection, id),
        body: { type: 'none' },
        ifMatch: true,
        baseVersion: row.version,
        baseRecord: stripSync(row),
        label: labelOf(row),
      }),
    );
  });
}

/** Queues a workflow call on a record (approve, submit, adjust quantity), optionally applied here at once. */
export async function enqueueCall(ctx: EngineContext, call: CallOptions): Promise<void> {
  const userId = currentUserId(ctx);
  await commit(ctx, [call.collection, 'outbox'], async () => {
    const table = ctx.db.collection(call.collection);
    const row = await table.get(call.recordId);
    if (!row) throw new RecordNotFoundError(call.collection, call.recordId);
    const at = ctx.now();
    const optimistic =
      typeof call.optimistic === 'function' ? call.optimistic(row, new Date(at)) : call.optimistic;
    if (optimistic) {
      await table.put({
        ...row,
        ...optimistic,
        updatedAt: isoAt(at),
        updatedBy: userId,
        _sync: 'pending',
      });
    } else {
      await table.put({ ...row, _sync: 'pending' });
    }
    const kind: OutboxKind = 'call';
    await ctx.db.outbox.add(
      newEntry(ctx, {
        collection: call.collection,
        recordId: call.recordId,
        kind,
        method: call.method,
        url: call.url,
        body: call.body === undefined ? { type: 'none' } : { type: 'json', data: call.body },
        ifMatch: call.ifMatch ?? false,
        baseVersion: row.version,
        baseRecord: stripSync(row),
        label: call.label ?? labelOf(row),
      }),
    );
  });
}

/**
 * Queues one call that changes many records (`POST /api/inventory/import`). Nothing changes here
 * until the server answers; then the records come with the pull and the answer waits in `meta` as a
 * BatchResult for the screen (see `useBatchResults`). Returns the batch id.
 */
export async function enqueueBatch(ctx: EngineContext, batch: BatchOptions): Promise<string> {
  const base = newEntry(ctx, {
    collection: batch.collection,
    recordId: '',
    kind: 'batch',
    method: 'POST',
    url: batch.url,
    body: { type: 'json', data: batch.body },
    ifMatch: false,
    baseVersion: 0,
    baseRecord: null,
    label: batch.label ?? null,
  });
  const id = batch.id ?? base.id;
  const entry: OutboxEntry = { ...base, id, idempotencyKey: id, recordId: id };
  const result: BatchResult = {
    id,
    collection: batch.collection,
    userId: entry.userId,
    label: entry.label,
    size: batch.size,
    queuedAt: entry.createdAt,
    answer: null,
    doneAt: null,
  };
  await commit(ctx, ['outbox', 'meta'], async () => {
    await ctx.db.outbox.add(entry);
    await ctx.db.meta.put({ key: `${BATCH_META_PREFIX}${id}`, value: result });
  });
  return id;
}

/** Entries (waiting, failed or conflicting) a user would leave behind by signing out. */
export function pendingCountForUser(ctx: Pick<EngineContext, 'db'>, userId: string): Promise<number> {
  return ctx.db.outbox.where('userId').equals(userId).count();
}
