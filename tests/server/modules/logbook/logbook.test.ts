import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogbookEntry, LogbookList } from '@/domain/logbook';
import type { Notification } from '@/domain/notification';
import type { SyncPullResponse } from '@/domain/sync';
import { auditLog, notifications } from '@/server/db/schema';
import { createTestApp, createUser, type TestApp } from '../../support/helpers';
import { demoSignature } from '@/server/modules/logbook/signature-png';

let t: TestApp;
interface Person {
  id: string;
  token: string;
}
let admin: Person;
let manager: Person;
let operator: Person;
let colleague: Person;
let unsignedOperator: Person;
let dispo: Person;
let viewer: Person;

const OPERATOR_SIGNATURE = demoSignature('Operator');
const MANAGER_SIGNATURE = demoSignature('Manager');

const auth = (p: Person) => ({ 'x-auth-token': p.token });

function entryBody(overrides: Record<string, unknown> = {}) {
  return {
    date: '2026-03-02',
    site: 'Recyclinghof Nord',
    shiftStart: '06:00',
    shiftEnd: '14:00',
    weather: { temperature: 4.5, humidity: 81, conditions: 'cloudy' },
    conveyorChecks: [
      { key: 'aufgabeband', name: 'Aufgabeband', functional: true, notes: '' },
      { key: 'sortierband-1', name: 'Sortierband 1', functional: false, notes: 'Gurt läuft schief' },
    ],
    specialChecks: [{ key: 'brandschutz', name: 'Brandschutz', open: false, notes: null }],
    generalNotes: 'Ruhige Schicht.',
    ...overrides,
  };
}

async function create(
  p: Person,
  overrides: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/betriebstagebuch',
    payload: entryBody(overrides),
    headers: { ...auth(p), ...headers },
  });
}

async function created(p: Person, overrides: Record<string, unknown> = {}): Promise<LogbookEntry> {
  const res = await create(p, overrides);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function put(
  p: Person,
  entry: LogbookEntry,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/betriebstagebuch/${entry.id}`,
    payload: body,
    headers: { ...auth(p), 'if-match': `"${entry.version}"`, ...headers },
  });
}

async function approve(
  p: Person,
  entry: LogbookEntry,
  body: object = {},
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/betriebstagebuch/${entry.id}/approve`,
    payload: body,
    headers: { ...auth(p), ...headers },
  });
}

async function notificationsOf(p: Person): Promise<Notification[]> {
  const res = await t.app.inject({ url: '/api/notifications', headers: auth(p) });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function auditActions(entityId: string): Promise<string[]> {
  const rows = await t.db.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'logbook'), eq(auditLog.entityId, entityId)))
    .orderBy(auditLog.at, auditLog.id);
  return rows.map((r) => r.action);
}

async function setSignature(p: Person, signature: string) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/profile/signature',
    payload: { signature },
    headers: auth(p),
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { username: 'lb-admin', role: 'admin' });
  manager = await createUser(t, { username: 'lb-manager', role: 'Manager' });
  operator = await createUser(t, { username: 'lb-operator', role: 'operator' });
  colleague = await createUser(t, { username: 'lb-colleague', role: 'operator' });
  unsignedOperator = await createUser(t, { username: 'lb-nosig', role: 'operator' });
  dispo = await createUser(t, { username: 'lb-dispo', role: 'dispo' });
  viewer = await createUser(t, { username: 'lb-viewer', role: 'auditor' });
  await setSignature(operator, OPERATOR_SIGNATURE);
  await setSignature(colleague, OPERATOR_SIGNATURE);
  await setSignature(manager, MANAGER_SIGNATURE);
});
afterAll(async () => t.close());

describe('POST /api/betriebstagebuch', () => {
  it('creates an unsigned entry with every field, its ETag, location and an audit record', async () => {
    const res = await create(operator);
    expect(res.statusCode, res.body).toBe(201);
    const entry: LogbookEntry = res.json();
    expect(res.headers.etag).toBe('"1"');
    expect(res.headers.location).toBe(`/api/betriebstagebuch/${entry.id}`);
    expect(entry).toMatchObject({
      version: 1,
      status: 'unsigned',
      date: '2026-03-02',
      site: 'Recyclinghof Nord',
      shiftStart: '06:00',
      shiftEnd: '14:00',
      overnight: false,
      weather: { temperature: 4.5, humidity: 81, conditions: 'cloudy' },
      conveyorChecks: [
        { key: 'aufgabeband', name: 'Aufgabeband', functional: true, notes: null },
        { key: 'sortierband-1', name: 'Sortierband 1', functional: false, notes: 'Gurt läuft schief' },
      ],
      specialChecks: [{ key: 'brandschutz', name: 'Brandschutz', open: false, notes: null }],
      generalNotes: 'Ruhige Schicht.',
      createdBy: operator.id,
      createdByName: 'lb-operator',
      creatorSignature: null,
      reviewerSignature: null,
      approvedBy: null,
    });
    expect(await auditActions(entry.id)).toEqual(['logbook.create']);
  });

  it('accepts an overnight shift and no weather at all', async () => {
    const entry = await created(operator, { shiftStart: '22:00', shiftEnd: '06:00', weather: null });
    expect(entry).toMatchObject({ overnight: true, weather: null });
    const empty = await created(operator, { weather: { temperature: '', humidity: null, conditions: ' ' } });
    expect(empty.weather).toBeNull();
  });

  it('answers 400 with messages per field: times, notes of a broken conveyor, date', async () => {
    const res = await create(operator, {
      date: '2026-02-30',
      shiftStart: '6:00',
      shiftEnd: '24:00',
      conveyorChecks: [{ name: 'Sortierband 2', functional: false, notes: '  ' }],
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().details.fields as Record<string, string[]>;
    expect(fields.date).toEqual(['Date must be a date (YYYY-MM-DD)']);
    expect(fields.shiftStart).toEqual(['Shift start must be a time (HH:MM)']);
    expect(fields.shiftEnd).toEqual(['Shift end must be a time (HH:MM)']);
    expect(fields['conveyorChecks.0.notes']).toEqual(['A conveyor that is not functional needs a note']);

    const same = await create(operator, { shiftStart: '07:30', shiftEnd: '07:30' });
    expect(same.statusCode).toBe(400);
    expect(same.json().details.fields.shiftEnd).toEqual(['Shift end must differ from shift start']);
  });

  it('ignores read-only fields a client sends (status, signatures, author)', async () => {
    const entry = await created(operator, {
      status: 'approved',
      creatorSignature: MANAGER_SIGNATURE,
      reviewerSignature: MANAGER_SIGNATURE,
      createdBy: manager.id,
    });
    expect(entry).toMatchObject({
      status: 'unsigned',
      creatorSignature: null,
      reviewerSignature: null,
      createdBy: operator.id,
    });
  });

  it('answers a repeated create with the same client id and content with the row; another content → 409', async () => {
    const id = uuidv7();
    const first = await create(operator, { id });
    expect(first.statusCode).toBe(201);
    const again = await create(operator, { id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const other = await create(operator, { id, generalNotes: 'Anders' });
    expect(other.statusCode).toBe(409);
    expect(other.json().details).toMatchObject({ reason: 'id_taken', current: { id } });
  });

  it('lets admins, managers and operators write; dispo and other roles only read', async () => {
    expect((await create(admin)).statusCode).toBe(201);
    expect((await create(manager)).statusCode).toBe(201);
    expect((await create(dispo)).statusCode).toBe(403);
    expect((await create(viewer)).statusCode).toBe(403);
    const list = await t.app.inject({ url: '/api/betriebstagebuch', headers: auth(viewer) });
    expect(list.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/betriebstagebuch', headers: auth(dispo) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/betriebstagebuch' })).statusCode).toBe(401);
  });
});

describe('GET /api/betriebstagebuch', () => {
  let ids: string[];
  beforeAll(async () => {
    const a = await created(colleague, { date: '2025-06-01', site: 'Recyclinghof Süd' });
    const b = await created(colleague, { date: '2025-06-02', site: 'Recyclinghof Süd', sign: true });
    const c = await created(colleague, { date: '2025-06-03', site: 'Recyclinghof Nord' });
    const d = await created(colleague, {
      date: '2025-06-03',
      site: 'Recyclinghof Süd',
      shiftStart: '14:00',
      shiftEnd: '22:00',
    });
    ids = [a.id, b.id, c.id, d.id];
  });

  const list = async (query: string, p: Person = colleague): Promise<LogbookList> => {
    const res = await t.app.inject({ url: `/api/betriebstagebuch?${query}`, headers: auth(p) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('filters by date range, newest date and later shift first, and pages', async () => {
    const june = await list('from=2025-06-01&to=2025-06-03&author=me');
    expect(june.total).toBe(4);
    expect(june.items.map((e) => e.id)).toEqual([ids[3], ids[2], ids[1], ids[0]]);
    const page2 = await list('from=2025-06-01&to=2025-06-03&author=me&limit=3&page=2');
    expect(page2).toMatchObject({ total: 4, page: 2, limit: 3 });
    expect(page2.items.map((e) => e.id)).toEqual([ids[0]]);
  });

  it('finds entries of one date (the duplicate-date warning) and filters status, author and site', async () => {
    const sameDay = await list('from=2025-06-03&to=2025-06-03');
    expect(sameDay.items.map((e) => e.site).sort()).toEqual(['Recyclinghof Nord', 'Recyclinghof Süd']);
    const pending = await list(`status=pending&author=${colleague.id}`, manager);
    expect(pending.items.map((e) => e.id)).toEqual([ids[1]]);
    const sued = await list('site=recyclinghof süd&from=2025-06-01&to=2025-06-30');
    expect(sued.total).toBe(3);
    expect((await list(`author=${manager.id}&from=2025-06-01&to=2025-06-30`)).total).toBe(0);
  });

  it('refuses malformed filters', async () => {
    const res = await t.app.inject({
      url: '/api/betriebstagebuch?from=yesterday&status=done',
      headers: auth(operator),
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().details.fields).sort()).toEqual(['querystring.from', 'querystring.status']);
  });
});

describe('GET /api/betriebstagebuch/{id}', () => {
  it('reads one with its ETag; a missing id answers "Entry not found"', async () => {
    const entry = await created(operator);
    const res = await t.app.inject({ url: `/api/betriebstagebuch/${entry.id}`, headers: auth(viewer) });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe('"1"');
    expect(res.json()).toEqual(entry);
    for (const id of [uuidv7(), 'not-an-id']) {
      const missing = await t.app.inject({ url: `/api/betriebstagebuch/${id}`, headers: auth(viewer) });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ message: 'Entry not found', code: 'NOT_FOUND' });
    }
  });
});

describe('signing with the profile signature', () => {
  it('refuses to sign without a profile signature (422) and stores nothing', async () => {
    const before = await t.app.inject({
      url: '/api/betriebstagebuch?author=me',
      headers: auth(unsignedOperator),
    });
    const res = await create(unsignedOperator, { sign: true });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: 'Save your signature in your profile first',
      details: { reason: 'signature_missing', link: '/profile' },
    });
    const after = await t.app.inject({
      url: '/api/betriebstagebuch?author=me',
      headers: auth(unsignedOperator),
    });
    expect(after.json().total).toBe(before.json().total);
    // Saving without signing works.
    const draft = await create(unsignedOperator);
    expect(draft.statusCode).toBe(201);
    const sign = await put(unsignedOperator, draft.json(), { ...entryBody(), sign: true });
    expect(sign.statusCode).toBe(422);
  });

  it("stamps the author's profile signature on create with sign: true and tells the reviewers", async () => {
    const before = {
      manager: (await notificationsOf(manager)).length,
      admin: (await notificationsOf(admin)).length,
      operator: (await notificationsOf(operator)).length,
    };
    const entry = await created(operator, { sign: true, date: '2026-03-05' });
    expect(entry.status).toBe('pending');
    expect(entry.creatorSignature).toBe(OPERATOR_SIGNATURE);
    expect(entry.signedAt).not.toBeNull();
    expect(await auditActions(entry.id)).toEqual(['logbook.create', 'logbook.sign']);

    const [toManager] = await notificationsOf(manager);
    expect(toManager).toMatchObject({ type: 'logbook.pending', link: `/betriebstagebuch?id=${entry.id}` });
    expect(toManager?.title).toContain('Betriebstagebuch');
    expect((await notificationsOf(manager)).length).toBe(before.manager + 1);
    expect((await notificationsOf(admin)).length).toBe(before.admin + 1);
    expect((await notificationsOf(operator)).length).toBe(before.operator);
  });

  it('signs a saved entry by PUT sign: true; only its author may sign', async () => {
    const entry = await created(operator);
    const byManager = await put(manager, entry, { ...entryBody(), sign: true });
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json().message).toBe('Only the author can sign this entry');
    const res = await put(operator, entry, { ...entryBody(), sign: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'pending', version: 2, creatorSignature: OPERATOR_SIGNATURE });
    expect(res.headers.etag).toBe('"2"');
  });

  it("withdraws the signature when a pending entry's content changes, keeps it when nothing changed", async () => {
    const entry = await created(operator, { sign: true });
    const unchanged = await put(operator, entry, entryBody());
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json()).toMatchObject({ status: 'pending', version: 1 });

    const changed = await put(manager, entry, {
      ...entryBody(),
      generalNotes: 'Korrigiert vom Betriebsleiter',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      status: 'unsigned',
      version: 2,
      creatorSignature: null,
      signedAt: null,
    });
    expect(await auditActions(entry.id)).toEqual([
      'logbook.create',
      'logbook.sign',
      'logbook.update',
      'logbook.unsign',
    ]);

    const resigned = await put(operator, changed.json(), {
      ...entryBody(),
      generalNotes: 'Gelesen',
      sign: true,
    });
    expect(resigned.json()).toMatchObject({
      status: 'pending',
      version: 3,
      creatorSignature: OPERATOR_SIGNATURE,
    });
    const withdrawn = await put(operator, resigned.json(), {
      ...entryBody(),
      generalNotes: 'Gelesen',
      sign: false,
    });
    expect(withdrawn.json()).toMatchObject({ status: 'unsigned', version: 4, creatorSignature: null });
  });
});

describe('who may change an entry', () => {
  it('lets operators change and delete only their own entries; reviewers any unlocked one', async () => {
    const mine = await created(operator);
    const other = await put(colleague, mine, { ...entryBody(), generalNotes: 'Fremd' });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('You can only change your own entries');
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/betriebstagebuch/${mine.id}`,
      headers: auth(colleague),
    });
    expect(del.statusCode).toBe(403);
    expect((await put(dispo, mine, entryBody())).statusCode).toBe(403);
    const byManager = await put(manager, mine, { ...entryBody(), generalNotes: 'Ergänzt' });
    expect(byManager.statusCode).toBe(200);
    expect(byManager.json()).toMatchObject({
      generalNotes: 'Ergänzt',
      updatedBy: manager.id,
      createdBy: operator.id,
    });
  });

  it('deletes softly: the tombstone answers, reads 404, lists leave it out, deleting again is done', async () => {
    const entry = await created(operator, { date: '2024-01-09' });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/betriebstagebuch/${entry.id}`,
      headers: { ...auth(operator), 'if-match': '"1"' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: entry.id, version: 2 });
    expect(res.json().deletedAt).not.toBeNull();
    const read = await t.app.inject({ url: `/api/betriebstagebuch/${entry.id}`, headers: auth(operator) });
    expect(read.statusCode).toBe(404);
    const list = await t.app.inject({
      url: '/api/betriebstagebuch?from=2024-01-09&to=2024-01-09',
      headers: auth(operator),
    });
    expect(list.json().total).toBe(0);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/betriebstagebuch/${entry.id}`,
      headers: auth(operator),
    });
    expect(again.statusCode).toBe(200);
    expect(await auditActions(entry.id)).toEqual(['logbook.create', 'logbook.delete']);
  });

  it('answers a stale If-Match with 409 and the current row', async () => {
    const entry = await created(operator);
    const first = await put(operator, entry, { ...entryBody(), generalNotes: 'Erste Änderung' });
    expect(first.statusCode).toBe(200);
    const stale = await put(operator, entry, { ...entryBody(), generalNotes: 'Zweite Änderung' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().details).toMatchObject({
      reason: 'version',
      current: { version: 2, generalNotes: 'Erste Änderung' },
    });
    const staleDelete = await t.app.inject({
      method: 'DELETE',
      url: `/api/betriebstagebuch/${entry.id}`,
      headers: { ...auth(operator), 'if-match': '"1"' },
    });
    expect(staleDelete.statusCode).toBe(409);
  });
});

describe('PUT /api/betriebstagebuch/{id}/approve', () => {
  it('lets a manager approve a pending entry with a drawn signature and tells the author', async () => {
    const entry = await created(operator, { sign: true, date: '2026-03-06' });
    const before = (await notificationsOf(operator)).length;
    const res = await approve(manager, entry, { signature: MANAGER_SIGNATURE }, { 'if-match': '"1"' });
    expect(res.statusCode, res.body).toBe(200);
    const approved: LogbookEntry = res.json();
    expect(approved).toMatchObject({
      status: 'approved',
      version: 2,
      reviewerSignature: MANAGER_SIGNATURE,
      creatorSignature: OPERATOR_SIGNATURE,
      approvedBy: manager.id,
      approvedByName: 'lb-manager',
    });
    expect(approved.approvedAt).not.toBeNull();
    const mine = await notificationsOf(operator);
    expect(mine.length).toBe(before + 1);
    expect(mine[0]).toMatchObject({ type: 'logbook.approved', link: `/betriebstagebuch?id=${entry.id}` });
    expect(await auditActions(entry.id)).toEqual(['logbook.create', 'logbook.sign', 'logbook.approve']);
  });

  it("takes the reviewer's profile signature when none is sent; without one → 422", async () => {
    const entry = await created(operator, { sign: true });
    const noSignature = await approve(admin, entry);
    expect(noSignature.statusCode).toBe(422);
    expect(noSignature.json().message).toBe('Save your signature in your profile first');
    const res = await approve(manager, entry);
    expect(res.statusCode).toBe(200);
    expect(res.json().reviewerSignature).toBe(MANAGER_SIGNATURE);
  });

  it('approves only pending entries, and refuses operators, dispo and other roles', async () => {
    const draft = await created(operator);
    const unsigned = await approve(manager, draft, { signature: MANAGER_SIGNATURE });
    expect(unsigned.statusCode).toBe(409);
    expect(unsigned.json()).toMatchObject({
      message: 'Only pending entries can be approved',
      details: { reason: 'status', current: { status: 'unsigned' } },
    });
    const pending = await created(operator, { sign: true });
    for (const p of [operator, dispo, viewer]) {
      expect((await approve(p, pending, { signature: MANAGER_SIGNATURE })).statusCode).toBe(403);
    }
    const bad = await approve(manager, pending, { signature: 'data:image/png;base64,AAAA' });
    expect(bad.statusCode).toBe(400);
  });

  it('locks approved entries: edit, delete, sign and approving again answer 409', async () => {
    const entry = await created(operator, { sign: true });
    const approved: LogbookEntry = (await approve(manager, entry, { signature: MANAGER_SIGNATURE })).json();
    for (const p of [operator, manager, admin]) {
      const edit = await put(p, approved, { ...entryBody(), generalNotes: 'Nachträglich' });
      expect(edit.statusCode).toBe(409);
      expect(edit.json()).toMatchObject({
        message: 'Approved entries are locked',
        details: { reason: 'locked', current: { status: 'approved' } },
      });
    }
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/betriebstagebuch/${entry.id}`,
      headers: auth(manager),
    });
    expect(del.statusCode).toBe(409);
    expect((await approve(manager, approved, { signature: MANAGER_SIGNATURE })).statusCode).toBe(409);
    const read = await t.app.inject({ url: `/api/betriebstagebuch/${entry.id}`, headers: auth(operator) });
    expect(read.json()).toMatchObject({ status: 'approved', version: 2 });
  });

  it('replays an approval sent again with the same Idempotency-Key: one approval, one notice', async () => {
    const entry = await created(operator, { sign: true });
    const key = uuidv7();
    const before = (await notificationsOf(operator)).length;
    const first = await approve(manager, entry, { signature: MANAGER_SIGNATURE }, { 'idempotency-key': key });
    expect(first.statusCode).toBe(200);
    const again = await approve(manager, entry, { signature: MANAGER_SIGNATURE }, { 'idempotency-key': key });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await notificationsOf(operator)).length).toBe(before + 1);
    expect((await auditActions(entry.id)).filter((a) => a === 'logbook.approve')).toHaveLength(1);
    const mismatch = await approve(manager, entry, {}, { 'idempotency-key': key });
    expect(mismatch.statusCode).toBe(422);
  });

  it('announces the notice only after the approval has committed', async () => {
    const entry = await created(operator, { sign: true });
    const seen: Array<{ type: string; committed: boolean }> = [];
    const listener = (_userId: string, notification: Notification) => {
      // Runs synchronously at emit time: the row must already be readable from outside the write.
      void t.db.db
        .select({ n: count() })
        .from(notifications)
        .where(eq(notifications.id, notification.id))
        .then(([row]) => seen.push({ type: notification.type, committed: row?.n === 1 }));
    };
    t.app.events.on('notification:created', listener);
    try {
      const res = await approve(manager, entry, { signature: MANAGER_SIGNATURE });
      expect(res.statusCode).toBe(200);
      await expect.poll(() => seen.length).toBe(1);
      expect(seen).toEqual([{ type: 'logbook.approved', committed: true }]);
    } finally {
      t.app.events.off('notification:created', listener);
    }
  });
});

describe('sync and feature flag', () => {
  it('serves logbook entries in the pull, tombstones included after the cursor', async () => {
    const start = await t.app.inject({
      url: '/api/sync/pull?collections=logbook&limit=2000',
      headers: auth(viewer),
    });
    expect(start.statusCode).toBe(200);
    const cursor = (start.json() as SyncPullResponse).cursor;
    const entry = await created(operator, { date: '2026-04-01' });
    const gone = await created(operator, { date: '2026-04-02' });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/betriebstagebuch/${gone.id}`,
      headers: auth(operator),
    });
    const res = await t.app.inject({
      url: `/api/sync/pull?collections=logbook&cursor=${cursor}`,
      headers: auth(viewer),
    });
    const body: SyncPullResponse = res.json();
    expect(body.collections).toEqual(['logbook']);
    const one = await t.app.inject({ url: `/api/betriebstagebuch/${entry.id}`, headers: auth(viewer) });
    expect(body.changes).toEqual([
      { collection: 'logbook', id: entry.id, deleted: false, version: 1, data: one.json() },
      { collection: 'logbook', id: gone.id, deleted: true, version: 2, data: null },
    ]);
  });

  it('answers 403 FEATURE_DISABLED everywhere while betriebstagebuch is off, and the pull leaves it out', async () => {
    const entry = await created(operator);
    await t.app.settingsStore.update({ features: { betriebstagebuch: false } });
    try {
      const calls = [
        { method: 'GET' as const, url: '/api/betriebstagebuch' },
        { method: 'GET' as const, url: `/api/betriebstagebuch/${entry.id}` },
        { method: 'GET' as const, url: `/api/betriebstagebuch/${entry.id}/pdf` },
        { method: 'GET' as const, url: '/api/betriebstagebuch/weather?date=2026-03-02' },
        { method: 'GET' as const, url: '/api/betriebstagebuch-config' },
        { method: 'POST' as const, url: '/api/betriebstagebuch', payload: entryBody() },
        { method: 'PUT' as const, url: `/api/betriebstagebuch/${entry.id}/approve`, payload: {} },
      ];
      for (const call of calls) {
        const res = await t.app.inject({ ...call, headers: auth(manager) });
        expect(res.statusCode, call.url).toBe(403);
        expect(res.json().code).toBe('FEATURE_DISABLED');
      }
      const pull = await t.app.inject({ url: '/api/sync/pull', headers: auth(manager) });
      expect((pull.json() as SyncPullResponse).collections).not.toContain('logbook');
    } finally {
      await t.app.settingsStore.update({ features: { betriebstagebuch: true } });
    }
  });
});

describe('GET /api/betriebstagebuch/{id}/pdf', () => {
  it('sends the PDF in the asked language', async () => {
    const entry = await created(operator, { sign: true, date: '2026-03-09' });
    await approve(manager, entry, { signature: MANAGER_SIGNATURE });
    const res = await t.app.inject({
      url: `/api/betriebstagebuch/${entry.id}/pdf?lang=de`,
      headers: auth(viewer),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="betriebstagebuch-2026-03-09-/);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fp-lb-')), 'entry.pdf');
    fs.writeFileSync(file, res.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    for (const expected of [
      'Betriebstagebuch',
      'Recyclinghof Nord',
      'Sortierband 1',
      'Gurt läuft schief',
      'Freigegeben',
      'lb-manager',
    ]) {
      expect(text).toContain(expected);
    }
    const missing = await t.app.inject({
      url: `/api/betriebstagebuch/${uuidv7()}/pdf`,
      headers: auth(viewer),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Entry not found');
  });
});

describe('GET/PUT /api/betriebstagebuch-config', () => {
  const config = {
    conveyors: [
      { key: 'aufgabe', name: 'Aufgabeband' },
      { key: 'sieb', name: 'Siebband' },
    ],
    specialChecks: [{ key: 'brandschutz', name: 'Brandschutz' }],
    site: { name: 'Recyclinghof Süd', latitude: 48.137, longitude: 11.575 },
    defaultShift: { start: '05:30', end: '13:30' },
  };

  it('answers the defaults to any signed-in user until an admin saves one', async () => {
    const res = await t.app.inject({ url: '/api/betriebstagebuch-config', headers: auth(viewer) });
    expect(res.statusCode).toBe(200);
    expect(res.json().conveyors.map((c: { name: string }) => c.name)).toEqual([
      'Aufgabeband',
      'Sortierband 1',
      'Sortierband 2',
      'Magnetabscheider-Band',
    ]);
    expect(res.json().specialChecks.map((c: { name: string }) => c.name)).toEqual([
      'Brandschutz',
      'Notausschalter',
      'Staubabsaugung',
      'Ölabscheider',
    ]);
    expect(res.json().defaultShift).toEqual({ start: '06:00', end: '14:00' });
  });

  it('lets only admins replace it', async () => {
    for (const p of [manager, operator]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/betriebstagebuch-config',
        payload: config,
        headers: auth(p),
      });
      expect(res.statusCode).toBe(403);
    }
  });

  const put = (payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/betriebstagebuch-config', payload, headers: auth(admin) });
  type Refusal = {
    message: string;
    code: string;
    details: {
      fields: Record<string, string[]>;
      issues: Array<{ path: string; key: string; params: Record<string, unknown> }>;
    };
  };

  it('refuses empty and duplicate keys with keyed issues under the key, like every entity', async () => {
    const res = await put({
      ...config,
      conveyors: [...config.conveyors, { key: 'SIEB', name: 'Sieb 2' }],
      specialChecks: [{ key: ' ', name: 'Ohne Schlüssel' }],
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<Refusal>();
    expect(body).toMatchObject({ message: 'Validation failed', code: 'VALIDATION_FAILED' });
    expect(body.details.fields).toEqual({
      'conveyors.2.key': ['Key must be unique'],
      'specialChecks.0.key': ['Key is required'],
    });
    expect(body.details.issues).toEqual([
      { path: 'conveyors.2.key', key: 'validation.unique', params: { field: 'logbook.config.key' } },
      { path: 'specialChecks.0.key', key: 'validation.required', params: { field: 'logbook.config.key' } },
    ]);
    const badShift = await put({ ...config, defaultShift: { start: '25:00', end: '13:30' } });
    expect(badShift.statusCode).toBe(400);
    expect(badShift.json<Refusal>().details.fields).toEqual({
      'defaultShift.start': ['Shift start must be a time (HH:MM)'],
    });
  });

  it('refuses a latitude out of range and a shift that ends when it starts, each on its field', async () => {
    const res = await put({
      ...config,
      site: { ...config.site, latitude: 91, longitude: '11,5' },
      defaultShift: { start: '06:00', end: '06:00' },
    });
    expect(res.statusCode).toBe(400);
    const { details } = res.json<Refusal>();
    expect(details.issues).toEqual([
      {
        path: 'site.latitude',
        key: 'validation.between',
        params: { min: -90, max: 90, field: 'logbook.config.latitude' },
      },
      // The API takes numbers: the decimal comma is the form's to read.
      { path: 'site.longitude', key: 'validation.number', params: { field: 'logbook.config.longitude' } },
      {
        path: 'defaultShift.end',
        key: 'logbook.validation.shiftSame',
        params: { field: 'logbook.fields.shiftEnd' },
      },
    ]);
    expect(details.fields).toEqual({
      'site.latitude': ['Latitude must be between -90 and 90'],
      'site.longitude': ['Longitude must be a number'],
      'defaultShift.end': ['Shift end must differ from shift start'],
    });
    // Nothing was stored: the defaults still answer.
    const read = await t.app.inject({ url: '/api/betriebstagebuch-config', headers: auth(operator) });
    expect(read.json().defaultShift).toEqual({ start: '06:00', end: '14:00' });
  });

  it('stores a valid configuration and audits the change', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/betriebstagebuch-config',
      payload: config,
      headers: auth(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(config);
    const read = await t.app.inject({ url: '/api/betriebstagebuch-config', headers: auth(operator) });
    expect(read.json()).toEqual(config);
    const [audit] = await t.db.db.select().from(auditLog).where(eq(auditLog.action, 'logbook-config.update'));
    expect(audit?.changes).toMatchObject({
      site: { to: config.site },
      defaultShift: { to: config.defaultShift },
    });
  });
});
