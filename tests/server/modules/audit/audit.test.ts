import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@/server/db/schema';
import { ADMIN_PASSWORD, createTestApp, createUser, login, type TestApp } from '../../support/helpers';

let t: TestApp;
let admin: string;
let alice: { id: string; token: string };
const tokens: Record<string, string> = {};

type Item = {
  id: string;
  at: string;
  userId: string | null;
  username: string | null;
  action: string;
  entity: string;
  entityId: string | null;
};

const audit = async (query = '', token = admin) => {
  const res = await t.app.inject({ url: `/api/audit${query}`, headers: { 'x-auth-token': token } });
  return res;
};
const items = async (query: string) => {
  const res = await audit(query);
  expect(res.statusCode).toBe(200);
  return res.json() as { items: Item[]; total: number; page: number; limit: number };
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin', ADMIN_PASSWORD);
  alice = await createUser(t, { username: 'Alice', role: 'operator' });
  for (const role of ['manager', 'operator', 'dispo', 'viewer']) {
    tokens[role] = (await createUser(t, { username: `${role}-a`, role })).token;
  }
  // A failed sign-in and a settings change, both audited by their modules.
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: 'alice', password: 'nope-nope' },
  });
  await t.app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: { 'x-auth-token': admin },
    payload: { app: { name: 'Audit Test' } },
  });
  // Rows at fixed instants for the date filters.
  await t.db.db.insert(auditLog).values([
    {
      id: uuidv7(),
      at: new Date('2024-03-01T08:00:00Z'),
      action: 'probe',
      entity: 'machine',
      entityId: 'm1',
    },
    {
      id: uuidv7(),
      at: new Date('2024-03-02T23:30:00Z'),
      action: 'probe',
      entity: 'machine',
      entityId: 'm2',
    },
    {
      id: uuidv7(),
      at: new Date('2024-03-04T00:00:00Z'),
      action: 'probe',
      entity: 'machine',
      entityId: 'm3',
    },
  ]);
});
afterAll(async () => t.close());

describe('GET /api/audit access', () => {
  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ url: '/api/audit' });
    expect(res.statusCode).toBe(401);
  });

  it.each(['manager', 'operator', 'dispo', 'viewer'])('is forbidden for %s', async (role) => {
    const res = await audit('', tokens[role]);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });

  it('is open to admin with the list shape, newest first', async () => {
    const body = await items('');
    expect(body).toMatchObject({ page: 1, limit: 10 });
    expect(body.total).toBeGreaterThan(8);
    expect(body.items).toHaveLength(10);
    const times = body.items.map((i) => Date.parse(i.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(Object.keys(body.items[0]!).sort()).toEqual(
      [
        'action',
        'at',
        'changes',
        'entity',
        'entityId',
        'entityName',
        'id',
        'ip',
        'receivedAt',
        'receivedLate',
        'userId',
        'username',
        'valueNames',
      ].sort(),
    );
    // The settings change is the newest request-made row.
    const first = body.items.find((i) => i.entity !== 'machine');
    expect(first).toMatchObject({ action: 'settings.update', username: 'admin' });
  });
});

describe('GET /api/audit filters', () => {
  it('pages with total', async () => {
    const all = await items('?limit=100');
    const p1 = await items('?limit=3&page=1');
    const p2 = await items('?limit=3&page=2');
    expect(p1.total).toBe(all.total);
    expect(p2).toMatchObject({ page: 2, limit: 3 });
    expect([...p1.items, ...p2.items].map((i) => i.id)).toEqual(all.items.slice(0, 6).map((i) => i.id));
  });

  it('filters by user id and by username (case-insensitive)', async () => {
    const byName = await items('?user=ALICE&limit=100');
    expect(byName.items.length).toBeGreaterThanOrEqual(2);
    expect(byName.items.every((i) => i.username?.toLowerCase() === 'alice')).toBe(true);
    expect(byName.items.map((i) => i.action)).toEqual(expect.arrayContaining(['login', 'login.failed']));
    const byId = await items(`?user=${alice.id}&limit=100`);
    expect(byId.items.length).toBeGreaterThanOrEqual(2);
    expect(byId.items.every((i) => i.userId === alice.id)).toBe(true);
    expect((await items('?user=nobody')).total).toBe(0);
  });

  it('filters by entity and by action', async () => {
    const settings = await items('?entity=settings');
    expect(settings.total).toBe(1);
    expect(settings.items[0]).toMatchObject({ entity: 'settings', action: 'settings.update' });
    const failed = await items('?action=login.failed');
    expect(failed.total).toBe(1);
    expect(failed.items[0]).toMatchObject({ username: 'alice', entity: 'user' });
  });

  it('filters by from and to, a bare "to" date covering its whole day', async () => {
    const ids = (b: { items: Item[] }) => b.items.map((i) => i.entityId);
    expect(ids(await items('?entity=machine&from=2024-03-02&to=2024-03-02'))).toEqual(['m2']);
    expect(ids(await items('?entity=machine&from=2024-03-01T09:00:00Z'))).toEqual(['m3', 'm2']);
    expect(ids(await items('?entity=machine&to=2024-03-03'))).toEqual(['m2', 'm1']);
    expect(ids(await items('?entity=machine&from=2024-03-01T08:00:00.000Z&to=2024-03-04T00:00:00Z'))).toEqual(
      ['m3', 'm2', 'm1'],
    );
    expect((await items('?entity=machine&from=2024-03-05')).total).toBe(0);
  });

  it('rejects bad query values with 400 VALIDATION_FAILED', async () => {
    for (const q of ['?from=yesterday', '?limit=101', '?page=0', '?from=2024-03-05&to=2024-03-01']) {
      const res = await audit(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('record names, the record filter and the CSV export', () => {
  let excavatorId: string;
  beforeAll(async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/excavators',
      headers: { 'x-auth-token': admin },
      payload: { name: 'Bagger "Nord", Halle 3', model: 'R 926', serialNumber: 'SN-AUDIT-1' },
    });
    expect(res.statusCode).toBe(201);
    excavatorId = (res.json() as { id: string }).id;
  });

  it('names the record an entry is about and narrows to one record', async () => {
    const body = await items(`?record=${excavatorId}`);
    expect(body.total).toBe(1);
    expect(body.items[0]).toMatchObject({
      action: 'excavator.create',
      entity: 'excavator',
      entityId: excavatorId,
      entityName: 'Bagger "Nord", Halle 3',
    });
    // Entries about things that are not records of a table keep no name.
    const probes = await items('?entity=machine');
    expect(probes.items.every((i) => (i as Item & { entityName: string | null }).entityName === null)).toBe(
      true,
    );
    // A change that refers to another record by id carries that record's name beside it.
    const followUp = await t.app.inject({
      method: 'POST',
      url: '/api/follow-ups',
      headers: { 'x-auth-token': admin },
      payload: { excavatorId, title: 'Check the boom', assigneeId: alice.id },
    });
    expect(followUp.statusCode, followUp.body).toBe(201);
    const created = await items(`?record=${(followUp.json() as { id: string }).id}`);
    expect(created.items[0]).toMatchObject({
      valueNames: { [excavatorId]: 'Bagger "Nord", Halle 3', [alice.id]: 'Alice' },
    });
    // A user is named by their display name or username.
    const alices = await items(`?record=${alice.id}`);
    expect(
      alices.items.every((i) => (i as Item & { entityName: string | null }).entityName === 'Alice'),
    ).toBe(true);
  });

  it('exports the filtered rows as CSV with quoted cells, for admins only', async () => {
    const res = await t.app.inject({
      url: `/api/audit/export.csv?record=${excavatorId}`,
      headers: { 'x-auth-token': admin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('at,user,action,entity,entityId,entityName,changes,ip,receivedAt');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(
      `,admin,excavator.create,excavator,${excavatorId},"Bagger ""Nord"", Halle 3",`,
    );
    expect(lines[1]).toContain('serialNumber:  → SN-AUDIT-1');

    const all = await t.app.inject({ url: '/api/audit/export.csv', headers: { 'x-auth-token': admin } });
    const total = (await items('?limit=1')).total;
    expect(all.body.trimEnd().split('\r\n')).toHaveLength(total + 1);

    const denied = await t.app.inject({
      url: '/api/audit/export.csv',
      headers: { 'x-auth-token': tokens.manager! },
    });
    expect(denied.statusCode).toBe(403);
    const bad = await t.app.inject({
      url: '/api/audit/export.csv?from=yesterday',
      headers: { 'x-auth-token': admin },
    });
    expect(bad.statusCode).toBe(400);
  });
});
