import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '@/domain/notification';
import { ADMIN_PASSWORD, createTestApp, createUser, login, type TestApp } from '../../support/helpers';

let t: TestApp;
let adminToken: string;
let ann: { id: string; token: string };
let bob: { id: string; token: string };
let mia: { id: string; token: string };
let gone: { id: string; token: string };

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await login(t.app, 'admin', ADMIN_PASSWORD);
  ann = await createUser(t, { username: 'ann', role: 'operator' });
  bob = await createUser(t, { username: 'bob', role: 'Manager' });
  mia = await createUser(t, { username: 'mia', role: ' MANAGER ' });
  gone = await createUser(t, { username: 'gone', role: 'manager', active: false });
});
afterAll(async () => t.close());

const list = async (token: string, query = '') => {
  const res = await t.app.inject({ url: `/api/notifications${query}`, headers: { 'x-auth-token': token } });
  expect(res.statusCode).toBe(200);
  return res.json() as Notification[];
};
const patch = (token: string, url: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/notifications${url}`, headers: { 'x-auth-token': token } });

/** Collects `notification:created` events while `fn` runs. */
async function captureEvents(fn: (seen: Array<[string, Notification]>) => Promise<unknown>) {
  const seen: Array<[string, Notification]> = [];
  const listener = (userId: string, n: Notification) => seen.push([userId, n]);
  t.app.events.on('notification:created', listener);
  try {
    await fn(seen);
  } finally {
    t.app.events.off('notification:created', listener);
  }
  return seen;
}

describe('notify', () => {
  it('stores one row per user id and publishes at once without a transaction', async () => {
    const seen = await captureEvents(async () => {
      const pending = await t.app.notify({
        userIds: [ann.id, ann.id],
        type: 'report',
        title: 'First',
        message: 'Report R-1 waits',
        link: '/reports/1',
      });
      expect(pending.items).toHaveLength(1);
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]![0]).toBe(ann.id);
    expect(seen[0]![1]).toMatchObject({ title: 'First', link: '/reports/1', read: false });

    const [n] = await list(ann.token);
    expect(n).toMatchObject({
      type: 'report',
      title: 'First',
      message: 'Report R-1 waits',
      link: '/reports/1',
    });
    expect(n!._id).toBe(n!.id);
    expect(Date.parse(n!.createdAt)).not.toBeNaN();
  });

  it('matches roles case-insensitively against active users, de-duplicated with user ids', async () => {
    const pending = await t.app.notify({
      roles: ['manager', 'MANAGER'],
      userIds: [bob.id],
      type: 'approval',
      title: 'Approve',
      message: 'Logbook waits',
    });
    expect(pending.items.map((i) => i.userId).sort()).toEqual([bob.id, mia.id].sort());
    expect((await list(bob.token)).map((n) => n.title)).toEqual(['Approve']);
    expect((await list(mia.token)).map((n) => n.title)).toEqual(['Approve']);
    expect(await list(adminToken)).toEqual([]);
    const goneRows = await t.db.db.query.notifications.findMany({
      where: (n, { eq }) => eq(n.userId, gone.id),
    });
    expect(goneRows).toHaveLength(0);
  });

  it('with a transaction, publishes only when the caller says so after commit, and nothing on rollback', async () => {
    const seen = await captureEvents(async (sofar) => {
      const pending = await t.app.db.transaction(async (tx) =>
        t.app.notify({ userIds: [ann.id], type: 'info', title: 'In tx', message: 'm' }, tx),
      );
      expect(sofar).toHaveLength(0);
      pending.publish();
      pending.publish();
    });
    expect(seen.map(([, n]) => n.title)).toEqual(['In tx']);

    const rolledBack = await captureEvents(async () => {
      await expect(
        t.app.db.transaction(async (tx) => {
          await t.app.notify({ userIds: [ann.id], type: 'info', title: 'Never', message: 'm' }, tx);
          throw new Error('abort');
        }),
      ).rejects.toThrow('abort');
    });
    expect(rolledBack).toHaveLength(0);
    expect((await list(ann.token)).map((n) => n.title)).not.toContain('Never');
  });

  it('stores nothing when no recipient matches', async () => {
    const pending = await t.app.notify({
      roles: ['nobody'],
      userIds: ['not-a-uuid'],
      type: 'x',
      title: 't',
      message: 'm',
    });
    expect(pending.items).toEqual([]);
  });
});

describe('GET /api/notifications', () => {
  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ url: '/api/notifications' })).statusCode).toBe(401);
  });

  it('lists only the caller’s notifications, newest first; onlyUnread filters', async () => {
    await t.app.notify({ userIds: [ann.id], type: 'info', title: 'Second', message: 'm' });
    await t.app.notify({ userIds: [ann.id], type: 'info', title: 'Third', message: 'm' });
    const all = await list(ann.token);
    expect(all.map((n) => n.title)).toEqual(['Third', 'Second', 'In tx', 'First']);
    expect(await list(ann.token, '?onlyUnread=false')).toEqual(all);
    expect((await list(ann.token, '?onlyUnread=true')).map((n) => n.title)).toEqual(all.map((n) => n.title));
    const bad = await t.app.inject({
      url: '/api/notifications?onlyUnread=maybe',
      headers: { 'x-auth-token': ann.token },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('PATCH /api/notifications/{id}/read and /read-all', () => {
  it('marks one of the caller’s notifications read', async () => {
    const [third, second] = await list(ann.token);
    const res = await patch(ann.token, `/${second!.id}/read`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: second!.id, _id: second!.id, read: true });
    const unread = await list(ann.token, '?onlyUnread=true');
    expect(unread.map((n) => n.id)).not.toContain(second!.id);
    expect(unread.map((n) => n.id)).toContain(third!.id);
    expect((await list(ann.token)).find((n) => n.id === second!.id)?.read).toBe(true);
  });

  it('answers 404 for another user’s notification and leaves it unread', async () => {
    const [bobs] = await list(bob.token);
    const res = await patch(ann.token, `/${bobs!.id}/read`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    expect((await list(bob.token, '?onlyUnread=true')).map((n) => n.id)).toContain(bobs!.id);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await patch(ann.token, '/0190a0a0-0000-7000-8000-000000000000/read')).statusCode).toBe(404);
    expect((await patch(ann.token, '/not-an-id/read')).statusCode).toBe(404);
  });

  it('marks all of the caller’s notifications read, and only theirs', async () => {
    const before = (await list(ann.token, '?onlyUnread=true')).length;
    expect(before).toBeGreaterThan(0);
    const res = await patch(ann.token, '/read-all');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: before });
    expect(await list(ann.token, '?onlyUnread=true')).toEqual([]);
    expect((await list(ann.token)).every((n) => n.read)).toBe(true);
    expect(await list(bob.token, '?onlyUnread=true')).toHaveLength(1);
    expect((await patch(ann.token, '/read-all')).json()).toEqual({ updated: 0 });
  });

  it('audits read marks', async () => {
    const res = await t.app.inject({
      url: '/api/audit?entity=notification&limit=100',
      headers: { 'x-auth-token': adminToken },
    });
    const actions = (res.json().items as Array<{ action: string; username: string }>).map(
      (i) => `${i.username}:${i.action}`,
    );
    expect(actions).toEqual(['ann:notification.read-all', 'ann:notification.read']);
  });
});
