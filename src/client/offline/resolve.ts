import { fieldRules, mergeField } from '@/domain/field-merge';
import { deepEqual } from '@/domain/merge';
import { bodyData, settleRow } from './acknowledge';
import type { EngineContext } from './context';
import { stripSync } from './rows';
import { BATCH_META_PREFIX, type OutboxEntry, type SyncedRow } from './types';

export type FieldChoice = 'mine' | 'theirs';

async function entryOrThrow(ctx: EngineContext, seq: number): Promise<OutboxEntry> {
  const entry = await ctx.db.outbox.get(seq);
  if (!entry) throw new Error('This change is no longer waiting');
  return entry;
}

/**
 * A person asks to try a failed change again. The failure was a definitive answer (4xx: not applied,
 * nothing stored under the key), so the retry gets a fresh key: the server may answer differently now.
 */
export async function retryEntry(ctx: EngineContext, seq: number): Promise<void> {
  await ctx.db.transaction('rw', ['outbox'], async () => {
    const entry = await entryOrThrow(ctx, seq);
    if (entry.state !== 'failed') return;
    await ctx.db.outbox.put({
      ...entry,
      state: 'waiting',
      error: null,
      errorKey: null,
      errorStatus: null,
      nextAttemptAt: 0,
      idempotencyKey: ctx.newId(),
      keyUsedAt: null,
    });
  });
}

function newest(candidates: Array<{ version: number; deleted: boolean; data: SyncedRow | null } | null>) {
  let best: { version: number; deleted: boolean; data: SyncedRow | null } | null = null;
  for (const candidate of candidates)
    if (candidate && (!best || candidate.version > best.version)) best = candidate;
  return best;
}

/**
 * Drops a change and every later change of the same record by the same user (they were built on it),
 * after the person confirmed. The record returns to the server's version as far as this device knows
 * it, or to the state before the change while earlier changes of it still wait. Returns how many
 * entries were dropped.
 */
export async function discardEntry(ctx: EngineContext, seq: number): Promise<number> {
  const entry = await entryOrThrow(ctx, seq);
  const { collection, recordId } = entry;
  if (entry.kind === 'batch') {
    // A batch stands alone: no row to restore, and its screen forgets it.
    await ctx.db.transaction('rw', ['outbox', 'meta'], async () => {
      await ctx.db.outbox.delete(seq);
      await ctx.db.meta.delete(`${BATCH_META_PREFIX}${entry.id}`);
    });
    return 1;
  }
  return ctx.db.transaction('rw', [collection, 'outbox', 'files', 'shadows'], async () => {
    const all = await ctx.db.outbox
      .where('[collection+recordId]')
      .equals([collection, recordId])
      .sortBy('seq');
    const dropped = all.filter((e) => e.seq! >= seq && e.userId === entry.userId);
    const remaining = all.filter((e) => !dropped.includes(e));
    await ctx.db.outbox.bulkDelete(dropped.map((e) => e.seq!));
    for (const e of dropped) await ctx.db.files.where('entryId').equals(e.id).delete();
    const table = ctx.db.collection(collection);
    if (remaining.some((e) => e.seq! < seq)) {
      if (entry.baseRecord) await table.put({ ...entry.baseRecord, _sync: 'pending' });
      return dropped.length;
    }
    const shadow = await ctx.db.shadows.get([collection, recordId]);
    const known = newest([
      shadow ?? null,
      entry.conflict?.server
        ? { version: entry.conflict.server.version, deleted: false, data: entry.conflict.server }
        : null,
      entry.baseRecord && entry.baseRecord.version > 0
        ? { version: entry.baseRecord.version, deleted: false, data: entry.baseRecord }
        : null,
    ]);
    const marker = remaining.length > 0 ? { _sync: 'pending' as const } : {};
    if (!known || known.deleted || !known.data) await table.delete(recordId);
    else await table.put({ ...stripSync(known.data), ...marker });
    if (remaining.length === 0) {
      await ctx.db.shadows.delete([collection, recordId]);
      await ctx.db.files.where('recordId').equals(recordId).delete();
    }
    return dropped.length;
  });
}

/**
 * Applies a person's field-by-field decision on a conflicting update: `theirs` drops the field from the
 * change (the server's value stays), `mine` sends it again on top of the server's version. A change
 * left with nothing to send is done.
 */
export async function resolveConflict(
  ctx: EngineContext,
  seq: number,
  choices: Readonly<Record<string, FieldChoice>>,
): Promise<void> {
  const entry = await entryOrThrow(ctx, seq);
  const server = entry.conflict?.server;
  if (entry.state !== 'conflict' || !server) throw new Error('This change has no conflict to resolve');
  if (entry.kind === 'delete') {
    const keep = Object.values(choices).some((choice) => choice === 'theirs') ? 'theirs' : 'mine';
    return resolveDeleteConflict(ctx, seq, keep);
  }
  const { collection, recordId } = entry;
  await ctx.db.transaction('rw', [collection, 'outbox', 'files', 'shadows'], async () => {
    const data = { ...bodyData(entry) };
    const table = ctx.db.collection(collection);
    const local = await table.get(recordId);
    const row = local ? { ...local } : null;
    for (const field of entry.conflict!.fields) {
      if (choices[field.field] !== 'theirs') {
        // "Mine" of a list is the list with both sides' other items merged in: resent as it is on the
        // server's version, it keeps the other device's items.
        if (field.mine !== undefined && field.field in data) {
          if (row && deepEqual(row[field.field], data[field.field])) row[field.field] = field.mine;
          data[field.field] = field.mine;
        }
        continue;
      }
      delete data[field.field];
      if (row && deepEqual(row[field.field], field.mine)) row[field.field] = server[field.field];
    }
    if (row) await table.put({ ...row, version: Math.max(row.version, server.version) });
    // Later changes of this record were made on top of "mine": where the person chose theirs, what they
    // build on (and will send as the rest of the record) must hold theirs too.
    const theirs = entry.conflict!.fields.filter((f) => choices[f.field] === 'theirs');
    const rules = fieldRules(collection);
    const later = await ctx.db.outbox.where('[collection+recordId]').equals([collection, recordId]).toArray();
    for (const next of later) {
      if (next.seq! <= seq || !next.baseRecord || theirs.length === 0) continue;
      const baseRecord = { ...next.baseRecord };
      const sent = { ...bodyData(next) };
      let body = next.body;
      for (const field of theirs) {
        if (field.field in sent && field.mine !== undefined) {
          // A later change of a list carries the whole list, with this change's items in it: they give
          // way to theirs as well. Where the later change itself changed what theirs changed, it was
          // not made on theirs: its base stays, so that overlap is still seen when it is sent.
          const rebased = mergeField(field.mine, sent[field.field], server[field.field], rules[field.field]);
          if (rebased.conflict) continue;
          sent[field.field] = rebased.value;
        }
        if (deepEqual(baseRecord[field.field], field.mine)) baseRecord[field.field] = server[field.field];
      }
      if (next.body.type !== 'none') body = { ...next.body, data: sent } as typeof next.body;
      await ctx.db.outbox.put({ ...next, baseRecord, body });
    }
    const files = entry.body.type === 'multipart' ? entry.body.files : [];
    if (Object.keys(data).length === 0 && files.length === 0 && entry.kind === 'update') {
      await ctx.db.outbox.delete(seq);
      const others = await ctx.db.outbox
        .where('[collection+recordId]')
        .equals([collection, recordId])
        .count();
      if (others === 0) {
        await settleRow(ctx, collection, recordId, {
          collection,
          id: recordId,
          version: server.version,
          deleted: false,
          data: server,
        });
      }
      return;
    }
    const body = entry.body.type === 'multipart' ? { ...entry.body, data } : { type: 'json' as const, data };
    await ctx.db.outbox.put({
      ...entry,
      body,
      state: 'waiting',
      conflict: null,
      error: null,
      errorKey: null,
      errorStatus: null,
      nextAttemptAt: 0,
      baseVersion: server.version,
      baseRecord: server,
      idempotencyKey: ctx.newId(),
      keyUsedAt: null,
    });
  });
}

/** A record deleted here but changed on the server: delete it anyway (`mine`) or keep the server's (`theirs`). */
export async function resolveDeleteConflict(
  ctx: EngineContext,
  seq: number,
  keep: FieldChoice,
): Promise<void> {
  const entry = await entryOrThrow(ctx, seq);
  const server = entry.conflict?.server;
  if (entry.state !== 'conflict' || entry.kind !== 'delete' || !server) {
    throw new Error('This change has no conflicting delete to resolve');
  }
  if (keep === 'theirs') {
    await discardEntry(ctx, seq);
    return;
  }
  await ctx.db.outbox.put({
    ...entry,
    state: 'waiting',
    conflict: null,
    error: null,
    errorStatus: null,
    nextAttemptAt: 0,
    baseVersion: server.version,
    baseRecord: server,
    idempotencyKey: ctx.newId(),
    keyUsedAt: null,
  });
}
