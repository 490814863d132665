import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COLLECTIONS } from '@/client/offline/collections';
import type { OutboxEntry } from '@/client/offline/types';
import type { Fault } from './fake-server';
import { createHarness, type Harness } from './harness';

/*
 * Model-based test of mirror + outbox + replay against the in-process server model (fake-server.ts).
 * Random sequences of local creates/updates/deletes, offline/online flips, page reloads (the database is
 * closed and opened again), crashes between send and acknowledgement (applied on the server, answer
 * lost), 5xx/429, expired tokens (401, then the same user signs in again), conflicting edits and
 * deletes by another user, tombstone purges (410) and people resolving conflicts or discarding failures.
 *
 * Every value a local write sets is a unique token, so the server's log of applied writes tells how
 * often each write reached it. After a final online sync in which a person resolves every conflict and
 * discards every failure:
 *   - each token reached the server exactly once, unless a person dropped it (discard, "theirs") or it
 *     was never sent because its record was deleted before (then zero times): nothing lost, nothing
 *     doubled, no lost update (a stale full-record PUT would bring an old token back a second time);
 *   - an update never changes a field to anything but a value written here (no lost update of
 *     another user's change);
 *   - no record was created twice;
 *   - the device and the server hold the same rows.
 */

const FIELDS = COLLECTIONS.excavators.updateFields!;
const EDITABLE = ['name', 'location', 'notes'] as const;

interface Real {
  h: Harness;
  next: number;
  /** token → the field it was written to. */
  written: Map<string, string>;
  dropped: Set<string>;
  tokenExpired: boolean;
}

type Model = Record<string, never>;
type Cmd = fc.AsyncCommand<Model, Real, false>;

const token = (r: Real, field: string) => {
  const value = `t${++r.next}`;
  r.written.set(value, field);
  return value;
};

function tokensOf(entries: OutboxEntry[]): Set<string> {
  const found = new Set<string>();
  for (const entry of entries) {
    const data = entry.body.type === 'none' ? {} : (entry.body.data as Record<string, unknown>);
    for (const value of Object.values(data ?? {}))
      if (typeof value === 'string' && /^t\d+$/.test(value)) found.add(value);
  }
  return found;
}

/** Runs a person's action (or a local delete) and records the tokens it took out of the outbox unsent. */
async function tracking(r: Real, action: () => Promise<unknown>): Promise<void> {
  const before = tokensOf(await r.h.db.outbox.toArray());
  await action();
  const after = tokensOf(await r.h.db.outbox.toArray());
  for (const value of before) if (!after.has(value)) r.dropped.add(value);
}

async function localIds(r: Real): Promise<string[]> {
  return (await r.h.db.excavators.toCollection().primaryKeys()).sort();
}

const pick = <T>(list: T[], index: number): T | undefined =>
  list.length ? list[index % list.length] : undefined;

function command(label: string, run: (r: Real) => Promise<void>): Cmd {
  return {
    check: () => true,
    run: async (_m, r) => {
      await run(r);
      const entries = await r.h.db.outbox.toArray();
      if (entries.some((e) => e.state === 'sending'))
        throw new Error(`${label}: entries left in state "sending"`);
      // A row shows "pending" exactly while changes of it wait.
      const waiting = new Set(entries.map((e) => e.recordId));
      for (const row of await r.h.db.excavators.toArray()) {
        if ((row._sync === 'pending') !== waiting.has(row.id))
          throw new Error(`${label}: pending marker of ${row.id} is wrong`);
      }
    },
    toString: () => label,
  };
}

const createCmd = fc.constant(null).map(() =>
  command('create', async (r) => {
    const name = token(r, 'name');
    await r.h.engine.createRecord('excavators', {
      name,
      model: 'M',
      serialNumber: `SN-${name}`,
      status: 'operational',
      location: token(r, 'location'),
    });
  }),
);

const updateCmd = fc
  .record({
    index: fc.nat(),
    fields: fc.subarray([...EDITABLE], { minLength: 1 }),
    invalid: fc.integer({ min: 0, max: 9 }).map((n) => n < 2),
  })
  .map(({ index, fields, invalid }) =>
    command(`update(${index}, ${fields.join('+')}${invalid ? ', invalid' : ''})`, async (r) => {
      const id = pick(await localIds(r), index);
      if (!id) return;
      // An invalid change (empty name) is refused by the server with 400: a failed entry.
      const patch = Object.fromEntries(fields.map((f) => [f, invalid && f === 'name' ? '' : token(r, f)]));
      if (invalid) patch.name = '';
      await r.h.engine.updateRecord('excavators', id, patch);
    }),
  );

const deleteCmd = fc.nat().map((index) =>
  command(`delete(${index})`, async (r) => {
    const id = pick(await localIds(r), index);
    if (id) await tracking(r, () => r.h.engine.deleteRecord('excavators', id));
  }),
);

const otherEditCmd = fc
  .record({ index: fc.nat(), fields: fc.subarray(['location', 'notes', 'status'], { minLength: 1 }) })
  .map(({ index, fields }) =>
    command(`otherEdit(${index}, ${fields.join('+')})`, async (r) => {
      const row = pick(r.h.server.live(), index);
      if (!row) return;
      const values = Object.fromEntries(
        fields.map((f) => [f, f === 'status' ? 'maintenance' : `o${++r.next}`]),
      );
      r.h.server.editAsOther(row.id, values);
    }),
  );

const otherDeleteCmd = fc.nat().map((index) =>
  command(`otherDelete(${index})`, async (r) => {
    const row = pick(r.h.server.live(), index);
    if (row) r.h.server.deleteAsOther(row.id);
  }),
);

const otherCreateCmd = fc.constant(null).map(() =>
  command('otherCreate', async (r) => {
    const n = ++r.next;
    r.h.server.createAsOther(`other-${n}`, {
      name: `o${n}`,
      model: 'M',
      serialNumber: `O-${n}`,
      status: 'operational',
    });
  }),
);

const networkCmd = fc.boolean().map((offline) =>
  command(offline ? 'goOffline' : 'goOnline', async (r) => {
    r.h.server.offline = offline;
  }),
);

const faultCmd = fc
  .constantFrom<Fault>('lost-response', 'network-before', 'http500', 'http429', 'http503', 'in-flight')
  .map((fault) =>
    command(`fault(${fault})`, async (r) => {
      r.h.server.faults.push(fault);
    }),
  );

const replayCmd = fc.boolean().map((force) =>
  command(`replay(${force ? 'force' : ''})`, async (r) => {
    await r.h.engine.replay({ force });
  }),
);

const pullCmd = fc.constant(null).map(() => command('pull', async (r) => void (await r.h.engine.pull())));

const reloadCmd = fc.constant(null).map(() => command('reload', (r) => r.h.reload()));

/** The page dies between the server applying a request and the app hearing the answer. */
const crashCmd = fc.constant(null).map(() =>
  command('crashDuringReplay', async (r) => {
    r.h.server.faults.unshift('lost-response');
    await r.h.engine.replay({ force: true });
    await r.h.reload();
  }),
);

const clockCmd = fc.integer({ min: 1, max: 600 }).map((seconds) =>
  command(`wait(${seconds}s)`, async (r) => {
    r.h.clock.now += seconds * 1000;
  }),
);

const expireCmd = fc.constant(null).map(() =>
  command('expireToken', async (r) => {
    if (r.h.token) r.h.server.expire(r.h.token);
    r.tokenExpired = true;
  }),
);

const signInCmd = fc.constant(null).map(() =>
  command('signInAgain', async (r) => {
    if (!r.tokenExpired) return;
    r.h.signIn('u1');
    r.tokenExpired = false;
    await r.h.engine.signedIn();
  }),
);

const purgeCmd = fc
  .constant(null)
  .map(() => command('purgeTombstones', async (r) => r.h.server.purgeTombstones()));

const personCmd = fc.record({ index: fc.nat(), mine: fc.boolean() }).map(({ index, mine }) =>
  command(`person(${index}, ${mine ? 'mine' : 'theirs'})`, async (r) => {
    const entries = (await r.h.db.outbox.toArray()).filter(
      (e) => e.state === 'conflict' || e.state === 'failed',
    );
    const entry = pick(entries, index);
    if (entry) await decide(r, entry, mine);
  }),
);

async function decide(r: Real, entry: OutboxEntry, mine: boolean): Promise<void> {
  const { engine } = r.h;
  if (entry.state === 'failed') return tracking(r, () => engine.discard(entry.seq!));
  if (entry.kind === 'delete')
    return tracking(r, () => engine.resolveDeleteConflict(entry.seq!, mine ? 'mine' : 'theirs'));
  const choices = Object.fromEntries(
    entry.conflict!.fields.map((f) => [f.field, mine ? ('mine' as const) : ('theirs' as const)]),
  );
  return tracking(r, () => engine.resolveConflict(entry.seq!, choices));
}

/** Back online for good: replay and pull until a person has decided every failure and conflict. */
async function settle(r: Real): Promise<void> {
  const { h } = r;
  h.server.offline = false;
  h.server.faults = [];
  if (r.tokenExpired) {
    h.signIn('u1');
    r.tokenExpired = false;
  }
  await h.engine.signedIn();
  for (let round = 0; round < 30; round++) {
    await h.engine.replay({ force: true });
    await h.engine.pull();
    const entries = await h.db.outbox.orderBy('seq').toArray();
    if (entries.length === 0) break;
    const stuck = entries.filter((e) => e.state === 'failed' || e.state === 'conflict');
    for (const entry of stuck) await decide(r, entry, round % 2 === 0);
  }
  await h.engine.pull();
}

async function assertInvariants(r: Real): Promise<void> {
  const { h } = r;
  expect(await h.db.outbox.toArray()).toEqual([]);

  const introductions = new Map<string, number>();
  for (const write of h.server.applied) {
    for (const value of Object.values(write.introduced)) {
      if (typeof value === 'string') introductions.set(value, (introductions.get(value) ?? 0) + 1);
    }
  }
  const wrongCounts = [...r.written]
    .map(([value, field]) => ({
      value,
      field,
      expected: r.dropped.has(value) ? 0 : 1,
      times: introductions.get(value) ?? 0,
    }))
    .filter((w) => w.times !== w.expected);
  expect(wrongCounts).toEqual([]);

  // An update only ever changes fields to values written here: anything else is a lost update (a
  // stale full-record PUT bringing back what another user had changed).
  const reverts = h.server.applied
    .filter((w) => w.method === 'PUT')
    .flatMap((w) =>
      Object.entries(w.introduced).map(([field, value]) => ({ record: w.recordId, field, value })),
    )
    .filter(({ value }) => typeof value !== 'string' || !/^t\d+$/.test(value));
  expect(reverts).toEqual([]);

  const creates = h.server.applied.filter((w) => w.created).map((w) => w.recordId);
  expect(new Set(creates).size).toBe(creates.length);

  const server = new Map(h.server.live().map((row) => [row.id, h.server.api(row)]));
  const local = await h.db.excavators.toArray();
  expect(local.map((row) => row.id).sort()).toEqual([...server.keys()].sort());
  for (const row of local) {
    const expected = server.get(row.id)!;
    expect(row._sync).toBeUndefined();
    expect({ id: row.id, version: row.version, ...pickFields(row) }).toEqual({
      id: row.id,
      version: expected.version,
      ...pickFields(expected),
    });
  }
}

const pickFields = (row: Record<string, unknown>) =>
  Object.fromEntries(FIELDS.map((f) => [f, row[f] ?? null]));

const commands = fc.commands(
  [
    createCmd,
    createCmd,
    updateCmd,
    updateCmd,
    updateCmd,
    updateCmd,
    deleteCmd,
    otherEditCmd,
    otherEditCmd,
    otherEditCmd,
    otherDeleteCmd,
    otherCreateCmd,
    networkCmd,
    faultCmd,
    faultCmd,
    replayCmd,
    replayCmd,
    pullCmd,
    reloadCmd,
    crashCmd,
    clockCmd,
    expireCmd,
    signInCmd,
    purgeCmd,
    personCmd,
  ],
  { maxCommands: 25, size: 'max' },
);

// MODEL_RUNS trades depth for speed (npm run test:quick sets a few runs); unset, the full check runs.
const RUNS = Number(process.env.MODEL_RUNS) || 200;

describe('offline engine model', () => {
  it('delivers every local write exactly once (or a person decides) and converges with the server', async () => {
    await fc.assert(
      fc.asyncProperty(commands, async (cmds) => {
        const real: Real = {
          h: createHarness(),
          next: 0,
          written: new Map(),
          dropped: new Set(),
          tokenExpired: false,
        };
        try {
          // Start from a mirrored fleet, so that local edits and other users' edits meet early.
          for (let i = 1; i <= 3; i++) {
            real.h.server.createAsOther(`seed-${i}`, {
              name: `s${i}`,
              model: 'M',
              serialNumber: `S-${i}`,
              status: 'operational',
            });
          }
          await real.h.engine.pull();
          await fc.asyncModelRun(() => ({ model: {}, real }), cmds);
          await settle(real);
          await assertInvariants(real);
        } finally {
          await real.h.dispose();
        }
      }),
      {
        numRuns: RUNS,
        ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED), path: process.env.FC_PATH } : {}),
      },
    );
  }, 120_000);
});
