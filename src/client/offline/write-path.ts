import { isoAt, type EngineContext } from './context';
import { toFileRow } from './files';
import { isQuotaError, reportQuotaExceeded, StorageFullError } from './storage';
import type { FileRow, OutboxBody, OutboxEntry } from './types';

/* The pieces every write shares: the user, the files, the entry, and the transaction around them. */

export function currentUserId(ctx: EngineContext): string {
  const user = ctx.getUser();
  if (!user) throw new Error('Changes need a signed-in user');
  return user.id;
}

export async function prepareFiles(
  ctx: EngineContext,
  recordId: string,
  files: Record<string, Blob | readonly Blob[]> | undefined,
) {
  const rows: FileRow[] = [];
  const parts: { field: string; fileId: string }[] = [];
  for (const [field, value] of Object.entries(files ?? {})) {
    for (const blob of Array.isArray(value) ? value : [value as Blob]) {
      const row = await toFileRow(blob, recordId, ctx.newId(), isoAt(ctx.now()), ctx.compress);
      rows.push(row);
      parts.push({ field, fileId: row.id });
    }
  }
  return { rows, parts };
}

export function buildBody(
  data: Record<string, unknown>,
  parts: { field: string; fileId: string }[],
  multipart: boolean | undefined,
): OutboxBody {
  return parts.length > 0 || multipart ? { type: 'multipart', data, files: parts } : { type: 'json', data };
}

export function newEntry(
  ctx: EngineContext,
  fields: Pick<
    OutboxEntry,
    | 'collection'
    | 'recordId'
    | 'kind'
    | 'method'
    | 'url'
    | 'body'
    | 'ifMatch'
    | 'baseVersion'
    | 'baseRecord'
    | 'label'
  >,
): OutboxEntry {
  const id = ctx.newId();
  return {
    ...fields,
    id,
    idempotencyKey: id,
    keyUsedAt: null,
    userId: currentUserId(ctx),
    state: 'waiting',
    error: null,
    errorKey: null,
    errorStatus: null,
    attempts: 0,
    nextAttemptAt: 0,
    createdAt: isoAt(ctx.now()),
    occurredAt: isoAt(ctx.clock.now()),
    conflict: null,
  };
}

/**
 * The one write path: the local row and its outbox entry change in ONE Dexie transaction (both or
 * neither), and nothing inside it waits for the network. A full device is reported, never swallowed.
 */
export async function commit<T>(ctx: EngineContext, tables: string[], work: () => Promise<T>): Promise<T> {
  try {
    return await ctx.db.transaction('rw', tables, work);
  } catch (error) {
    if (isQuotaError(error)) {
      reportQuotaExceeded();
      throw new StorageFullError(error);
    }
    throw error;
  }
}

export async function attachFiles(ctx: EngineContext, rows: FileRow[], entryId: string): Promise<void> {
  if (rows.length > 0) await ctx.db.files.bulkAdd(rows.map((row) => ({ ...row, entryId })));
}
