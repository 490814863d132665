import { fieldRules, mergeRecords } from '@/domain/field-merge';
import { deepEqual, deletionConflicts, RECORD_META_FIELDS, type FieldConflict } from '@/domain/merge';
import type { SyncCollection } from './collections';
import { isoAt, type EngineContext } from './context';
import { isTombstone, stripSync } from './rows';
import {
  BATCH_META_PREFIX,
  type BatchResult,
  type OutboxEntry,
  type ShadowRow,
  type SyncedRow,
} from './types';

const META = new Set<string>(RECORD_META_FIELDS);

export function bodyData(entry: OutboxEntry): Record<string, unknown> {
  const { body } = entry;
  if (body.type === 'multipart') return body.data;
  if (body.type === 'json' && body.data && typeof body.data === 'object' && !Array.isArray(body.data)) {
    return body.data as Record<string, unknown>;
  }
  return {};
}

function entriesOf(ctx: EngineContext, collection: SyncCollection, recordId: string) {
  return ctx.db.outbox.where('[collection+recordId]').equals([collection, recordId]).sortBy('seq');
}

/** Remembers the newest server version of a record whose local edits kept it from being applied. */
export async function rememberServerVersion(
  ctx: EngineContext,
  collection: SyncCollection,
  shadow: Omit<ShadowRow, 'collection'>,
): Promise<void> {
  const existing = await ctx.db.shadows.get([collection, shadow.id]);
  if (!existing || existing.version < shadow.version) await ctx.db.shadows.put({ ...shadow, collection });
}

/** The server answered 404 for the record: a discard then removes it here as well. */
export async function rememberGone(ctx: EngineContext, entry: OutboxEntry): Promise<void> {
  if (entry.kind === 'create' || entry.kind === 'batch') return;
  const { collection, recordId } = entry;
  await ctx.db.transaction('rw', ['shadows'], async () => {
    const known = await ctx.db.shadows.get([collection, recordId]);
    const version = Math.max(entry.baseVersion, known?.version ?? 0) + 1;
    await ctx.db.shadows.put({ collection, id: recordId, version, deleted: true, data: null });
  });
}

/** Writes the server's state of a record with nothing left to send (row, or gone for a tombstone). */
export async function settleRow(
  ctx: EngineContext,
  collection: SyncCollection,
  id: string,
  answer: ShadowRow | null,
) {
  const table = ctx.db.collection(collection);
  const shadow = await ctx.db.shadows.get([collection, id]);
  // A tombstone is final; otherwise the newest version known wins.
  const newest = answer?.deleted || !shadow || (answer && answer.version >= shadow.version) ? answer : shadow;
  if (newest?.deleted) await table.delete(id);
  else if (newest?.data) {
    const local = await table.get(id);
    if (!local || local._sync || local.version <= newest.version) await table.put(stripSync(newest.data));
  } else {
    const local = await table.get(id);
    if (local?._sync) await table.put(stripSync(local));
  }
  await ctx.db.shadows.delete([collection, id]);
  await ctx.db.files.where('recordId').equals(id).delete();
}

/** The version an accepted request built on: later changes based on it now build on the answer. */
function sentVersion(entry: OutboxEntry): number | null {
  if (entry.kind === 'create') return 0;
  return entry.ifMatch ? entry.baseVersion : null;
}

/** What the server holds now, when replay read the record again after a replayed (stored) answer. */
export interface CurrentRecord {
  body: unknown;
  gone: boolean;
}

/**
 * The server accepted the entry. Its answer replaces the local row only when no other change of the
 * record waits; otherwise it is remembered, and later changes that built on this one are rebased on
 * the version this write produced (they will send `If-Match` with it). A fresher read of the record
 * (`current`) may replace the row, but never serves as a rebase: it can hold other people's changes.
 */
export async function acknowledge(
  ctx: EngineContext,
  entry: OutboxEntry,
  answer: unknown,
  current: CurrentRecord | null = null,
): Promise<void> {
  if (entry.kind === 'batch') return acknowledgeBatch(ctx, entry, answer);
  const { collection, recordId } = entry;
  const own = entry.kind === 'delete' ? null : asAnswerRow(answer, recordId);
  const ownDeleted = entry.kind === 'delete' || (own !== null && isTombstone(own));
  const ownState = stateOf(collection, recordId, own, ownDeleted, entry.baseVersion);
  const freshRow = current && !current.gone ? asAnswerRow(current.body, recordId) : null;
  const freshState = current
    ? stateOf(
        collection,
        recordId,
        freshRow,
        current.gone || isTombstone(freshRow),
        ownState?.version ?? entry.baseVersion,
      )
    : null;
  const newest =
    freshState && (!ownState || freshState.deleted || freshState.version > ownState.version)
      ? freshState
      : ownState;
  await ctx.db.transaction('rw', [collection, 'outbox', 'files', 'shadows'], async () => {
    await ctx.db.outbox.delete(entry.seq!);
    // Only a multipart entry carries files.
    if (entry.body.type === 'multipart') await ctx.db.files.where('entryId').equals(entry.id).delete();
    const others = await entriesOf(ctx, collection, recordId);
    if (others.length === 0) {
      await settleRow(ctx, collection, recordId, newest);
      return;
    }
    if (newest) await rememberServerVersion(ctx, collection, newest);
    if (!own || ownDeleted) return;
    const table = ctx.db.collection(collection);
    const local = await table.get(recordId);
    if (local && local.version < own.version) await table.put({ ...local, version: own.version });
    const base = sentVersion(entry);
    // When others wrote between the base and this write, the answer holds their changes too. A later
    // field-level change was not made on them, so it keeps its base: the server then still sees them as
    // changed since, and merges (or names an overlap) instead of laying this device's view over them.
    const onlyOwn = base !== null && own.version === base + 1;
    for (const other of others) {
      if (
        base !== null &&
        other.seq! > entry.seq! &&
        other.userId === entry.userId &&
        other.baseVersion === base &&
        (onlyOwn || other.method !== 'PATCH')
      ) {
        await ctx.db.outbox.put({ ...other, baseVersion: own.version });
      }
    }
  });
}

/** A batch names no local row: its answer is kept for the screen; the records come with the pull. */
async function acknowledgeBatch(ctx: EngineContext, entry: OutboxEntry, answer: unknown): Promise<void> {
  const key = `${BATCH_META_PREFIX}${entry.id}`;
  await ctx.db.transaction('rw', ['outbox', 'meta'], async () => {
    await ctx.db.outbox.delete(entry.seq!);
    const known = (await ctx.db.meta.get(key))?.value as BatchResult | undefined;
    const result: BatchResult = {
      id: entry.id,
      collection: entry.collection,
      userId: entry.userId,
      label: entry.label,
      size: known?.size ?? 0,
      queuedAt: known?.queuedAt ?? entry.createdAt,
      answer: answer ?? null,
      doneAt: isoAt(ctx.now()),
    };
    await ctx.db.meta.put({ key, value: result });
  });
}

/** A server state as a shadow row; a deletion without a known version counts as newer than `after`. */
function stateOf(
  collection: SyncCollection,
  id: string,
  row: SyncedRow | null,
  deleted: boolean,
  after: number,
): ShadowRow | null {
  if (deleted)
    return { collection, id, version: Math.max(row?.version ?? 0, after + 1), deleted: true, data: null };
  return row ? { collection, id, version: row.version, deleted: false, data: row } : null;
}

function asAnswerRow(answer: unknown, recordId: string): SyncedRow | null {
  if (!answer || typeof answer !== 'object') return null;
  const row = answer as Partial<SyncedRow>;
  return row.id === recordId && typeof row.version === 'number' ? stripSync(row as SyncedRow) : null;
}

/**
 * After a 409, the local row takes the server's value for every field nobody changed here, and the
 * server's version; fields changed here (by this or later waiting changes) keep the local value.
 */
async function mergeIntoLocalRow(ctx: EngineContext, entry: OutboxEntry, server: SyncedRow): Promise<void> {
  const table = ctx.db.collection(entry.collection);
  const local = await table.get(entry.recordId);
  if (!local || local.version > server.version) return;
  const base = entry.baseRecord ?? {};
  const next: SyncedRow = { ...local };
  const fields = new Set([...Object.keys(base), ...Object.keys(server)]);
  for (const field of fields) {
    if (META.has(field)) continue;
    if (!deepEqual(local[field], (base as Record<string, unknown>)[field])) continue;
    if (server[field] === undefined) delete next[field];
    else next[field] = server[field];
  }
  for (const field of RECORD_META_FIELDS)
    if (field in server) (next as Record<string, unknown>)[field] = server[field];
  await table.put({ ...next, _sync: 'pending' });
}

function pickFields(
  row: Readonly<Record<string, unknown>>,
  fields: readonly string[],
): Record<string, unknown> {
  return Object.fromEntries(fields.filter((field) => field in row).map((field) => [field, row[field]]));
}

export type ConflictOutcome = 'resend' | 'blocked' | 'gone' | 'skipped';

/**
 * A stale `If-Match`: three-way merge of base (the record this change was made on), mine (base plus
 * this change) and theirs (the server's current row). Disjoint changes are resent on top of the
 * server's version; overlapping fields wait for a person as a conflict. The 409 proves that no attempt
 * under the entry's key was applied (a repeat would have answered the stored result), so the resend
 * may use a fresh key; If-Match keeps any late duplicate of the old request from applying.
 */
export async function handleStaleWrite(
  ctx: EngineContext,
  entry: OutboxEntry,
  current: unknown,
  message: string,
  serverConflicts?: readonly FieldConflict[],
): Promise<ConflictOutcome> {
  const server = asAnswerRow(current, entry.recordId);
  const { collection, recordId } = entry;
  return ctx.db.transaction(
    'rw',
    [collection, 'outbox', 'shadows', 'files'],
    async (): Promise<ConflictOutcome> => {
      const fresh = await ctx.db.outbox.get(entry.seq!);
      if (!fresh) return 'skipped';
      const gone = !server || isTombstone(server);
      if (server) {
        await rememberServerVersion(ctx, collection, {
          id: recordId,
          version: server.version,
          deleted: gone,
          data: gone ? null : server,
        });
      }
      const fail = async (errorKey: string | null, conflictServer: SyncedRow | null) => {
        await ctx.db.outbox.put({
          ...fresh,
          state: 'failed',
          error: message,
          errorKey,
          errorStatus: 409,
          conflict: { server: conflictServer, fields: [] },
        });
        return 'blocked' as const;
      };
      if (fresh.kind === 'delete') {
        if (gone) return 'gone';
        const fields = deletionConflicts(fresh.baseRecord, server, 'mine');
        return rebaseOrConflict(ctx, fresh, server, fields, message);
      }
      if (fresh.kind !== 'update') return fail(null, gone ? null : server);
      if (gone) return fail('deletedOnServer', null);
      await mergeIntoLocalRow(ctx, fresh, server);
      if (serverConflicts && serverConflicts.length > 0) {
        // A field-level PATCH: the server applied every field but these, so only they still wait.
        const data = bodyData(fresh);
        const waiting = Object.fromEntries(serverConflicts.map((c) => [c.field, data[c.field]]));
        if (fresh.body.type === 'multipart') await ctx.db.files.where('entryId').equals(fresh.id).delete();
        // The server compares with its version of the base; this device may have seen a newer value of
        // a field (its own earlier change, written since that version). Merged against what the device
        // held when the change was made, such a field is no overlap and goes again on the new version.
        const held = fresh.baseRecord ?? ({} as SyncedRow);
        const { merged, conflicts } = mergeRecords(
          pickFields(held, Object.keys(waiting)),
          { ...pickFields(held, Object.keys(waiting)), ...waiting },
          pickFields(server, Object.keys(waiting)),
          fieldRules(collection),
        );
        const overlapping = new Set(conflicts.map((c) => c.field));
        const fields = serverConflicts.filter((c) => overlapping.has(c.field));
        const resend = Object.fromEntries(
          Object.keys(waiting).map((field) => [
            field,
            overlapping.has(field) ? waiting[field] : merged[field],
          ]),
        );
        const rest: OutboxEntry = { ...fresh, body: { type: 'json', data: resend } };
        return rebaseOrConflict(ctx, rest, server, fields, message);
      }
      const data = bodyData(fresh);
      const base = fresh.baseRecord ?? ({} as SyncedRow);
      const rules = fieldRules(collection);
      const { conflicts } = mergeRecords(base, { ...base, ...data }, server, rules);
      return rebaseOrConflict(ctx, fresh, server, conflicts, message);
    },
  );
}

async function rebaseOrConflict(
  ctx: EngineContext,
  entry: OutboxEntry,
  server: SyncedRow,
  fields: ReturnType<typeof deletionConflicts>,
  message: string,
): Promise<ConflictOutcome> {
  if (fields.length === 0) {
    await ctx.db.outbox.put({
      ...entry,
      state: 'waiting',
      baseVersion: server.version,
      baseRecord: server,
      idempotencyKey: ctx.newId(),
      keyUsedAt: null,
      error: null,
      errorKey: null,
      errorStatus: null,
    });
    return 'resend';
  }
  await ctx.db.outbox.put({
    ...entry,
    state: 'conflict',
    error: message,
    errorKey: null,
    errorStatus: 409,
    conflict: { server, fields },
  });
  return 'blocked';
}
