import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '@/server/db/schema';
import { findUserById } from '@/server/modules/users/data';
import { LAST_ADMIN, OWN_ADMIN_ROLE, OWN_DEACTIVATION, updateUser } from '@/server/modules/users/service';
import { ADMIN_PASSWORD, createTestApp, createUser, login, type TestApp } from '../../support/helpers';

let t: TestApp;
let admin: string;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin', ADMIN_PASSWORD);
  for (const role of ['manager', 'operator', 'dispo', 'viewer']) {
    tokens[role] = (await createUser(t, { username: `role-${role}`, role })).token;
  }
});
afterAll(async () => t.close());

const as = (token: string) => ({ 'x-auth-token': token });

async function post(payload: Record<string, unknown>, token = admin) {
  return t.app.inject({ method: 'POST', url: '/api/users', headers: as(token), payload });
}
async function put(id: string, payload: Record<string, unknown>, token = admin) {
  return t.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: as(token), payload });
}
async function auditFor(action: string, entityId: string) {
  return t.db.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));
}

describe('access to /api/users', () => {
  const someId = '01900000-0000-7000-8000-000000000001';
  const calls = [
    { method: 'GET', url: '/api/users' },
    {
      method: 'POST',
      url: '/api/users',
      payload: { username: 'x-user', password: 'password-1', role: 'operator' },
    },
    { method: 'GET', url: `/api/users/${someId}` },
    { method: 'PUT', url: `/api/users/${someId}`, payload: { name: 'X' } },
    { method: 'DELETE', url: `/api/users/${someId}` },
    { method: 'PUT', url: `/api/users/${someId}/password`, payload: { password: 'password-123' } },
  ] as const;

  it('answers 401 without a token', async () => {
    for (const call of calls) expect((await t.app.inject(call)).statusCode).toBe(401);
  });

  it.each(['manager', 'operator', 'dispo', 'viewer'])('answers 403 FORBIDDEN to %s', async (role) => {
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: as(tokens[role]!) });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
  });

  it('lets the admin in', async () => {
    const res = await t.app.inject({ url: '/api/users', headers: as(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((u: { username: string }) => u.username)).toContain('role-viewer');
  });

  it('treats a role in other letter case the same ("ADMIN" is an admin)', async () => {
    const { token } = await createUser(t, { username: 'shouty-admin', role: 'ADMIN' });
    expect((await t.app.inject({ url: '/api/users', headers: as(token) })).statusCode).toBe(200);
  });

  it('answers 403 FEATURE_DISABLED to the admin while userManagement is off, at once', async () => {
    await t.app.settingsStore.update({ features: { userManagement: false } });
    try {
      for (const call of calls) {
        const res = await t.app.inject({ ...call, headers: as(admin) });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
        expect(res.json()).toMatchObject({
          code: 'FEATURE_DISABLED',
          details: { feature: 'userManagement' },
        });
      }
    } finally {
      await t.app.settingsStore.update({ features: { userManagement: true } });
    }
    expect((await t.app.inject({ url: '/api/users', headers: as(admin) })).statusCode).toBe(200);
  });
});

describe('creating and listing users', () => {
  it('creates a user who can sign in, keeps the role as given and audits without the password', async () => {
    const res = await post({
      username: 'Jana.K',
      password: 'jana-password',
      name: 'Jana Koch',
      email: 'Jana@Example.com',
      phone: '+49 1',
      department: 'Werk Nord',
      role: 'Viewer',
    });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      username: 'Jana.K',
      name: 'Jana Koch',
      email: 'jana@example.com',
      department: 'Werk Nord',
      role: 'Viewer',
      active: true,
    });
    expect(user).not.toHaveProperty('password');
    expect(user).not.toHaveProperty('passwordHash');
    await login(t.app, 'jana.k', 'jana-password');
    const [row] = await auditFor('user.created', user.id);
    expect(row?.changes).toMatchObject({ username: { from: null, to: 'Jana.K' }, role: { to: 'Viewer' } });
    expect(JSON.stringify(row?.changes)).not.toMatch(/argon2|jana-password|password/i);
    expect(row?.username).toBe('admin');
  });

  it('refuses a taken username or e-mail in any letter case with 409 and field details', async () => {
    const byName = await post({ username: 'JANA.k', password: 'password-1', role: 'operator' });
    expect(byName.statusCode).toBe(409);
    expect(byName.json()).toMatchObject({
      code: 'CONFLICT',
      details: { fields: { username: [expect.any(String)] } },
    });
    expect(byName.json().details.fields.email).toBeUndefined();
    const byMail = await post({
      username: 'other-jana',
      password: 'password-1',
      role: 'operator',
      email: 'JANA@example.COM',
    });
    expect(byMail.statusCode).toBe(409);
    expect(byMail.json().details.fields).toEqual({ email: [expect.any(String)] });
  });

  it('validates the body with field details', async () => {
    const res = await post({ username: 'a', password: 'short', role: '' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().details.fields).sort()).toEqual(['password', 'role', 'username']);
  });

  it('pages and filters by q, role and active', async () => {
    for (let i = 0; i < 12; i++) {
      expect(
        (
          await post({
            username: `bulk-${String(i).padStart(2, '0')}`,
            password: 'password-1',
            role: i % 3 ? 'operator' : 'Manager',
            name: `Bulk ${i}`,
          })
        ).statusCode,
      ).toBe(201);
    }
    await t.db.db.update(users).set({ active: false }).where(eq(users.username, 'bulk-11'));
    const list = (query: string) => t.app.inject({ url: `/api/users?${query}`, headers: as(admin) });

    const page2 = (await list('q=bulk-&limit=5&page=2')).json();
    expect(page2).toMatchObject({ total: 12, page: 2, limit: 5 });
    expect(page2.items.map((u: { username: string }) => u.username)).toEqual([
      'bulk-05',
      'bulk-06',
      'bulk-07',
      'bulk-08',
      'bulk-09',
    ]);

    const managers = (await list('q=BULK&role=manager&limit=100')).json();
    expect(managers.total).toBe(4);
    expect(managers.items.every((u: { role: string }) => u.role === 'Manager')).toBe(true);

    const inactive = (await list('q=bulk&active=false')).json();
    expect(inactive.items.map((u: { username: string }) => u.username)).toEqual(['bulk-11']);
    expect((await list('q=bulk&active=true')).json().total).toBe(11);

    expect((await list('q=Jana Koch')).json().total).toBe(1);
    expect((await list('q=example.com')).json().total).toBe(1);
    // LIKE wildcards in q are literal.
    expect((await list('q=%25')).json().total).toBe(0);
    expect((await list('limit=101')).statusCode).toBe(400);
    expect((await list('page=0')).statusCode).toBe(400);
    expect((await list('')).json().limit).toBe(10);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const res = await t.app.inject({
      url: '/api/users/01900000-0000-7000-8000-00000000abcd',
      headers: as(admin),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    expect((await t.app.inject({ url: '/api/users/not-an-id', headers: as(admin) })).statusCode).toBe(400);
  });
});

describe('updating, deactivating and resetting', () => {
  it('updates fields, audits exactly the changed ones, and refuses a taken username', async () => {
    const { id } = await createUser(t, { username: 'edit-me', role: 'operator' });
    const res = await put(id, { name: 'Edited', department: 'Lager', role: 'dispo' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      username: 'edit-me',
      name: 'Edited',
      department: 'Lager',
      role: 'dispo',
    });
    const [row] = await auditFor('user.updated', id);
    expect(row?.changes).toEqual({
      name: { from: null, to: 'Edited' },
      department: { from: null, to: 'Lager' },
      role: { from: 'operator', to: 'dispo' },
    });
    const taken = await put(id, { username: 'ROLE-viewer' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details.fields.username).toHaveLength(1);
    // Its own name in another case is not a conflict.
    expect((await put(id, { username: 'Edit-Me' })).statusCode).toBe(200);
  });

  it('deactivates instead of deleting: the record stays, sign-in and old tokens stop, reactivation needs a new sign-in', async () => {
    const { id, token } = await createUser(t, { username: 'leaver', role: 'operator' });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers: as(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, active: false });
    expect(await findUserById(t.db.db, id)).toMatchObject({ active: false, username: 'leaver' });
    expect((await t.app.inject({ url: '/api/auth/me', headers: as(token) })).statusCode).toBe(401);
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'leaver', password: 'leaver-password' },
    });
    expect(denied.statusCode).toBe(401);
    expect(await auditFor('user.deactivated', id)).toHaveLength(1);

    expect((await put(id, { active: true })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/me', headers: as(token) })).statusCode).toBe(401);
    await login(t.app, 'leaver', 'leaver-password');
  });

  it('resets a password as admin: old sessions end, the new password works, no hash in the audit log', async () => {
    const { id, token } = await createUser(t, { username: 'forgot', role: 'manager' });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${id}/password`,
      headers: as(admin),
      payload: { password: 'reset-password-1' },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/me', headers: as(token) })).statusCode).toBe(401);
    await login(t.app, 'forgot', 'reset-password-1');
    const [row] = await auditFor('user.password_reset', id);
    expect(JSON.stringify(row?.changes)).not.toMatch(/argon2|reset-password-1/);
    const short = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${id}/password`,
      headers: as(admin),
      payload: { password: 'x' },
    });
    expect(short.statusCode).toBe(400);
  });
});

describe('administrators stay', () => {
  it('an admin cannot remove their own admin role or deactivate themselves', async () => {
    const self = await createUser(t, { username: 'self-admin', role: 'admin' });
    const demote = await put(self.id, { role: 'manager' }, self.token);
    expect(demote.statusCode).toBe(400);
    expect(demote.json().message).toBe(OWN_ADMIN_ROLE);
    const deactivate = await put(self.id, { active: false }, self.token);
    expect(deactivate.statusCode).toBe(400);
    expect(deactivate.json().message).toBe(OWN_DEACTIVATION);
    const remove = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${self.id}`,
      headers: as(self.token),
    });
    expect(remove.statusCode).toBe(400);
    expect(remove.json().message).toBe(OWN_DEACTIVATION);
    // Other changes to oneself are fine, and the role written in another case is still admin.
    expect((await put(self.id, { name: 'Me', role: 'Admin' }, self.token)).statusCode).toBe(200);
    expect(await findUserById(t.db.db, self.id)).toMatchObject({ role: 'Admin', active: true });
    // Another admin may demote them.
    expect((await put(self.id, { role: 'manager' })).statusCode).toBe(200);
  });

  it('the last active admin cannot be demoted or deactivated (a concurrent change in between)', async () => {
    const a = await createUser(t, { username: 'admin-a', role: 'admin' });
    const b = await createUser(t, { username: 'admin-b', role: 'admin' });
    const actorB = (await findUserById(t.db.db, b.id))!;
    // Every other admin is gone by the time B's request, authorised a moment earlier, writes.
    await t.db.db.update(users).set({ role: 'manager' }).where(eq(users.role, 'ADMIN'));
    await t.db.db.update(users).set({ active: false }).where(eq(users.username, 'admin'));
    await t.db.db.update(users).set({ role: 'operator' }).where(eq(users.id, b.id));
    const request = { user: actorB, ip: '127.0.0.1' } as unknown as FastifyRequest;
    await expect(updateUser(t.app, request, a.id, { role: 'operator' })).rejects.toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: LAST_ADMIN,
    });
    await expect(updateUser(t.app, request, a.id, { active: false })).rejects.toMatchObject({ status: 409 });
    expect(await findUserById(t.db.db, a.id)).toMatchObject({ role: 'admin', active: true });
    // With a second admin present the same change goes through.
    await t.db.db.update(users).set({ role: 'admin' }).where(eq(users.id, b.id));
    expect(await updateUser(t.app, request, a.id, { role: 'operator' })).toMatchObject({ role: 'operator' });
    // Restore: admin-b and the first admin stay admins for the test below.
    await t.db.db.update(users).set({ active: true }).where(eq(users.username, 'admin'));
  });

  it('two admins demoting each other at once leave one admin', async () => {
    await t.db.db.update(users).set({ role: 'manager' }).where(eq(users.role, 'admin'));
    const x = await createUser(t, { username: 'duel-x', role: 'admin' });
    const y = await createUser(t, { username: 'duel-y', role: 'admin' });
    const [rx, ry] = await Promise.all([
      put(y.id, { role: 'operator' }, x.token),
      put(x.id, { role: 'operator' }, y.token),
    ]);
    const statuses = [rx.statusCode, ry.statusCode].sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const admins = await t.db.db
      .select()
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.active, true)));
    expect(admins).toHaveLength(1);
  });
});
