import { SYNC_PULL_MAX_LIMIT, syncPullResponseSchema, type SyncPullResponse } from '@/domain/sync';
import { rememberServerVersion } from './acknowledge';
import { isSyncCollection, SYNC_COLLECTIONS, type SyncCollection } from './collections';
import { send, type EngineContext } from './context';
import { snapshot, sweep } from './mirror-sweep';
import { recordKey, stripSync } from './rows';
import { MIRROR_STATE_KEY } from './schema';
import { isQuotaError, reportQuotaExceeded } from './storage';
import type { SyncedRow } from './types';

export { MIRROR_STATE_KEY };

/** Where the mirror stands, per user (another user may read other collections). */
interface MirrorState {
  userId: string;
  cursor: number;
  collections: string[];
}

export type PullResult =
  | { status: 'done'; changes: number; pages: number }
  | { status: 'no-user' | 'offline' | 'auth-required' | 'storage-full' }
  | { status: 'error'; httpStatus: number };

/** Removes mirrored rows (those with no waiting change) of these collections: a re-mirror follows. */
export async function clearMirror(ctx: EngineContext, collections: readonly SyncCollection[]): Promise<void> {
  await ctx.db.transaction('rw', [...collections, 'outbox', 'meta'], async () => {
    const pending = new Set((await ctx.db.outbox.toArray()).map((e) => recordKey(e.collection, e.recordId)));
    for (const collection of collections) {
      const table = ctx.db.collection(collection);
      const ids = (await table.toCollection().primaryKeys()).filter(
        (id) => !pending.has(recordKey(collection, id)),
      );
      await table.bulkDelete(ids);
    }
    await ctx.db.meta.delete(MIRROR_STATE_KEY);
  });
}

/** Above this many changes a page first asks which ids exist (one key read) and reads only those rows. */
const KEY_SCAN_FROM = 200;

/**
 * The local rows of `ids` (undefined where absent). A big page (a mirror from cursor 0) mostly brings
 * rows the device does not have: reading every id one by one would cost more than writing the page.
 */
async function existingRows(
  table: ReturnType<EngineContext['db']['collection']>,
  ids: string[],
): Promise<Array<SyncedRow | undefined>> {
  if (ids.length < KEY_SCAN_FROM) return table.bulkGet(ids);
  const present = new Set(await table.toCollection().primaryKeys());
  const wanted = ids.filter((id) => present.has(id));
  if (wanted.length === 0) return ids.map(() => undefined);
  const rows = new Map((await table.bulkGet(wanted)).map((row, i) => [wanted[i]!, row]));
  return ids.map((id) => rows.get(id));
}

/**
 * Applies one page in one transaction. A record with waiting changes is never overwritten (its newest
 * server version is kept aside for a later discard); an older version never replaces a newer one (a
 * replay answer may have landed first).
 */
async function applyPage(
  ctx: EngineContext,
  page: SyncPullResponse,
  state: MirrorState,
  seen: Set<string> | null,
): Promise<void> {
  const byCollection = new Map<SyncCollection, Map<string, SyncPullResponse['changes'][number]>>();
  for (const change of page.changes) {
    if (!isSyncCollection(change.collection)) continue;
    seen?.add(recordKey(change.collection, change.id));
    let changes = byCollection.get(change.collection);
    if (!changes) byCollection.set(change.collection, (changes = new Map()));
    changes.set(change.id, change);
  }
  const tables = [...byCollection.keys()];
  await ctx.db.transaction('rw', [...tables, 'outbox', 'shadows', 'meta'], async () => {
    const pending = new Set(
      (await ctx.db.outbox.orderBy('[collection+recordId]').keys()).map((key) => {
        const [collection, id] = key as unknown as [string, string];
        return recordKey(collection, id);
      }),
    );
    for (const [collection, changes] of byCollection) {
      const table = ctx.db.collection(collection);
      const list = [...changes.values()];
      const existing = await existingRows(
        table,
        list.map((c) => c.id),
      );
      const puts: SyncedRow[] = [];
      const deletes: string[] = [];
      for (const [index, change] of list.entries()) {
        const data = change.deleted
          ? null
          : ({ ...(change.data as object), id: change.id, version: change.version } as SyncedRow);
        if (pending.has(recordKey(collection, change.id))) {
          await rememberServerVersion(ctx, collection, {
            id: change.id,
            version: change.version,
            deleted: change.deleted,
            data,
          });
          continue;
        }
        const local = existing[index];
        if (local && local.version > change.version) continue;
        if (data) puts.push(stripSync(data));
        else deletes.push(change.id);
      }
      if (deletes.length > 0) await table.bulkDelete(deletes);
      if (puts.length > 0) await table.bulkPut(puts);
    }
    await ctx.db.meta.put({ key: MIRROR_STATE_KEY, value: state });
  });
}

function pullUrl(cursor: number): string {
  return `/api/sync/pull?cursor=${cursor}&limit=${SYNC_PULL_MAX_LIMIT}`;
}

/** Starts a page request; its failure is handled where it is awaited (or not at all once abandoned). */
function requestPage(ctx: EngineContext, cursor: number) {
  const request = send(ctx, { method: 'GET', url: pullUrl(cursor), headers: {} });
  request.catch(() => undefined);
  return request;
}

/**
 * Pages through `GET /api/sync/pull` until `hasMore` is false. A 410 (cursor older than tombstone
 * retention), another user's mirror, or a newly readable collection starts again from cursor 0; a
 * collection no longer served (feature off, no read right) is removed from the device.
 */
export async function runPull(ctx: EngineContext): Promise<PullResult> {
  const user = ctx.getUser();
  if (!user) return { status: 'no-user' };
  let state = (await ctx.db.meta.get(MIRROR_STATE_KEY))?.value as MirrorState | undefined;
  if (state && state.userId !== user.id) {
    await clearMirror(ctx, SYNC_COLLECTIONS);
    state = undefined;
  }
  let cursor = state?.cursor ?? 0;
  let served: string[] | null = state?.collections ?? null;
  let fresh = cursor === 0 ? await snapshot(ctx) : null;
  let restarts = 0;
  let changes = 0;
  // The next page is requested before this one is written, so the server and IndexedDB work at once.
  let next = requestPage(ctx, cursor);
  for (let pages = 1; ; pages++) {
    let response;
    try {
      response = await next;
    } catch {
      return { status: 'offline' };
    }
    if (response.status === 401) return { status: 'auth-required' };
    const parsed = response.status === 200 ? syncPullResponseSchema.safeParse(response.body) : null;
    const gained =
      parsed?.success && served ? parsed.data.collections.filter((c) => !served!.includes(c)) : [];
    if (response.status === 410 || gained.length > 0) {
      if (++restarts > 2) return { status: 'error', httpStatus: response.status };
      cursor = 0;
      served = null;
      fresh = await snapshot(ctx);
      next = requestPage(ctx, cursor);
      continue;
    }
    if (!parsed?.success) return { status: 'error', httpStatus: response.status };
    const page = parsed.data;
    if (page.hasMore) next = requestPage(ctx, page.cursor);
    const lost = (served ?? []).filter((c) => !page.collections.includes(c)).filter(isSyncCollection);
    try {
      if (lost.length > 0) await clearMirror(ctx, lost);
      await applyPage(
        ctx,
        page,
        { userId: user.id, cursor: page.cursor, collections: page.collections },
        fresh?.seen ?? null,
      );
      if (fresh && !page.hasMore) await sweep(ctx, fresh, page.collections);
    } catch (error) {
      if (!isQuotaError(error)) throw error;
      reportQuotaExceeded();
      return { status: 'storage-full' };
    }
    changes += page.changes.length;
    if (!page.hasMore) return { status: 'done', changes, pages };
    cursor = page.cursor;
    served = page.collections;
  }
}

/** Cached server documents that forms need offline (read with `useMetaValue`). */
export interface MetaSource {
  key: string;
  url: string;
}

export const DEFAULT_META_SOURCES: readonly MetaSource[] = [
  { key: 'checklistConfig', url: '/api/checklist-config' },
  { key: 'logbookConfig', url: '/api/betriebstagebuch-config' },
];

/** Refreshes the cached documents; one that cannot be fetched keeps its last value. */
export async function refreshMetaCache(ctx: EngineContext, sources: readonly MetaSource[]): Promise<void> {
  if (!ctx.getUser()) return;
  await Promise.all(
    sources.map(async (source) => {
      try {
        const response = await send(ctx, { method: 'GET', url: source.url, headers: {} });
        if (response.status === 200 && response.body !== undefined) {
          await ctx.db.meta.put({ key: source.key, value: response.body });
        }
      } catch {
        // Offline: the cached value stays.
      }
    }),
  );
}
