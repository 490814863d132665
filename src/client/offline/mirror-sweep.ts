import { SYNC_COLLECTIONS } from './collections';
import type { EngineContext } from './context';
import { recordKey } from './rows';

export interface Snapshot {
  /** Rows on the device (key → version) when the mirror from cursor 0 started. */
  rows: Map<string, number>;
  /** Records with waiting changes that the server had then (update, delete or call on version > 0). */
  pending: Map<string, number>;
  seen: Set<string>;
}

export async function snapshot(ctx: EngineContext): Promise<Snapshot> {
  const rows = new Map<string, number>();
  for (const collection of SYNC_COLLECTIONS) {
    await ctx.db.collection(collection).each((row) => {
      rows.set(recordKey(collection, row.id), row.version);
    });
  }
  const pending = new Map<string, number>();
  for (const entry of await ctx.db.outbox.toArray()) {
    const key = recordKey(entry.collection, entry.recordId);
    if (entry.kind !== 'create' && entry.baseVersion > 0)
      pending.set(key, Math.max(entry.baseVersion, pending.get(key) ?? 0));
  }
  return { rows, pending, seen: new Set() };
}

/**
 * A mirror from cursor 0 leaves tombstones out, so a record the device knew that the pages did not
 * name is gone on the server: its row goes, unless it changed meanwhile (a replay answer landed during
 * the mirror). A record with waiting changes stays as it is, but the deletion is remembered for a discard.
 */
export async function sweep(ctx: EngineContext, before: Snapshot, served: string[]) {
  const collections = SYNC_COLLECTIONS.filter((c) => served.includes(c));
  if (collections.length === 0) return;
  await ctx.db.transaction('rw', [...collections, 'outbox', 'shadows'], async () => {
    const pending = new Set((await ctx.db.outbox.toArray()).map((e) => recordKey(e.collection, e.recordId)));
    const gone = new Map(
      [...before.pending]
        .filter(([key]) => !before.seen.has(key) && pending.has(key))
        .map(([key, v]) => [key, v]),
    );
    for (const collection of collections) {
      const table = ctx.db.collection(collection);
      const stale: string[] = [];
      // Only rows the device had before can be stale: read those, not everything just mirrored.
      const prefix = recordKey(collection, '');
      const unseen = [...before.rows.keys()]
        .filter((key) => key.startsWith(prefix) && !before.seen.has(key))
        .map((key) => key.slice(prefix.length));
      const rows = unseen.length > 0 ? await table.bulkGet(unseen) : [];
      for (const row of rows) {
        if (!row) continue;
        const key = recordKey(collection, row.id);
        if (before.rows.get(key) !== row.version || row.version === 0) continue;
        if (pending.has(key)) gone.set(key, Math.max(row.version, gone.get(key) ?? 0));
        else stale.push(row.id);
      }
      await table.bulkDelete(stale);
      for (const [key, version] of gone) {
        const [owner, id] = key.split('\u0000') as [string, string];
        if (owner !== collection) continue;
        const known = await ctx.db.shadows.get([collection, id]);
        const next = Math.max(version, known?.version ?? 0) + 1;
        await ctx.db.shadows.put({ collection, id, version: next, deleted: true, data: null });
      }
    }
  });
}
