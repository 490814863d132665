/*
 * Three-way merge of synced records. Pure: the client's replay calls it when the
 * server answers 409 with its current row. Fields are compared as whole values: an array or an object
 * held by a field is one value, so two edits of the same list are a conflict, never a silent blend.
 */

/** Bookkeeping columns every synced row carries; they never take part in a merge. */
export const RECORD_META_FIELDS = [
  'id',
  'version',
  'createdAt',
  'createdBy',
  'updatedAt',
  'updatedBy',
  'deletedAt',
] as const;

export type RecordData = Readonly<Record<string, unknown>>;

/** A field both sides changed to different values: a person decides. */
export interface FieldConflict {
  field: string;
  base: unknown;
  mine: unknown;
  theirs: unknown;
}

export interface MergeResult {
  /** Base with both sides' changes; a conflicting field holds `mine` until someone decides. */
  merged: Record<string, unknown>;
  conflicts: FieldConflict[];
  /** Fields only this side changed (or both changed to the same value). */
  mineChanged: string[];
  theirsChanged: string[];
}

export interface MergeOptions {
  /** Fields left out of the comparison (default: RECORD_META_FIELDS). */
  ignore?: readonly string[];
}

/** Structural equality for JSON-like values; `undefined` and a missing key are the same. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => deepEqual(item, b[index]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) if (!deepEqual(left[key], right[key])) return false;
  return true;
}

function fieldsOf(
  records: ReadonlyArray<RecordData | null | undefined>,
  ignore: readonly string[],
): string[] {
  const fields = new Set<string>();
  for (const record of records) for (const key of Object.keys(record ?? {})) fields.add(key);
  for (const key of ignore) fields.delete(key);
  return [...fields].sort();
}

/** The fields whose values differ between two versions of a record. */
export function changedFields(
  from: RecordData | null | undefined,
  to: RecordData | null | undefined,
  options: MergeOptions = {},
): string[] {
  const ignore = options.ignore ?? RECORD_META_FIELDS;
  return fieldsOf([from, to], ignore).filter((field) => !deepEqual(from?.[field], to?.[field]));
}

function setField(target: Record<string, unknown>, field: string, value: unknown): void {
  if (value === undefined) delete target[field];
  else target[field] = value;
}

/**
 * Merges `mine` and `theirs`, both derived from `base`. A field changed on one side takes that side's
 * value; changed on both to the same value it takes that value; changed on both to different values
 * it is a conflict. A field removed on one side counts as changed to `undefined`. A missing base (a
 * record nobody had before) counts as empty.
 */
export function threeWayMerge(
  base: RecordData | null | undefined,
  mine: RecordData,
  theirs: RecordData,
  options: MergeOptions = {},
): MergeResult {
  const ignore = options.ignore ?? RECORD_META_FIELDS;
  const merged: Record<string, unknown> = { ...base };
  const conflicts: FieldConflict[] = [];
  const mineChanged: string[] = [];
  const theirsChanged: string[] = [];
  for (const field of fieldsOf([base, mine, theirs], ignore)) {
    const was = base?.[field];
    const my = mine[field];
    const their = theirs[field];
    const mineDiffers = !deepEqual(was, my);
    const theirsDiffers = !deepEqual(was, their);
    if (mineDiffers && theirsDiffers && !deepEqual(my, their)) {
      conflicts.push({ field, base: was, mine: my, theirs: their });
      setField(merged, field, my);
    } else if (mineDiffers) {
      mineChanged.push(field);
      setField(merged, field, my);
    } else if (theirsDiffers) {
      theirsChanged.push(field);
      setField(merged, field, their);
    }
  }
  // Bookkeeping follows the server: it is the version the merged result builds on.
  for (const field of ignore) if (field in theirs) merged[field] = theirs[field];
  return { merged, conflicts, mineChanged, theirsChanged };
}

/**
 * One side deleted the record, the other kept `survivor`. The deletion loses nothing only when the
 * survivor still equals the base; otherwise every field the survivor changed is a conflict (`mine`
 * or `theirs` is `undefined` on the deleting side, as named by `deletedBy`).
 */
export function deletionConflicts(
  base: RecordData | null | undefined,
  survivor: RecordData,
  deletedBy: 'mine' | 'theirs',
  options: MergeOptions = {},
): FieldConflict[] {
  return changedFields(base, survivor, options).map((field) => ({
    field,
    base: base?.[field],
    mine: deletedBy === 'mine' ? undefined : survivor[field],
    theirs: deletedBy === 'theirs' ? undefined : survivor[field],
  }));
}
