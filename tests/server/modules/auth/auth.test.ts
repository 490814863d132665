import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, loginThrottle, users } from '@/server/db/schema';
import { INVALID_CREDENTIALS, TOO_MANY_ATTEMPTS, WRONG_CURRENT_PASSWORD } from '@/server/modules/auth/routes';
import { BASE_DELAY_SECONDS, IP_BUDGET_FACTOR } from '@/server/modules/auth/throttle';
import { ADMIN_PASSWORD, createTestApp, createUser, type TestApp } from '../../support/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('POST /api/auth/login', () => {
  it('signs the first-start admin in and returns token and user', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'ADMIN', password: ADMIN_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^ey/);
    expect(body.user).toMatchObject({ username: 'admin', role: 'admin', active: true });
    expect(body.user.lastLogin).not.toBeNull();
    expect(body.user).not.toHaveProperty('passwordHash');
  });

  it('answers 401 with the spec text for a wrong password', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'admin', password: 'wrong-password' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      message: 'Invalid credentials. Please try again.',
      code: 'UNAUTHENTICATED',
    });
  });
});

describe('GET /api/auth/me', () => {
  it('returns the user for x-auth-token and for a Bearer header', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    const { token } = login.json();
    const viaHeader = await t.app.inject({ url: '/api/auth/me', headers: { 'x-auth-token': token } });
    expect(viaHeader.statusCode).toBe(200);
    expect(viaHeader.json().username).toBe('admin');
    const viaBearer = await t.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(viaBearer.statusCode).toBe(200);
  });

  it('answers the current row after any change to it, as JSON the schema encodes', async () => {
    const { id, token } = await createUser(t, { username: 'me-changes', role: 'operator' });
    const me = () => t.app.inject({ url: '/api/auth/me', headers: { 'x-auth-token': token } });
    const first = await me();
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.json()).toMatchObject({ id, username: 'me-changes', name: null, role: 'operator' });
    expect(Object.keys(first.json()).sort()).toEqual(
      [
        'active',
        'createdAt',
        'department',
        'email',
        'id',
        'lastLogin',
        'name',
        'phone',
        'profileImage',
        'role',
        'signature',
        'username',
      ].sort(),
    );
    expect((await me()).body).toBe(first.body);
    // Written straight to the table, as another instance or a script would.
    await t.db.db.update(users).set({ name: 'Renamed', department: 'Werkstatt' }).where(eq(users.id, id));
    expect((await me()).json()).toMatchObject({ name: 'Renamed', department: 'Werkstatt' });
    await t.db.db.update(users).set({ active: false }).where(eq(users.id, id));
    expect((await me()).statusCode).toBe(401);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ url: '/api/auth/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });
});

const LOGIN = { method: 'POST' as const, url: '/api/auth/login' };
let ipCounter = 10;
/** Each test signs in from its own address so per-address budgets do not leak between tests. */
const freshIp = () => `10.0.0.${ipCounter++}`;

async function tryLogin(username: string, password: string, remoteAddress = '10.9.9.9') {
  return t.app.inject({ ...LOGIN, payload: { username, password }, remoteAddress });
}

async function auditRows(action: string, entityId?: string) {
  const rows = await t.db.db.select().from(auditLog).where(eq(auditLog.action, action));
  return entityId ? rows.filter((r) => r.entityId === entityId) : rows;
}

/** Moves every window of a throttle key into the past, as if LOGIN_WINDOW_SECONDS had gone by. */
async function expireWindow(key: string) {
  await t.db.db
    .update(loginThrottle)
    .set({ windowStart: sql`now() - make_interval(secs => ${t.config.loginWindowSeconds + 1})` })
    .where(eq(loginThrottle.key, key));
}

describe('sign-in rules', () => {
  it('refuses a deactivated user with the same 401 text as wrong credentials', async () => {
    const { id } = await createUser(t, { username: 'gone', role: 'operator', active: false });
    const res = await tryLogin('gone', 'gone-password', freshIp());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: INVALID_CREDENTIALS, code: 'UNAUTHENTICATED' });
    const [row] = await auditRows('login.failed', id);
    expect(row?.changes).toEqual({ reason: 'inactive', count: 1 });
  });

  it('signs in with the e-mail address, case-insensitively, and audits success and failure', async () => {
    const { id } = await createUser(t, { username: 'mailer', role: 'manager', email: 'mailer@example.com' });
    const ip = freshIp();
    expect((await tryLogin('Mailer@Example.COM', 'mailer-password', ip)).statusCode).toBe(200);
    expect((await tryLogin('mailer', 'nope-nope', ip)).statusCode).toBe(401);
    expect((await auditRows('login', id)).length).toBeGreaterThanOrEqual(2);
    const failed = await auditRows('login.failed', id);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ username: 'mailer', ip, changes: { reason: 'credentials', count: 1 } });
  });

  it('holds back only the address that guessed, with growing waits, never the account everywhere', async () => {
    const { id } = await createUser(t, { username: 'target', role: 'operator' });
    const attacker = freshIp();
    for (let i = 0; i < t.config.loginMaxAttempts; i++) {
      expect((await tryLogin('target', `wrong-${i}`, attacker)).statusCode).toBe(401);
    }
    const limited = await tryLogin('TARGET', 'wrong-again', attacker);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', message: TOO_MANY_ATTEMPTS });
    const firstWait = Number(limited.headers['retry-after']);
    expect(firstWait).toBeGreaterThan(0);
    expect(firstWait).toBeLessThanOrEqual(BASE_DELAY_SECONDS);
    const reasons = (await auditRows('login.failed', id)).map((r) => r.changes);
    expect(reasons).toContainEqual({ reason: 'rate_limited', count: expect.any(Number) });

    // The owner, elsewhere, signs in at once: guesses never lock the account out.
    expect((await tryLogin('target', 'target-password', freshIp())).statusCode).toBe(200);

    // Once the wait is over the guesser gets one more try, and the next wait is twice as long.
    const pairKey = `pair:user:${id}|${attacker}`;
    await t.db.db
      .update(loginThrottle)
      .set({ windowStart: sql`now() - make_interval(secs => ${firstWait + 1})` })
      .where(eq(loginThrottle.key, pairKey));
    expect((await tryLogin('target', 'wrong-later', attacker)).statusCode).toBe(401);
    const longer = await tryLogin('target', 'wrong-sooner', attacker);
    expect(longer.statusCode).toBe(429);
    expect(Number(longer.headers['retry-after'])).toBeGreaterThan(firstWait);

    await expireWindow(pairKey);
    expect((await tryLogin('target', 'target-password', attacker)).statusCode).toBe(200);
  });

  it('ends every wait of an account when an admin resets its password', async () => {
    const { id } = await createUser(t, { username: 'helped', role: 'operator' });
    const office = freshIp();
    for (let i = 0; i <= t.config.loginMaxAttempts; i++) await tryLogin('helped', `wrong-${i}`, office);
    expect((await tryLogin('helped', 'helped-password', office)).statusCode).toBe(429);
    const adminToken = (await tryLogin('admin', ADMIN_PASSWORD, freshIp())).json().token as string;
    const reset = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${id}/password`,
      headers: { 'x-auth-token': adminToken },
      payload: { password: 'fresh-password-1' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await tryLogin('helped', 'fresh-password-1', office)).statusCode).toBe(200);
  });

  it('clears the account counter after a successful sign-in', async () => {
    await createUser(t, { username: 'forgetful', role: 'operator' });
    const ip = freshIp();
    const max = t.config.loginMaxAttempts;
    for (let i = 0; i < max - 1; i++) expect((await tryLogin('forgetful', 'wrong', ip)).statusCode).toBe(401);
    expect((await tryLogin('forgetful', 'forgetful-password', ip)).statusCode).toBe(200);
    // A fresh budget: max more failures are answered 401, only the next one 429.
    for (let i = 0; i < max; i++) expect((await tryLogin('forgetful', 'wrong', ip)).statusCode).toBe(401);
    expect((await tryLogin('forgetful', 'wrong', ip)).statusCode).toBe(429);
  });

  it('limits one address across many accounts with a larger budget, and only that address', async () => {
    const budget = t.config.loginMaxAttempts * IP_BUDGET_FACTOR;
    const ip = freshIp();
    for (let i = 0; i < budget; i++) {
      expect((await tryLogin(`nobody-${i}`, 'guess-guess', ip)).statusCode).toBe(401);
    }
    const limited = await tryLogin('nobody-x', 'guess-guess', ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await tryLogin('admin', ADMIN_PASSWORD, ip)).statusCode).toBe(429);
    expect((await tryLogin('admin', ADMIN_PASSWORD, freshIp())).statusCode).toBe(200);
    await expireWindow(`ip:${ip}`);
    expect((await tryLogin('admin', ADMIN_PASSWORD, ip)).statusCode).toBe(200);
  });

  it('does not count successful sign-ins against the address', async () => {
    const ip = freshIp();
    const budget = t.config.loginMaxAttempts * IP_BUDGET_FACTOR;
    await createUser(t, { username: 'office-a', role: 'operator' });
    await createUser(t, { username: 'office-b', role: 'operator' });
    for (let i = 0; i < budget + 2; i++) {
      const user = i % 2 ? 'office-a' : 'office-b';
      expect((await tryLogin(user, `${user}-password`, ip)).statusCode).toBe(200);
    }
  });
});

describe('PUT /api/auth/password', () => {
  it('needs a signed-in user', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      payload: { currentPassword: 'x', newPassword: 'new-password-1' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a wrong current password with a clear message and a too short new one', async () => {
    const { token } = await createUser(t, { username: 'changer1', role: 'operator' });
    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: { 'x-auth-token': token },
      payload: { currentPassword: 'not-mine', newPassword: 'new-password-1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: WRONG_CURRENT_PASSWORD,
      details: { fields: { currentPassword: [WRONG_CURRENT_PASSWORD] } },
    });
    const short = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: { 'x-auth-token': token },
      payload: { currentPassword: 'changer1-password', newPassword: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().details.fields.newPassword).toBeDefined();
    // Nothing changed: the old password still signs in.
    expect((await tryLogin('changer1', 'changer1-password', freshIp())).statusCode).toBe(200);
  });

  it('changes the password, ends other sessions, returns a working token and audits without the hash', async () => {
    const { id, token: first } = await createUser(t, { username: 'changer2', role: 'dispo' });
    const second = (await tryLogin('changer2', 'changer2-password', freshIp())).json().token as string;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: { 'x-auth-token': first },
      payload: { currentPassword: 'changer2-password', newPassword: 'brand-new-password' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ id, username: 'changer2' });
    for (const old of [first, second]) {
      const me = await t.app.inject({ url: '/api/auth/me', headers: { 'x-auth-token': old } });
      expect(me.statusCode).toBe(401);
    }
    const me = await t.app.inject({ url: '/api/auth/me', headers: { 'x-auth-token': body.token } });
    expect(me.statusCode).toBe(200);
    expect((await tryLogin('changer2', 'changer2-password', freshIp())).statusCode).toBe(401);
    expect((await tryLogin('changer2', 'brand-new-password', freshIp())).statusCode).toBe(200);
    const [row] = await auditRows('user.password_changed', id);
    expect(row).toMatchObject({ userId: id, username: 'changer2' });
    expect(JSON.stringify(row?.changes)).not.toMatch(/argon2|brand-new-password/);
  });

  it('counts wrong current passwords against the account budget', async () => {
    const { token } = await createUser(t, { username: 'changer3', role: 'operator' });
    const put = (currentPassword: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/auth/password',
        headers: { 'x-auth-token': token },
        payload: { currentPassword, newPassword: 'another-password-1' },
      });
    for (let i = 0; i < t.config.loginMaxAttempts; i++)
      expect((await put(`guess-${i}`)).statusCode).toBe(400);
    const limited = await put('changer3-password');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('failed sign-in audit', () => {
  it('is one row per attempted name and address per window, with a count', async () => {
    await createUser(t, { username: 'counted', role: 'operator' });
    const ip = freshIp();
    for (let i = 0; i < 3; i++) await tryLogin('counted', `wrong-${i}`, ip);
    await tryLogin('COUNTED', 'wrong-again', ip);
    await tryLogin('counted', 'wrong-elsewhere', freshIp());
    const rows = (await auditRows('login.failed')).filter((r) => r.username?.toLowerCase() === 'counted');
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.ip === ip)?.changes).toEqual({ reason: 'credentials', count: 4 });
  });
});

describe('client addresses behind a proxy (TRUST_PROXY)', () => {
  const failedIps = async (app: TestApp, name: string) =>
    (await app.db.db.select().from(auditLog).where(eq(auditLog.username, name))).map((r) => r.ip);
  const attempt = (app: TestApp, name: string, remoteAddress: string, forwarded: string) =>
    app.app.inject({
      ...LOGIN,
      payload: { username: name, password: 'wrong-password' },
      remoteAddress,
      headers: { 'x-forwarded-for': forwarded },
    });

  it('ignores X-Forwarded-For by default, so a client cannot pick its own address', async () => {
    await attempt(t, 'forwarded-default', '10.20.0.1', '203.0.113.9');
    expect(await failedIps(t, 'forwarded-default')).toEqual(['10.20.0.1']);
  });

  it('believes X-Forwarded-For only from the listed proxies', async () => {
    const proxied = await createTestApp({ trustProxy: ['10.30.0.0/24'] });
    try {
      await attempt(proxied, 'via-proxy', '10.30.0.7', '203.0.113.10');
      await attempt(proxied, 'not-proxy', '10.31.0.7', '203.0.113.11');
      expect(await failedIps(proxied, 'via-proxy')).toEqual(['203.0.113.10']);
      expect(await failedIps(proxied, 'not-proxy')).toEqual(['10.31.0.7']);
    } finally {
      await proxied.close();
    }
  });
});
