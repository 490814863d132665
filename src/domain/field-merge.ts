import {
  deepEqual,
  RECORD_META_FIELDS,
  type FieldConflict,
  type MergeResult,
  type RecordData,
} from './merge';
import type { SyncCollectionName } from './sync';

/*
 * Field-level three-way merge with lists merged per item. Shared by the server's PATCH (which learns the
 * base of a field from its change history) and the client's replay (which keeps the base with the
 * queued change), so both sides call the same overlap a conflict. See docs/field-level-sync.md.
 */

/** How a field's value merges: as one value, as a list of keyed items, or as a map merged per key. */
export type FieldRule =
  | { kind: 'value' }
  /** A list whose items are told apart by `key`; an item changed on both sides is the only overlap. */
  | { kind: 'list'; key: (item: unknown, index: number) => string }
  /** An object merged per key, `depth` levels deep (1: its values are whole values). */
  | { kind: 'map'; depth: number };

export type FieldRules = Readonly<Record<string, FieldRule>>;

export type FieldMerge =
  | { conflict: false; value: unknown }
  /** An overlap: `mine`/`theirs` are the whole merged value preferring that side where they overlap. */
  | { conflict: true; mine: unknown; theirs: unknown };

const VALUE: FieldRule = { kind: 'value' };
const ABSENT = Symbol('absent');
type Slot = unknown | typeof ABSENT;

function pick(base: Slot, mine: Slot, theirs: Slot): { conflict: boolean; mine: Slot; theirs: Slot } {
  const same = (a: Slot, b: Slot) => (a === ABSENT || b === ABSENT ? a === b : deepEqual(a, b));
  if (same(mine, base)) return { conflict: false, mine: theirs, theirs };
  if (same(theirs, base) || same(mine, theirs)) return { conflict: false, mine, theirs: mine };
  return { conflict: true, mine, theirs };
}

function keyed(list: unknown, rule: Extract<FieldRule, { kind: 'list' }>): Map<string, unknown> | null {
  if (list === null || list === undefined) return new Map();
  if (!Array.isArray(list)) return null;
  const map = new Map<string, unknown>();
  list.forEach((item, index) => map.set(rule.key(item, index), item));
  // Two items with one key cannot be told apart: the list then merges as one value.
  return map.size === list.length ? map : null;
}

function mergeList(
  base: unknown,
  mine: unknown,
  theirs: unknown,
  rule: Extract<FieldRule, { kind: 'list' }>,
): FieldMerge {
  const b = keyed(base, rule);
  const m = keyed(mine, rule);
  const t = keyed(theirs, rule);
  if (!b || !m || !t) return mergeValue(base, mine, theirs);
  // Their order first (the server's list as people see it), then items only this side added.
  const order = [...t.keys(), ...[...m.keys()].filter((k) => !t.has(k) && !b.has(k))];
  const preferMine: unknown[] = [];
  const preferTheirs: unknown[] = [];
  let conflict = false;
  for (const key of order) {
    const slot = (map: Map<string, unknown>): Slot => (map.has(key) ? map.get(key) : ABSENT);
    const r = pick(slot(b), slot(m), slot(t));
    conflict ||= r.conflict;
    if (r.mine !== ABSENT) preferMine.push(r.mine);
    if (r.theirs !== ABSENT) preferTheirs.push(r.theirs);
  }
  // Items this side removed that the other side also no longer has are simply gone; items the other side
  // removed and this side left alone stay removed (they are not in `order`).
  return conflict ? { conflict, mine: preferMine, theirs: preferTheirs } : { conflict, value: preferMine };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function mergeMap(base: unknown, mine: unknown, theirs: unknown, depth: number): FieldMerge {
  const b = base ?? {};
  const m = mine ?? {};
  const t = theirs ?? {};
  if (depth < 1 || !isPlainObject(b) || !isPlainObject(m) || !isPlainObject(t)) {
    return mergeValue(base, mine, theirs);
  }
  const keys = new Set([...Object.keys(t), ...Object.keys(m), ...Object.keys(b)]);
  const preferMine: Record<string, unknown> = {};
  const preferTheirs: Record<string, unknown> = {};
  let conflict = false;
  for (const key of keys) {
    const slot = (o: Record<string, unknown>): Slot => (key in o ? o[key] : ABSENT);
    const r =
      depth > 1 && [b[key], m[key], t[key]].every((v) => v === undefined || isPlainObject(v))
        ? mergeMap(b[key], m[key], t[key], depth - 1)
        : null;
    if (r) {
      conflict ||= r.conflict;
      const mv = r.conflict ? r.mine : r.value;
      const tv = r.conflict ? r.theirs : r.value;
      if (
        mv !== undefined &&
        !(isPlainObject(mv) && Object.keys(mv).length === 0 && !(key in m) && !(key in t))
      )
        preferMine[key] = mv;
      if (
        tv !== undefined &&
        !(isPlainObject(tv) && Object.keys(tv).length === 0 && !(key in m) && !(key in t))
      )
        preferTheirs[key] = tv;
      continue;
    }
    const p = pick(slot(b), slot(m), slot(t));
    conflict ||= p.conflict;
    if (p.mine !== ABSENT) preferMine[key] = p.mine;
    if (p.theirs !== ABSENT) preferTheirs[key] = p.theirs;
  }
  return conflict ? { conflict, mine: preferMine, theirs: preferTheirs } : { conflict, value: preferMine };
}

function mergeValue(base: unknown, mine: unknown, theirs: unknown): FieldMerge {
  if (deepEqual(mine, base)) return { conflict: false, value: theirs };
  if (deepEqual(theirs, base) || deepEqual(mine, theirs)) return { conflict: false, value: mine };
  return { conflict: true, mine, theirs };
}

/** Merges one field changed on both sides since `base`, following its rule. */
export function mergeField(
  base: unknown,
  mine: unknown,
  theirs: unknown,
  rule: FieldRule = VALUE,
): FieldMerge {
  if (rule.kind === 'list') return mergeList(base, mine, theirs, rule);
  if (rule.kind === 'map') return mergeMap(base, mine, theirs, rule.depth);
  return mergeValue(base, mine, theirs);
}

/** What the server knows of one sent field: did it change since the base, and what was it then. */
export type FieldHistory = { changed: false } | { changed: true; base: unknown };

export interface PatchPlan {
  /** Values to write now (only fields whose value actually changes). */
  apply: Record<string, unknown>;
  /** Fields changed on both sides to different values; they keep the server's value. */
  conflicts: FieldConflict[];
  /** Fields the other side had changed too, merged without overlap (lists per item). */
  merged: string[];
}

/**
 * Plans a field-level PATCH: every sent field the server did not change since the base is taken as
 * sent; a field changed on both sides merges by its rule, and only a true overlap is a conflict.
 */
export function planPatch(
  current: Readonly<Record<string, unknown>>,
  sent: Readonly<Record<string, unknown>>,
  historyOf: (field: string) => FieldHistory,
  rules: FieldRules = {},
): PatchPlan {
  const apply: Record<string, unknown> = {};
  const conflicts: FieldConflict[] = [];
  const merged: string[] = [];
  for (const [field, mine] of Object.entries(sent)) {
    const theirs = current[field];
    const history = historyOf(field);
    if (!history.changed) {
      if (!deepEqual(mine, theirs)) apply[field] = mine;
      continue;
    }
    const result = mergeField(history.base, mine, theirs, rules[field]);
    if (result.conflict) {
      conflicts.push({ field, base: history.base, mine: result.mine, theirs: result.theirs });
      continue;
    }
    if (!deepEqual(result.value, theirs)) apply[field] = result.value;
    if (!deepEqual(result.value, mine)) merged.push(field);
  }
  return { apply, conflicts, merged };
}

const byKey =
  (name: string) =>
  (item: unknown, index: number): string => {
    if (typeof item === 'string') return item.toLowerCase();
    if (isPlainObject(item)) {
      const value = item[name];
      if (typeof value === 'string' && value) return value.toLowerCase();
      // Items without a key (a check added by hand) are told apart by their name.
      if (typeof item.name === 'string') return `name:${item.name.toLowerCase()}`;
    }
    return `#${index}`;
  };
const byValue = (item: unknown, index: number) => (typeof item === 'string' ? item : `#${index}`);
const byPosition = (_item: unknown, index: number) => String(index);

/**
 * The lists and maps inside each mirrored record and how their items are told apart. A collection
 * without an entry merges every field as one value; read through `fieldRules`.
 */
export const FIELD_RULES: Readonly<Partial<Record<SyncCollectionName, FieldRules>>> = {
  excavators: {
    specifications: { kind: 'list', key: byKey('key') },
    gallery: { kind: 'list', key: byValue },
  },
  reports: {
    // { category: { item: answer } }: two people answering different items do not overlap.
    checklist: { kind: 'map', depth: 2 },
  },
  logbook: {
    conveyorChecks: { kind: 'list', key: byKey('key') },
    specialChecks: { kind: 'list', key: byKey('key') },
  },
  inventory: {
    tags: { kind: 'list', key: byKey('') },
  },
  dispoAssignments: {
    // Rounds have no id of their own: their place in the day is their identity.
    rounds: { kind: 'list', key: byPosition },
  },
};

/** The merge rules of a collection's list and map fields (none: every field is one value). */
export function fieldRules(collection: SyncCollectionName): FieldRules {
  return FIELD_RULES[collection] ?? {};
}

/**
 * `threeWayMerge` with lists and maps merged per item (see FIELD_RULES): a field both sides changed is
 * a conflict only when the same item changed on both sides to different values.
 */
export function mergeRecords(
  base: RecordData | null | undefined,
  mine: RecordData,
  theirs: RecordData,
  rules: FieldRules = {},
  ignore: readonly string[] = RECORD_META_FIELDS,
): MergeResult {
  const merged: Record<string, unknown> = { ...base };
  const conflicts: FieldConflict[] = [];
  const mineChanged: string[] = [];
  const theirsChanged: string[] = [];
  const fields = new Set([...Object.keys(base ?? {}), ...Object.keys(mine), ...Object.keys(theirs)]);
  for (const field of ignore) fields.delete(field);
  const set = (field: string, value: unknown) => {
    if (value === undefined) delete merged[field];
    else merged[field] = value;
  };
  for (const field of [...fields].sort()) {
    const was = base?.[field];
    const my = mine[field];
    const their = theirs[field];
    const mineDiffers = !deepEqual(was, my);
    const theirsDiffers = !deepEqual(was, their);
    if (mineDiffers && theirsDiffers) {
      const result = mergeField(was, my, their, rules[field]);
      if (result.conflict) {
        conflicts.push({ field, base: was, mine: result.mine, theirs: result.theirs });
        set(field, result.mine);
      } else {
        if (!deepEqual(result.value, their)) mineChanged.push(field);
        set(field, result.value);
      }
    } else if (mineDiffers) {
      mineChanged.push(field);
      set(field, my);
    } else if (theirsDiffers) {
      theirsChanged.push(field);
      set(field, their);
    }
  }
  for (const field of ignore) if (field in theirs) merged[field] = theirs[field];
  return { merged, conflicts, mineChanged, theirsChanged };
}
