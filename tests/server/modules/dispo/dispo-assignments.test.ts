import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Assignment, AssignmentList } from '@/domain/dispo/assignments';
import { auditLog } from '@/server/db/schema';
import { createDispoWorld, round, type DispoWorld } from './dispo-fixtures';

let w: DispoWorld;
beforeAll(async () => {
  w = await createDispoWorld('da');
});
afterAll(async () => w.t.close());

const plan = (date: string, driverId: string, extra: Record<string, unknown> = {}) => ({
  date,
  driverId,
  truckId: w.trucks.one.id,
  rounds: [round(w.types.roll10.id, 'swap', 2, 'Hof Nord'), round(w.types.skip7.id, 'place', 1)],
  generalNotes: 'Lieferscheine abgeben',
  ...extra,
});

const dispoNotes = async (token: string) =>
  (await w.notifications(token)).filter((n) => n.type.startsWith('dispo.'));

describe('POST /api/containers/assignments', () => {
  it('creates a draft issued by the dispatcher, self-contained for the sheet', async () => {
    const res = await w.call(
      'POST',
      '/api/containers/assignments',
      w.tokens.dispo,
      plan('2026-06-01', w.drivers.a.driver.id),
    );
    expect(res.statusCode).toBe(201);
    expect(res.headers.etag).toBe('"1"');
    const a = res.json() as Assignment;
    expect(res.headers.location).toBe(`/api/containers/assignments/${a.id}`);
    expect(a).toMatchObject({
      date: '2026-06-01',
      status: 'draft',
      issuedBy: w.dispoUserId,
      issuedByName: 'da-dispo',
      publishedAt: null,
      lastChange: null,
      driver: { id: w.drivers.a.driver.id, name: 'Andreas Wolf', userId: w.drivers.a.user.id },
      truck: { licensePlate: 'M-FP 1234', type: 'Abrollkipper' },
      rounds: [
        {
          notes: 'Hof Nord',
          done: false,
          items: [
            {
              containerTypeId: w.types.roll10.id,
              quantity: 2,
              operation: 'swap',
              containerType: { name: 'Abrollcontainer 10 m³', volume: 10 },
            },
          ],
        },
        { notes: null, done: false, items: [{ operation: 'place', quantity: 1 }] },
      ],
    });
    const one = await w.call('GET', `/api/containers/assignments/${a.id}`, w.tokens.manager);
    expect(one.json()).toEqual(a);
    expect(one.headers.etag).toBe('"1"');
  });

  it('validates quantities, operations and the master data named', async () => {
    const bad = await w.call('POST', '/api/containers/assignments', w.tokens.dispo, {
      date: '2026-06-02',
      driverId: w.drivers.a.driver.id,
      rounds: [
        { items: [{ containerTypeId: w.types.roll10.id, quantity: 0, operation: 'place' }] },
        { items: [{ containerTypeId: w.types.roll10.id, quantity: 1, operation: 'dump' }] },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().details.fields).sort()).toEqual([
      'rounds.0.items.0.quantity',
      'rounds.1.items.0.operation',
    ]);
    const unknownType = await w.call('POST', '/api/containers/assignments', w.tokens.dispo, {
      ...plan('2026-06-02', w.drivers.a.driver.id),
      rounds: [round(w.types.roll10.id), round('0196a0c2-0000-7000-8000-00000000beef')],
    });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().details.fields).toEqual({
      'rounds.1.items.0.containerTypeId': ['No such container type'],
    });
    const unknownDriver = await w.call(
      'POST',
      '/api/containers/assignments',
      w.tokens.dispo,
      plan('2026-06-02', w.trucks.one.id),
    );
    expect(unknownDriver.json().details.fields).toEqual({ driverId: ['No such driver'] });
  });

  it('warns about a second assignment of the driver on a date; allowDuplicate confirms', async () => {
    const first = await w.createAssignment(plan('2026-06-03', w.drivers.b.driver.id));
    const again = await w.call(
      'POST',
      '/api/containers/assignments',
      w.tokens.dispo,
      plan('2026-06-03', w.drivers.b.driver.id),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CONFLICT',
      details: { reason: 'duplicate', duplicate: { id: first.id } },
    });
    const confirmed = await w.call('POST', '/api/containers/assignments', w.tokens.dispo, {
      ...plan('2026-06-03', w.drivers.b.driver.id),
      allowDuplicate: true,
    });
    expect(confirmed.statusCode).toBe(201);

    // Moving another assignment onto that day warns as well; editing the confirmed one does not.
    const other = await w.createAssignment(plan('2026-06-04', w.drivers.b.driver.id));
    const move = await w.call(
      'PUT',
      `/api/containers/assignments/${other.id}`,
      w.tokens.dispo,
      plan('2026-06-03', w.drivers.b.driver.id),
    );
    expect(move.statusCode).toBe(409);
    expect(move.json().details.reason).toBe('duplicate');
    const edit = await w.call(
      'PUT',
      `/api/containers/assignments/${confirmed.json().id}`,
      w.tokens.dispo,
      plan('2026-06-03', w.drivers.b.driver.id, { generalNotes: 'geändert' }),
    );
    expect(edit.statusCode).toBe(200);
  });

  it('answers a repeated create with the same Idempotency-Key once', async () => {
    const headers = { 'idempotency-key': '0196a0c2-aaaa-7000-8000-000000000001' };
    const body = plan('2026-06-05', w.drivers.c.driver.id);
    const first = await w.call('POST', '/api/containers/assignments', w.tokens.dispo, body, headers);
    const second = await w.call('POST', '/api/containers/assignments', w.tokens.dispo, body, headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().id).toBe(first.json().id);
    const list = await w.call(
      'GET',
      `/api/containers/assignments?driverId=${w.drivers.c.driver.id}&from=2026-06-05&to=2026-06-05`,
      w.tokens.dispo,
    );
    expect((list.json() as AssignmentList).total).toBe(1);
  });
});

describe('GET /api/containers/assignments', () => {
  it('filters by dates, driver, truck and status and pages', async () => {
    const from = '2026-07-06';
    const ids: string[] = [];
    for (const [i, date] of ['2026-07-06', '2026-07-07', '2026-07-08', '2026-07-10'].entries()) {
      ids.push(
        (
          await w.createAssignment(
            plan(date, w.drivers.c.driver.id, { truckId: i % 2 ? w.trucks.two.id : null }),
          )
        ).id,
      );
    }
    await w.publish(ids[1]!);
    const get = async (query: string) => {
      const res = await w.call('GET', `/api/containers/assignments?${query}`, w.tokens.dispo);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as AssignmentList;
    };
    const range = await get(`from=${from}&to=2026-07-08&sort=date`);
    expect(range.items.map((a) => a.date)).toEqual(['2026-07-06', '2026-07-07', '2026-07-08']);
    expect((await get(`from=${from}&to=2026-07-31`)).items[0]!.date).toBe('2026-07-10');
    expect((await get(`from=${from}&status=published`)).items.map((a) => a.id)).toEqual([ids[1]]);
    expect((await get(`from=${from}&truckId=${w.trucks.two.id}`)).items.map((a) => a.id).sort()).toEqual(
      [ids[1], ids[3]].sort(),
    );
    const paged = await get(`from=${from}&driverId=${w.drivers.c.driver.id}&limit=3&page=2&sort=date`);
    expect(paged).toMatchObject({ total: 4, page: 2, limit: 3 });
    expect(paged.items.map((a) => a.date)).toEqual(['2026-07-10']);
    const wrong = await w.call(
      'GET',
      '/api/containers/assignments?from=2026-07-08&to=2026-07-01',
      w.tokens.dispo,
    );
    expect(wrong.statusCode).toBe(400);
  });
});

describe('publishing and changes after publishing', () => {
  it('publish tells the linked driver once; a draft edit tells nobody', async () => {
    const draft = await w.createAssignment(plan('2026-06-10', w.drivers.a.driver.id));
    const edited = await w.call(
      'PUT',
      `/api/containers/assignments/${draft.id}`,
      w.tokens.dispo,
      plan('2026-06-10', w.drivers.a.driver.id, { generalNotes: 'neu' }),
    );
    expect(edited.json()).toMatchObject({ version: 2, lastChange: null });
    expect(await dispoNotes(w.drivers.a.user.token)).toHaveLength(0);

    const before = Date.now();
    const published = await w.publish(draft.id);
    expect(published).toMatchObject({ status: 'published', version: 3 });
    expect(Date.parse(published.publishedAt!)).toBeGreaterThanOrEqual(before - 1000);
    const notes = await dispoNotes(w.drivers.a.user.token);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      type: 'dispo.published',
      title: 'Neuer Einsatz am 10.06.2026',
      link: `/dispo/assignments/${draft.id}`,
      read: false,
    });
    expect(notes[0]!.message).toContain('da-dispo');
    // Nobody else hears of it; publishing again changes nothing.
    expect(await dispoNotes(w.drivers.b.user.token)).toHaveLength(0);
    expect((await w.publish(draft.id)).version).toBe(3);
    expect(await dispoNotes(w.drivers.a.user.token)).toHaveLength(1);
  });

  it('a change after publishing tells the driver what changed and records it', async () => {
    const a = await w.publish((await w.createAssignment(plan('2026-06-11', w.drivers.a.driver.id))).id);
    const res = await w.call(
      'PUT',
      `/api/containers/assignments/${a.id}`,
      w.tokens.manager,
      {
        ...plan('2026-06-11', w.drivers.a.driver.id),
        truckId: w.trucks.two.id,
        rounds: [
          round(w.types.roll10.id, 'swap', 2, 'Hof Nord'),
          round(w.types.skip7.id, 'pickup', 3),
          round(w.types.roll20.id),
        ],
      },
      { 'if-match': `"${a.version}"` },
    );
    expect(res.statusCode, res.body).toBe(200);
    const changed = res.json() as Assignment;
    expect(changed.status).toBe('published');
    expect(changed.lastChange).toMatchObject({
      changes: [
        { kind: 'field', field: 'truck' },
        { kind: 'round', index: 1, change: 'changed' },
        { kind: 'round', index: 2, change: 'added' },
      ],
    });
    const notes = await dispoNotes(w.drivers.a.user.token);
    const latest = notes[0]!;
    expect(latest).toMatchObject({ type: 'dispo.changed', title: 'Einsatz geändert: 11.06.2026' });
    expect(latest.message).toContain('LKW, Tour 2 geändert, Tour 3 hinzugefügt');

    const [audit] = await w.t.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'dispoAssignment.update'), eq(auditLog.entityId, a.id)));
    expect(audit?.changes).toMatchObject({
      truckId: { from: w.trucks.one.id, to: w.trucks.two.id },
      summary: changed.lastChange!.changes,
    });

    const stale = await w.call(
      'PUT',
      `/api/containers/assignments/${a.id}`,
      w.tokens.dispo,
      plan('2026-06-11', w.drivers.a.driver.id),
      {
        'if-match': `"${a.version}"`,
      },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().details).toMatchObject({
      reason: 'version',
      current: { id: a.id, version: changed.version },
    });
  });

  it('moving a published assignment to another driver withdraws it from one and gives it to the other', async () => {
    const a = await w.publish((await w.createAssignment(plan('2026-06-12', w.drivers.a.driver.id))).id);
    const beforeA = (await dispoNotes(w.drivers.a.user.token)).length;
    const res = await w.call(
      'PUT',
      `/api/containers/assignments/${a.id}`,
      w.tokens.dispo,
      plan('2026-06-12', w.drivers.b.driver.id),
    );
    expect(res.statusCode).toBe(200);
    const notesA = await dispoNotes(w.drivers.a.user.token);
    expect(notesA).toHaveLength(beforeA + 1);
    expect(notesA[0]).toMatchObject({ type: 'dispo.changed', title: 'Einsatz zurückgezogen: 12.06.2026' });
    expect((await dispoNotes(w.drivers.b.user.token))[0]).toMatchObject({
      type: 'dispo.published',
      link: `/dispo/assignments/${a.id}`,
    });
  });

  it('deleting a published assignment tells the driver; it is gone afterwards', async () => {
    const a = await w.publish((await w.createAssignment(plan('2026-06-13', w.drivers.b.driver.id))).id);
    const del = await w.call('DELETE', `/api/containers/assignments/${a.id}`, w.tokens.dispo);
    expect(del.statusCode).toBe(200);
    expect(del.json().deletedAt).not.toBeNull();
    expect((await dispoNotes(w.drivers.b.user.token))[0]).toMatchObject({
      type: 'dispo.changed',
      title: 'Einsatz zurückgezogen: 13.06.2026',
    });
    expect((await w.call('GET', `/api/containers/assignments/${a.id}`, w.tokens.dispo)).statusCode).toBe(404);
  });

  it('publishing on a stale version is refused with the current assignment, and nobody is told', async () => {
    const draft = await w.createAssignment(plan('2026-06-16', w.drivers.b.driver.id));
    const toldBefore = (await dispoNotes(w.drivers.b.user.token)).length;
    const url = `/api/containers/assignments/${draft.id}`;
    // The dispatcher moves it to another day meanwhile: a device that saw the draft is behind.
    const moved = await w.call('PUT', url, w.tokens.dispo, plan('2026-06-17', w.drivers.b.driver.id));
    expect(moved.statusCode, moved.body).toBe(200);
    const current = moved.json() as Assignment;

    const stale = await w.call('PUT', `${url}/publish`, w.tokens.dispo, undefined, {
      'if-match': `"${draft.version}"`,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().details).toMatchObject({
      reason: 'version',
      current: { id: draft.id, version: current.version, status: 'draft', date: '2026-06-17' },
    });
    expect(await dispoNotes(w.drivers.b.user.token)).toHaveLength(toldBefore);

    const fresh = await w.call('PUT', `${url}/publish`, w.tokens.dispo, undefined, {
      'if-match': `"${current.version}"`,
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const published = fresh.json() as Assignment;
    expect(published).toMatchObject({ status: 'published', version: current.version + 1 });
    expect(fresh.headers.etag).toBe(`"${published.version}"`);
    // Published at the write's own time, the time its version records.
    expect(published.publishedAt).toBe(published.updatedAt);
    const [audit] = await w.t.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'dispoAssignment.publish'), eq(auditLog.entityId, draft.id)));
    expect(audit?.changes).toEqual({
      status: { from: 'draft', to: 'published' },
      publishedAt: { from: null, to: published.publishedAt },
    });
  });

  it('refuses to publish an assignment without rounds', async () => {
    const empty = await w.createAssignment({ date: '2026-06-14', driverId: w.drivers.c.driver.id });
    const res = await w.call('PUT', `/api/containers/assignments/${empty.id}/publish`, w.tokens.dispo);
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fields.rounds).toEqual(['Add at least one round before publishing']);
  });

  it('prints the driver sheet', async () => {
    const a = await w.createAssignment(plan('2026-06-15', w.drivers.c.driver.id));
    const res = await w.call('GET', `/api/containers/assignments/${a.id}/pdf?lang=en`, w.tokens.dispo);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
