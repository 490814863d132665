import fc from 'fast-check';
import { expect } from 'vitest';
import type { OfflineDb } from '@/client/offline/db';
import type { SyncEngine } from '@/client/offline/engine';
import type { SyncedRow } from '@/client/offline/types';

/*
 * Model-based check of field-level sync between devices: two or three tablets share one record, edit
 * plain fields and items of its specification list offline (as forms do: the form opens on the row the
 * device holds and passes it as base), and sync in random orders against a server. Every value written
 * is a unique token, and each token remembers what its field (or list item) held on the device when it
 * was written, so "the writer had seen the earlier value" can be told apart from a lost update.
 *
 * Invariants:
 *   - after every device synced: each device's last value of a field or item is on the server, still
 *     queued on its device (a conflict naming the field, or a change waiting behind one), or was
 *     overwritten by a write made on top of it;
 *   - the server never takes a value into a plain field that nobody wrote there (no untouched field is
 *     overwritten, no stale value comes back);
 *   - after people take "theirs" on every conflict and everyone syncs again: nothing is queued, every
 *     last value is on the server unless a person dropped it or a later write built on it, and all
 *     devices hold the server's row.
 *
 * The same model runs against the in-process protocol model (fast, many runs) and against the real
 * server (the Fastify app on the embedded database), through a `ModelServer`.
 */

const PLAIN = ['location', 'notes', 'engineNumber', 'model'] as const;
const ITEMS = ['weight', 'bucket', 'engine'] as const;
type Slot = (typeof PLAIN)[number] | `spec:${(typeof ITEMS)[number]}`;

/** The shared record every run starts from. */
export const MODEL_RECORD_FIELDS = {
  name: 'Shared',
  model: 'M0',
  serialNumber: 'SN-0',
  status: 'operational',
  location: 'L0',
  specifications: [{ key: 'weight', value: 'w0' }],
};

export interface ModelDevice {
  db: OfflineDb;
  engine: SyncEngine;
  dispose(): Promise<void>;
}

/** One run's server: a fresh shared record, devices signed in as different users, the record's row. */
export interface ModelRun {
  recordId: string;
  device(index: number): ModelDevice;
  /** The record as the server answers it. */
  row(): Promise<Record<string, unknown>>;
  /** Every field value a write changed on the server, where the server can tell (else only sampled rows count). */
  introduced?(): Array<Record<string, unknown>>;
  close?(): Promise<void>;
}

interface Spec {
  key: string;
  value: unknown;
}

interface World {
  run: ModelRun;
  devices: ModelDevice[];
  /** Plain field values seen on the server after each step. */
  sampled: Array<Record<string, unknown>>;
  next: number;
  /** token → the slot's value on the writing device when it was written. */
  seenBefore: Map<string, unknown>;
  /** token → slot */
  slotOf: Map<string, Slot>;
  /** device → slot → its last token */
  last: Array<Map<Slot, string>>;
  /** device → slots a person dropped ("theirs") */
  dropped: Array<Set<string>>;
}

const fieldOf = (slot: Slot) => (slot.startsWith('spec:') ? 'specifications' : slot);

function slotValue(row: Readonly<Record<string, unknown>> | undefined, slot: Slot): unknown {
  if (!row) return undefined;
  if (!slot.startsWith('spec:')) return row[slot] ?? null;
  const key = slot.slice(5);
  const specs = (row.specifications as Spec[] | null) ?? [];
  return specs.find((item) => item.key === key)?.value ?? null;
}

async function edit(w: World, device: number, slot: Slot): Promise<void> {
  const h = w.devices[device]!;
  const row = await h.db.excavators.get(w.run.recordId);
  if (!row) return;
  const value = `t${++w.next}`;
  w.seenBefore.set(value, slotValue(row, slot));
  w.slotOf.set(value, slot);
  w.last[device]!.set(slot, value);
  // The form opened on the row as the device holds it and changed one thing.
  const base = Object.fromEntries(Object.entries(row).filter(([key]) => key !== '_sync'));
  const values: Record<string, unknown> = { ...base };
  if (slot.startsWith('spec:')) {
    const key = slot.slice(5);
    const specs = [...((row.specifications as Spec[] | null) ?? [])];
    const at = specs.findIndex((item) => item.key === key);
    if (at >= 0) specs[at] = { key, value };
    else specs.push({ key, value });
    values.specifications = specs;
  } else values[slot] = value;
  await h.engine.updateRecord('excavators', w.run.recordId, values, { base, baseVersion: row.version });
}

async function sync(h: ModelDevice): Promise<void> {
  await h.engine.replay({ force: true });
  await h.engine.pull();
}

/** Did the value now in the slot come, through writes each made on top of the previous, from `token`? */
function builtOn(w: World, current: unknown, token: string): boolean {
  let value = current;
  for (let steps = 0; typeof value === 'string' && w.seenBefore.has(value) && steps < 1000; steps++) {
    if (value === token) return true;
    value = w.seenBefore.get(value);
  }
  return value === token;
}

async function queuedTokens(h: ModelDevice): Promise<Set<string>> {
  const found = new Set<string>();
  for (const entry of await h.db.outbox.toArray()) {
    const text = JSON.stringify(entry.body.type === 'none' ? null : entry.body.data);
    for (const match of text.matchAll(/"(t\d+)"/g)) found.add(match[1]!);
  }
  return found;
}

async function sample(w: World): Promise<Record<string, unknown>> {
  const row = await w.run.row();
  w.sampled.push(row);
  return row;
}

async function checkNothingLost(w: World, final: boolean): Promise<void> {
  const server = await sample(w);
  for (const [device, slots] of w.last.entries()) {
    const queued = await queuedTokens(w.devices[device]!);
    for (const [slot, token] of slots) {
      const onServer = slotValue(server, slot);
      if (onServer === token || builtOn(w, onServer, token)) continue;
      if (final && w.dropped[device]!.has(fieldOf(slot))) continue;
      if (!final && queued.has(token)) continue;
      throw new Error(`device ${device}: ${slot}=${token} lost (server has ${String(onServer)})`);
    }
  }
}

function checkNoStrayValues(w: World): void {
  const initial = MODEL_RECORD_FIELDS as Record<string, unknown>;
  const written = (w.run.introduced?.() ?? []).map((values) => ({ values, sampled: false }));
  const sampled = w.sampled.map((values) => ({ values, sampled: true }));
  for (const { values, sampled: isSample } of [...written, ...sampled]) {
    for (const [field, value] of Object.entries(values)) {
      if (!(PLAIN as readonly string[]).includes(field)) continue;
      // A row still holding the record's first value is fine; a write bringing it back is not.
      if (isSample && value === (initial[field] ?? null)) continue;
      if (typeof value !== 'string' || w.slotOf.get(value) !== field)
        throw new Error(`${field} took ${String(value)}, which nobody wrote there`);
    }
  }
}

/** People take "theirs" on every conflict, then everyone syncs until nothing moves. */
async function settle(w: World): Promise<void> {
  for (let round = 0; round < 6; round++) {
    let open = 0;
    for (const [device, h] of w.devices.entries()) {
      await sync(h);
      for (const entry of await h.db.outbox.toArray()) {
        if (entry.state !== 'conflict') continue;
        open++;
        for (const field of entry.conflict!.fields) w.dropped[device]!.add(field.field);
        await h.engine.resolveConflict(
          entry.seq!,
          Object.fromEntries(entry.conflict!.fields.map((f) => [f.field, 'theirs' as const])),
        );
      }
    }
    if (open === 0 && (await Promise.all(w.devices.map((h) => h.db.outbox.count()))).every((n) => n === 0))
      break;
  }
  for (const h of w.devices) await sync(h);
}

const fields = (row: SyncedRow | Record<string, unknown> | undefined) =>
  Object.fromEntries(
    [...PLAIN, 'specifications', 'version'].map((field) => [field, row?.[field] ?? null] as const),
  );

const actionArb = (devices: number) =>
  fc.oneof(
    {
      weight: 5,
      arbitrary: fc.record({
        kind: fc.constant('edit' as const),
        device: fc.nat(devices - 1),
        slot: fc.constantFrom<Slot>(...PLAIN, ...ITEMS.map((item) => `spec:${item}` as const)),
      }),
    },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('sync' as const), device: fc.nat(devices - 1) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('pull' as const), device: fc.nat(devices - 1) }) },
  );

const scenario = fc
  .integer({ min: 2, max: 3 })
  .chain((devices) =>
    fc.record({ devices: fc.constant(devices), actions: fc.array(actionArb(devices), { maxLength: 10 }) }),
  );

/** A scenario the model found once: a second edit of a field whose first change still conflicts. */
const SECOND_EDIT_OF_A_CONFLICT = {
  devices: 2,
  actions: [
    { kind: 'edit' as const, device: 1, slot: 'notes' as const },
    { kind: 'sync' as const, device: 1 },
    { kind: 'edit' as const, device: 0, slot: 'notes' as const },
    { kind: 'sync' as const, device: 0 },
    { kind: 'edit' as const, device: 0, slot: 'notes' as const },
  ],
};

/**
 * Runs the model `runs` times; `start` sets up one run's server with the shared record and a device
 * per user. The scenario found once is always among them.
 */
export async function checkDevicesModel(
  start: (devices: number) => Promise<ModelRun>,
  runs: number,
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(scenario, async ({ devices, actions }) => {
      const run = await start(devices);
      const w: World = {
        run,
        devices: Array.from({ length: devices }, (_, i) => run.device(i)),
        sampled: [],
        next: 0,
        seenBefore: new Map(),
        slotOf: new Map(),
        last: Array.from({ length: devices }, () => new Map()),
        dropped: Array.from({ length: devices }, () => new Set()),
      };
      try {
        for (const h of w.devices) await h.engine.pull();
        // Every device starts from the shared record: a run without it would prove nothing.
        for (const h of w.devices) expect(await h.db.excavators.get(run.recordId)).toBeDefined();
        for (const action of actions) {
          const h = w.devices[action.device]!;
          if (action.kind === 'edit') await edit(w, action.device, action.slot);
          else if (action.kind === 'sync') {
            await sync(h);
            await sample(w);
          } else await h.engine.pull();
        }
        for (const h of w.devices) await h.engine.replay({ force: true });
        await checkNothingLost(w, false);
        checkNoStrayValues(w);
        await settle(w);
        for (const h of w.devices) expect(await h.db.outbox.count()).toBe(0);
        await checkNothingLost(w, true);
        checkNoStrayValues(w);
        const expected = fields(await run.row());
        for (const h of w.devices) expect(fields(await h.db.excavators.get(run.recordId))).toEqual(expected);
      } finally {
        for (const h of w.devices) await h.dispose();
        await run.close?.();
      }
    }),
    { numRuns: runs, examples: [[SECOND_EDIT_OF_A_CONFLICT]] },
  );
}
