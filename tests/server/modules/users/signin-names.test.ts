import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@/server/bootstrap';
import { auditLog, users } from '@/server/db/schema';
import { findUserByLogin } from '@/server/modules/users/data';
import {
  ADMIN_PASSWORD,
  createTestApp,
  createTestDatabase,
  createUser,
  login,
  type TestApp,
} from '../../support/helpers';
import { historyUpTo, migrationHistory } from '../../db/upgrade/history';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin', ADMIN_PASSWORD);
});
afterAll(async () => t.close());

describe('one namespace of sign-in names', () => {
  it('refuses an e-mail equal to another account’s username, whatever the case', async () => {
    await createUser(t, { username: 'boss@site.example', role: 'manager' });
    const { token } = await createUser(t, { username: 'hijacker', role: 'operator' });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { 'x-auth-token': token },
      payload: { email: 'BOSS@site.example' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().details.fields.email).toBeDefined();
  });

  it('refuses a username equal to another account’s e-mail', async () => {
    await createUser(t, { username: 'mailowner', role: 'operator', email: 'owner@site.example' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { 'x-auth-token': admin },
      payload: { username: 'Owner@Site.example', password: 'password-123', role: 'operator' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().details.fields.username).toBeDefined();
  });

  it('signs in the username’s account when an old collision is still in the data', async () => {
    const older = uuidv7();
    const newer = uuidv7();
    await t.db.db.insert(users).values([
      { id: newer, username: 'someone-else', email: 'clash', role: 'operator', passwordHash: 'x' },
      { id: older, username: 'Clash', role: 'operator', passwordHash: 'x' },
    ]);
    for (let i = 0; i < 5; i++) expect((await findUserByLogin(t.db.db, 'CLASH'))?.id).toBe(older);
  });
});

describe('the sign-in names migration', () => {
  it('clears e-mails that equal another username, keeps the rest, and audits it', async () => {
    const before = migrationHistory().findIndex((e) => e.tag.endsWith('_signin_names'));
    expect(before).toBeGreaterThan(0);
    const handle = await createTestDatabase({ migrationsFolder: historyUpTo(before) });
    try {
      const hash = await hashPassword('irrelevant-1');
      const ids = { owner: uuidv7(), taker: uuidv7(), self: uuidv7(), plain: uuidv7() };
      await handle.db.insert(users).values([
        { id: ids.owner, username: 'foreman', role: 'manager', passwordHash: hash },
        { id: ids.taker, username: 'taker', email: 'FOREMAN', role: 'operator', passwordHash: hash },
        {
          id: ids.self,
          username: 'me@x.example',
          email: 'me@x.example',
          role: 'operator',
          passwordHash: hash,
        },
        { id: ids.plain, username: 'plain', email: 'plain@x.example', role: 'operator', passwordHash: hash },
      ]);
      await handle.migrate();
      const rows = await handle.db.select({ id: users.id, email: users.email }).from(users);
      const email = (id: string) => rows.find((r) => r.id === id)?.email;
      expect(email(ids.taker)).toBeNull();
      expect(email(ids.self)).toBe('me@x.example');
      expect(email(ids.plain)).toBe('plain@x.example');
      const audit = await handle.db.select().from(auditLog).where(eq(auditLog.action, 'user.email_cleared'));
      expect(audit.map((a) => a.entityId)).toEqual([ids.taker]);
      expect((await findUserByLogin(handle.db, 'foreman'))?.id).toBe(ids.owner);
    } finally {
      await handle.close();
    }
  });
});
