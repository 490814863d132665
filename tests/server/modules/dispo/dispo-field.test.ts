import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Assignment, AssignmentList } from '@/domain/dispo/assignments';
import type { SyncChange, SyncPullResponse } from '@/domain/sync';
import { createUser } from '../../support/helpers';
import { createDispoWorld, round, type DispoWorld } from './dispo-fixtures';

/*
 * Drivers in the field: what the pull mirrors to whom (the registry's `visibleTo` hook), the REST reads
 * with the same rule, and rounds ticked by the driver.
 */

let w: DispoWorld;
let mine: Assignment;
let mineDraft: Assignment;
let theirs: Assignment;
let unlinkedOperator: string;

beforeAll(async () => {
  w = await createDispoWorld('df');
  unlinkedOperator = (await createUser(w.t, { username: 'df-operator-2', role: 'operator' })).token;
  const plan = (date: string, driverId: string) => ({
    date,
    driverId,
    truckId: w.trucks.one.id,
    rounds: [round(w.types.roll10.id, 'swap', 1, 'Baustelle'), round(w.types.skip7.id, 'pickup', 2)],
  });
  mine = await w.publish((await w.createAssignment(plan('2026-09-01', w.drivers.a.driver.id))).id);
  mineDraft = await w.createAssignment(plan('2026-09-02', w.drivers.a.driver.id));
  theirs = await w.publish((await w.createAssignment(plan('2026-09-01', w.drivers.b.driver.id))).id);
});
afterAll(async () => w.t.close());

async function pullAll(token: string, cursor = 0) {
  const changes: SyncChange[] = [];
  let served: string[] = [];
  for (;;) {
    const res = await w.call('GET', `/api/sync/pull?cursor=${cursor}&limit=2`, token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as SyncPullResponse;
    changes.push(...(body.changes as SyncChange[]));
    served = body.collections;
    cursor = body.cursor;
    if (!body.hasMore) break;
  }
  return { changes: changes.filter((c) => c.collection === 'dispoAssignments'), cursor, served };
}

describe('pull visibility', () => {
  it('a driver mirrors only their own published assignments; dispatchers everything', async () => {
    const driver = await pullAll(w.drivers.a.user.token);
    expect(driver.served).toContain('dispoAssignments');
    expect(driver.changes.map((c) => c.id)).toEqual([mine.id]);
    const one = await w.call('GET', `/api/containers/assignments/${mine.id}`, w.drivers.a.user.token);
    expect(driver.changes[0]).toEqual({
      collection: 'dispoAssignments',
      id: mine.id,
      deleted: false,
      version: mine.version,
      data: one.json(),
    });

    const dispatcher = await pullAll(w.tokens.dispo);
    expect(dispatcher.changes.map((c) => c.id).sort()).toEqual([mine.id, mineDraft.id, theirs.id].sort());
    expect((await pullAll(unlinkedOperator)).changes).toEqual([]);
    const viewer = await pullAll(w.tokens.viewer);
    expect(viewer.served).not.toContain('dispoAssignments');
  });

  it('the REST reads follow the same rule', async () => {
    const list = (
      await w.call('GET', '/api/containers/assignments', w.drivers.a.user.token)
    ).json() as AssignmentList;
    expect(list.items.map((a) => a.id)).toEqual([mine.id]);
    expect(
      (await w.call('GET', `/api/containers/assignments/${theirs.id}`, w.drivers.a.user.token)).statusCode,
    ).toBe(404);
    expect(
      (await w.call('GET', `/api/containers/assignments/${mineDraft.id}`, w.drivers.a.user.token)).statusCode,
    ).toBe(404);
    expect(
      (await w.call('GET', `/api/containers/assignments/${mineDraft.id}/pdf`, w.drivers.a.user.token))
        .statusCode,
    ).toBe(404);
    expect(
      ((await w.call('GET', '/api/containers/assignments', unlinkedOperator)).json() as AssignmentList).total,
    ).toBe(0);
  });

  it('publishing brings a draft to the tablet; moving it away sends a tombstone', async () => {
    const start = (await pullAll(w.drivers.a.user.token)).cursor;
    const startB = (await pullAll(w.drivers.b.user.token)).cursor;
    await w.publish(mineDraft.id);
    let next = await pullAll(w.drivers.a.user.token, start);
    expect(next.changes.map((c) => [c.id, c.deleted])).toEqual([[mineDraft.id, false]]);

    const moved = await w.call('PUT', `/api/containers/assignments/${mineDraft.id}`, w.tokens.dispo, {
      date: '2026-09-02',
      driverId: w.drivers.b.driver.id,
      rounds: [round(w.types.roll10.id)],
    });
    expect(moved.statusCode).toBe(200);
    next = await pullAll(w.drivers.a.user.token, next.cursor);
    expect(next.changes).toEqual([
      {
        collection: 'dispoAssignments',
        id: mineDraft.id,
        deleted: true,
        version: moved.json().version,
        data: null,
      },
    ]);
    const b = await pullAll(w.drivers.b.user.token, startB);
    expect(b.changes.map((c) => [c.id, c.deleted])).toEqual([[mineDraft.id, false]]);
    // A fresh mirror has nothing to delete: no tombstones for rows never seen.
    expect((await pullAll(w.drivers.a.user.token)).changes.every((c) => !c.deleted)).toBe(true);
  });

  it('renaming the driver or the truck re-sends their assignments with the new names', async () => {
    const start = (await pullAll(w.drivers.a.user.token)).cursor;
    const res = await w.call('PUT', `/api/containers/drivers/${w.drivers.a.driver.id}`, w.tokens.dispo, {
      name: 'Andreas Wolf-Huber',
      userId: w.drivers.a.user.id,
    });
    expect(res.statusCode).toBe(200);
    const next = await pullAll(w.drivers.a.user.token, start);
    expect(next.changes.map((c) => c.id)).toEqual([mine.id]);
    expect(next.changes[0]!.version).toBe(mine.version);
    expect((next.changes[0]!.data as Assignment).driver?.name).toBe('Andreas Wolf-Huber');

    await w.call('PUT', `/api/containers/trucks/${w.trucks.one.id}`, w.tokens.dispo, {
      licensePlate: 'M-FP 1235',
    });
    const truck = await pullAll(w.drivers.a.user.token, next.cursor);
    expect((truck.changes[0]!.data as Assignment).truck?.licensePlate).toBe('M-FP 1235');
  });

  it('unlinking the account takes the assignments off the tablet', async () => {
    const start = (await pullAll(w.drivers.a.user.token)).cursor;
    await w.call('PUT', `/api/containers/drivers/${w.drivers.a.driver.id}`, w.tokens.dispo, {
      name: 'Andreas Wolf-Huber',
    });
    const next = await pullAll(w.drivers.a.user.token, start);
    expect(next.changes.map((c) => [c.id, c.deleted])).toEqual([[mine.id, true]]);
    await w.call('PUT', `/api/containers/drivers/${w.drivers.a.driver.id}`, w.tokens.dispo, {
      name: 'Andreas Wolf-Huber',
      userId: w.drivers.a.user.id,
    });
    expect((await pullAll(w.drivers.a.user.token)).changes.map((c) => c.id)).toEqual([mine.id]);
  });
});

describe('PUT /api/containers/assignments/{id}/rounds/{index}/done', () => {
  const done = (
    id: string,
    index: number,
    token: string,
    value = true,
    headers: Record<string, string> = {},
  ) =>
    w.call('PUT', `/api/containers/assignments/${id}/rounds/${index}/done`, token, { done: value }, headers);

  it('the linked driver ticks a round of their published assignment, idempotently', async () => {
    const headers = { 'idempotency-key': '0196a0c2-bbbb-7000-8000-000000000001' };
    const current = (
      await w.call('GET', `/api/containers/assignments/${mine.id}`, w.tokens.dispo)
    ).json() as Assignment;
    const res = await done(mine.id, 1, w.drivers.a.user.token, true, {
      ...headers,
      'if-match': `"${current.version}"`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const ticked = res.json() as Assignment;
    expect(ticked.rounds.map((r) => r.done)).toEqual([false, true]);
    expect(ticked.version).toBe(current.version + 1);
    expect(ticked.updatedBy).toBe(w.drivers.a.user.id);

    const replay = await done(mine.id, 1, w.drivers.a.user.token, true, {
      ...headers,
      'if-match': `"${current.version}"`,
    });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().version).toBe(ticked.version);
    // Ticking what is ticked is no new version.
    expect((await done(mine.id, 1, w.drivers.a.user.token)).json().version).toBe(ticked.version);
    // The dispatcher sees it, and a tick is not a change the driver is told about.
    const seen = (
      await w.call('GET', `/api/containers/assignments/${mine.id}`, w.tokens.dispo)
    ).json() as Assignment;
    expect(seen.rounds[1]!.done).toBe(true);
    expect(seen.lastChange).toBeNull();
  });

  it('others are refused: another driver, an operator, the driver on a draft, viewers', async () => {
    expect((await done(mine.id, 0, w.drivers.b.user.token)).statusCode).toBe(403);
    const operator = await done(mine.id, 0, unlinkedOperator);
    expect(operator.statusCode).toBe(403);
    expect(operator.json().message).toBe(
      'Only the driver of this published assignment or a dispatcher can mark rounds done',
    );
    const draft = await w.createAssignment({
      date: '2026-09-20',
      driverId: w.drivers.a.driver.id,
      rounds: [round(w.types.roll10.id)],
    });
    expect((await done(draft.id, 0, w.drivers.a.user.token)).statusCode).toBe(403);
    expect((await done(mine.id, 0, w.tokens.viewer)).statusCode).toBe(403);
    const after = (
      await w.call('GET', `/api/containers/assignments/${mine.id}`, w.tokens.dispo)
    ).json() as Assignment;
    expect(after.rounds[0]!.done).toBe(false);
  });

  it('dispatchers may tick too; a missing round or a stale version is refused', async () => {
    const res = await done(theirs.id, 0, w.tokens.dispo);
    expect(res.statusCode).toBe(200);
    expect(res.json().rounds[0].done).toBe(true);
    const missing = await done(theirs.id, 5, w.tokens.dispo);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('This assignment has no round 6');
    const stale = await done(theirs.id, 1, w.drivers.b.user.token, true, {
      'if-match': `"${theirs.version}"`,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().details.reason).toBe('version');
    const untick = await done(theirs.id, 0, w.drivers.b.user.token, false);
    expect(untick.json().rounds[0].done).toBe(false);
  });

  it('the containers flag off stops the pull of assignments and the ticks', async () => {
    await w.t.app.settingsStore.update({ features: { containers: false } });
    try {
      const pull = await w.call('GET', '/api/sync/pull?cursor=0', w.drivers.a.user.token);
      expect((pull.json() as SyncPullResponse).collections).not.toContain('dispoAssignments');
      const res = await done(mine.id, 0, w.drivers.a.user.token);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FEATURE_DISABLED');
    } finally {
      await w.t.app.settingsStore.update({ features: { containers: true } });
    }
  });

  it("a tick replayed by the tablet's outbox reaches the dispatcher's mirror and pokes the clients", async () => {
    const plan = await w.createAssignment({
      date: '2026-09-25',
      driverId: w.drivers.a.driver.id,
      rounds: [round(w.types.roll10.id), round(w.types.skip7.id, 'pickup')],
    });
    const published = await w.publish(plan.id);
    const dispatcher = await pullAll(w.tokens.dispo);
    const pokes: string[][] = [];
    const onChanged = (collections: string[]) => pokes.push(collections);
    w.t.app.events.on('sync:changed', onChanged);
    try {
      // What the outbox sends: its entry id as Idempotency-Key, no If-Match; sent twice (lost answer).
      const headers = { 'idempotency-key': '0196a0c2-bbbb-7000-8000-000000000025' };
      const first = await done(published.id, 1, w.drivers.a.user.token, true, headers);
      expect(first.statusCode, first.body).toBe(200);
      const again = await done(published.id, 1, w.drivers.a.user.token, true, headers);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(pokes).toEqual([['dispoAssignments']]);
    } finally {
      w.t.app.events.off('sync:changed', onChanged);
    }
    const next = await pullAll(w.tokens.dispo, dispatcher.cursor);
    const change = next.changes.find((c) => c.id === published.id);
    expect(change?.version).toBe(published.version + 1);
    expect((change?.data as Assignment).rounds.map((r) => r.done)).toEqual([false, true]);
    expect(next.changes.filter((c) => c.id === published.id)).toHaveLength(1);
  });
});

// Last: the assignment it plans for driver A would change what the tests above expect of A's mirror.
describe('pull pages read once for many', () => {
  it('pulls of the same range at the same moment each get their own view of the assignments', async () => {
    const start = (await pullAll(w.tokens.dispo)).cursor;
    const planned = await w.publish(
      (
        await w.createAssignment({
          date: '2026-09-03',
          driverId: w.drivers.a.driver.id,
          truckId: w.trucks.one.id,
          rounds: [round(w.types.roll10.id)],
        })
      ).id,
    );
    const viewers = {
      driverA: w.drivers.a.user.token,
      driverB: w.drivers.b.user.token,
      operator: unlinkedOperator,
      dispatcher: w.tokens.dispo,
    };
    // Twice each, all at once: the second round finds whatever the first kept.
    const pages = async (cursor: number) =>
      Promise.all(
        [...Object.values(viewers), ...Object.values(viewers)].map(async (token) => {
          const res = await w.call('GET', `/api/sync/pull?cursor=${cursor}`, token);
          expect(res.statusCode, res.body).toBe(200);
          const body = res.json() as SyncPullResponse;
          return body.changes.filter((c) => c.collection === 'dispoAssignments');
        }),
      );
    const seen = (changes: SyncChange[]) => changes.map((c) => [c.id, c.deleted, c.data !== null]);
    const visible = [[planned.id, false, true]];
    const hidden = [[planned.id, true, false]];
    expect((await pages(start)).map(seen)).toEqual([
      visible,
      hidden,
      hidden,
      visible,
      visible,
      hidden,
      hidden,
      visible,
    ]);

    // A range without assignment changes is the same for everyone who is served the same collections.
    const head = (await pullAll(w.tokens.dispo, start)).cursor;
    const excavator = await w.call('POST', '/api/excavators', w.tokens.manager, {
      name: 'df-shared',
      model: 'CAT 320',
      serialNumber: 'DF-SHARED',
      usageHours: 1,
    });
    expect(excavator.statusCode, excavator.body).toBe(201);
    const bodies = await Promise.all(
      Object.values(viewers).map(async (token) => {
        const res = await w.call('GET', `/api/sync/pull?cursor=${head}`, token);
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as SyncPullResponse;
      }),
    );
    for (const body of bodies) {
      expect(body.changes.map((c) => [c.collection, c.id])).toEqual([['excavators', excavator.json().id]]);
    }
  });
});
