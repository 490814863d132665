import { fieldRules } from '@/domain/field-merge';
import { deepEqual } from '@/domain/merge';
import { bodyData } from './acknowledge';
import { COLLECTIONS, patchPayload, type SyncCollection } from './collections';
import { isoAt, type EngineContext } from './context';
import { asServerRow } from './rows';
import type { OutboxEntry } from './types';

/** `meta` keys of "what merged" notices waiting to be shown: `merged:<entry id>`. */
export const MERGED_META_PREFIX = 'merged:';

/**
 * A field-level change went through, and the server's row holds fields from someone else that this
 * device did not have when the change was made. The person is told once (then the notice is removed).
 */
export interface MergedNotice {
  id: string;
  collection: SyncCollection;
  recordId: string;
  /** Whose device queued the change: only they are told. */
  userId: string;
  label: string | null;
  /** The other person's name as the server gave it; null when it did not say. */
  from: string | null;
  /** The fields that came from the other side (API names). */
  fields: string[];
  at: string;
}

/**
 * The editable fields in which the server's answer differs from what this device had: the record the
 * change was made on with the change on top. A field this change sent counts only where it merges per
 * item (a list or map took the other side's items); a plain sent field that differs was just normalized
 * by the server.
 */
export function mergedFields(entry: OutboxEntry, answer: Readonly<Record<string, unknown>>): string[] {
  const keys = COLLECTIONS[entry.collection].patchKeys ?? [];
  const sent = patchPayload(entry.collection, bodyData(entry));
  const rules = fieldRules(entry.collection);
  const had: Record<string, unknown> = { ...entry.baseRecord, ...sent };
  return keys.filter((field) => {
    if (!(field in answer)) return false;
    if (field in sent && !rules[field]) return false;
    return !deepEqual(had[field] ?? null, answer[field] ?? null);
  });
}

/**
 * Called when the server accepted a field-level PATCH. The version moving by more than this write's
 * one step means others wrote since the change's base; then the fields they brought are kept as a
 * notice for the screen. Returns the notice, or null when nothing of others was merged.
 */
export async function noteMerged(
  ctx: EngineContext,
  entry: OutboxEntry,
  answer: unknown,
  from: string | null,
): Promise<MergedNotice | null> {
  if (entry.kind !== 'update' || entry.method !== 'PATCH' || !entry.ifMatch || entry.baseVersion <= 0)
    return null;
  const row = asServerRow(answer, entry.recordId);
  if (!row || row.version <= entry.baseVersion + 1) return null;
  const fields = mergedFields(entry, row);
  if (fields.length === 0) return null;
  const notice: MergedNotice = {
    id: entry.id,
    collection: entry.collection,
    recordId: entry.recordId,
    userId: entry.userId,
    label: entry.label,
    from,
    fields,
    at: isoAt(ctx.now()),
  };
  await ctx.db.meta.put({ key: `${MERGED_META_PREFIX}${entry.id}`, value: notice });
  return notice;
}

/** Notices for this user, oldest first. */
export async function readMergedNotices(
  ctx: Pick<EngineContext, 'db'>,
  userId: string | null,
): Promise<MergedNotice[]> {
  if (userId === null) return [];
  const rows = await ctx.db.meta.where('key').startsWith(MERGED_META_PREFIX).toArray();
  return rows
    .map((row) => row.value as MergedNotice)
    .filter((notice) => notice.userId === userId)
    .sort((a, b) => a.at.localeCompare(b.at));
}

/** The notice was shown: it is not shown again (in this or another tab). */
export async function dismissMergedNotice(ctx: Pick<EngineContext, 'db'>, id: string): Promise<void> {
  await ctx.db.meta.delete(`${MERGED_META_PREFIX}${id}`);
}
