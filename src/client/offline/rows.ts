import type { SyncedRow } from './types';

/** The row without the local `_sync` marker (what the server knows). */
export function stripSync(row: SyncedRow): SyncedRow {
  const { _sync: _marker, ...rest } = row;
  return rest as SyncedRow;
}

/** An API answer is a row of this record when it is an object with that id and a version. */
export function asServerRow(value: unknown, recordId?: string): SyncedRow | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const row = value as Partial<SyncedRow>;
  if (typeof row.id !== 'string' || typeof row.version !== 'number') return null;
  if (recordId !== undefined && row.id !== recordId) return null;
  return stripSync(row as SyncedRow);
}

export function isTombstone(row: SyncedRow | null): boolean {
  return !row || (row.deletedAt !== undefined && row.deletedAt !== null);
}

const LABEL_FIELDS = ['name', 'title', 'serialNumber', 'reportDate', 'date', 'username'];

/** A short human name for a record in the Sync panel. */
export function labelOf(data: Record<string, unknown> | null | undefined): string | null {
  for (const field of LABEL_FIELDS) {
    const value = data?.[field];
    if (typeof value === 'string' && value.trim()) return value.trim().slice(0, 80);
  }
  return null;
}

export function recordKey(collection: string, id: string): string {
  return `${collection}\u0000${id}`;
}
