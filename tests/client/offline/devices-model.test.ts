import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SyncedRow } from '@/client/offline/types';
import { FakeServer } from './fake-server';
import { createHarness, type Harness } from './harness';

/*
 * Model-based test of field-level sync between devices: two or three tablets share one record, edit
 * plain fields and items of its specification list offline (as forms do: the form opens on the row the
 * device holds and passes it as base), and sync in random orders against the in-process server. Every
 * value written is a unique token, and each token remembers what its field (or list item) held on the
 * device when it was written, so "the writer had seen the earlier value" can be told apart from a lost
 * update.
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
 */

// MODEL_RUNS trades depth for speed (npm run test:quick sets a few runs); unset, the full check runs.
const RUNS = Number(process.env.MODEL_RUNS) || 200;

const RECORD = 'rec-1';
const PLAIN = ['location', 'notes', 'engineNumber', 'model'] as const;
const ITEMS = ['weight', 'bucket', 'engine'] as const;
type Slot = (typeof PLAIN)[number] | `spec:${(typeof ITEMS)[number]}`;

interface Spec {
  key: string;
  value: unknown;
}

interface World {
  server: FakeServer;
  devices: Harness[];
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
  const row = await h.db.excavators.get(RECORD);
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
  await h.engine.updateRecord('excavators', RECORD, values, { base, baseVersion: row.version });
}

async function sync(h: Harness): Promise<void> {
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

async function queuedTokens(h: Harness): Promise<Set<string>> {
  const found = new Set<string>();
  for (const entry of await h.db.outbox.toArray()) {
    const text = JSON.stringify(entry.body.type === 'none' ? null : entry.body.data);
    for (const match of text.matchAll(/"(t\d+)"/g)) found.add(match[1]!);
  }
  return found;
}

function serverRow(w: World): Record<string, unknown> {
  return w.server.api(w.server.rows.get(RECORD)!);
}

async function checkNothingLost(w: World, final: boolean): Promise<void> {
  const server = serverRow(w);
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
  for (const write of w.server.applied) {
    for (const [field, value] of Object.entries(write.introduced)) {
      if (field === 'specifications' || !(PLAIN as readonly string[]).includes(field)) continue;
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

describe('field-level sync between devices (model-based)', () => {
  it('loses no edit, overwrites no untouched field, and converges', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ devices, actions }) => {
        const server = new FakeServer();
        server.createAsOther(RECORD, {
          name: 'Shared',
          model: 'M0',
          serialNumber: 'SN-0',
          status: 'operational',
          location: 'L0',
          specifications: [{ key: 'weight', value: 'w0' }],
        });
        const w: World = {
          server,
          devices: Array.from({ length: devices }, (_, i) => createHarness({ server, userId: `u${i + 1}` })),
          next: 0,
          seenBefore: new Map(),
          slotOf: new Map(),
          last: Array.from({ length: devices }, () => new Map()),
          dropped: Array.from({ length: devices }, () => new Set()),
        };
        try {
          for (const h of w.devices) await h.engine.pull();
          for (const action of actions) {
            const h = w.devices[action.device]!;
            if (action.kind === 'edit') await edit(w, action.device, action.slot);
            else if (action.kind === 'sync') await sync(h);
            else await h.engine.pull();
          }
          for (const h of w.devices) await h.engine.replay({ force: true });
          await checkNothingLost(w, false);
          checkNoStrayValues(w);
          await settle(w);
          for (const h of w.devices) expect(await h.db.outbox.count()).toBe(0);
          await checkNothingLost(w, true);
          checkNoStrayValues(w);
          const expected = fields(serverRow(w));
          for (const h of w.devices) expect(fields(await h.db.excavators.get(RECORD))).toEqual(expected);
        } finally {
          for (const h of w.devices) await h.dispose();
        }
      }),
      {
        numRuns: RUNS,
        // Found by a random run: a second edit of a field whose first change still conflicts must not
        // overwrite the other person's value the device never showed.
        examples: [
          [
            {
              devices: 2,
              actions: [
                { kind: 'edit', device: 1, slot: 'notes' },
                { kind: 'sync', device: 1 },
                { kind: 'edit', device: 0, slot: 'notes' },
                { kind: 'sync', device: 0 },
                { kind: 'edit', device: 0, slot: 'notes' },
              ],
            },
          ],
        ],
      },
    );
  }, 120_000);
});
