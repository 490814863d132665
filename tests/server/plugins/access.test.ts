import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, createUser, login, type TestApp } from '../support/helpers';

let t: TestApp;
let admin: string;
let operator: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin', ADMIN_PASSWORD);
  operator = (await createUser(t, { username: 'op1', role: 'operator' })).token;
});
afterAll(async () => t.close());

const setFlags = async (features: Record<string, boolean>) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: { 'x-auth-token': admin },
    payload: { features },
  });
  expect(res.statusCode).toBe(200);
};
const call = (method: 'GET' | 'PATCH', url: string, token: string) =>
  t.app.inject({ method, url, headers: { 'x-auth-token': token } });

describe('feature gate', () => {
  it('userManagement off: /api/users answers 403 FEATURE_DISABLED at once, and works again when on', async () => {
    expect((await call('GET', '/api/users', admin)).statusCode).toBe(200);

    await setFlags({ userManagement: false });
    const off = await call('GET', '/api/users', admin);
    expect(off.statusCode).toBe(403);
    expect(off.json()).toMatchObject({ code: 'FEATURE_DISABLED', details: { feature: 'userManagement' } });
    // Sub-paths of the module are gated too.
    const sub = await call('GET', '/api/users/0190a0a0-0000-7000-8000-000000000000', admin);
    expect(sub.json().code).toBe('FEATURE_DISABLED');
    // Other modules are untouched.
    expect((await call('GET', '/api/notifications', admin)).statusCode).toBe(200);

    await setFlags({ userManagement: true });
    expect((await call('GET', '/api/users', admin)).statusCode).toBe(200);
  });

  it('notifications off: list and writes answer 403 FEATURE_DISABLED, and work again when on', async () => {
    await setFlags({ notifications: false });
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications?onlyUnread=true'],
      ['PATCH', '/api/notifications/read-all'],
    ] as const) {
      const res = await call(method, url, operator);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('FEATURE_DISABLED');
    }
    // Settings stay readable so the client learns the flag.
    const settings = await call('GET', '/api/settings', operator);
    expect(settings.json().features.notifications).toBe(false);

    await setFlags({ notifications: true });
    expect((await call('GET', '/api/notifications', operator)).statusCode).toBe(200);
    expect((await call('PATCH', '/api/notifications/read-all', operator)).statusCode).toBe(200);
  });

  it('checks the role before the flag: a forbidden role sees FORBIDDEN, not FEATURE_DISABLED', async () => {
    await setFlags({ userManagement: false });
    const res = await call('GET', '/api/users', operator);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    await setFlags({ userManagement: true });
  });

  it('checks authentication first: no token is 401 even with the flag off', async () => {
    await setFlags({ notifications: false });
    const res = await t.app.inject({ url: '/api/notifications' });
    expect(res.statusCode).toBe(401);
    await setFlags({ notifications: true });
  });

  it('a flag is off only when explicitly false: an unknown or missing flag leaves modules on', async () => {
    await setFlags({ somethingElse: false });
    expect((await call('GET', '/api/notifications', operator)).statusCode).toBe(200);
  });
});
