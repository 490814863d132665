import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JWT_AUDIENCE, JWT_ISSUER } from '@/server/plugins/auth';
import { ADMIN_PASSWORD, createTestApp, createUser, login, type TestApp } from './support/helpers';

const JWT_SECRET = 'security-misc-secret-with-32-chars!!';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jwtSecret: JWT_SECRET });
});
afterAll(async () => t.close());

describe('tokens', () => {
  it('answer 401, not 500, when a correctly signed token names no user id', async () => {
    for (const sub of ['admin', "1' or '1'='1", '0', 'x'.repeat(500)]) {
      const token = await new SignJWT({ tv: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setIssuer(JWT_ISSUER)
        .setAudience(JWT_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(JWT_SECRET));
      const res = await t.app.inject({ url: '/api/auth/me', headers: { 'x-auth-token': token } });
      expect(res.statusCode, sub).toBe(401);
    }
  });
});

describe('methods', () => {
  it('answer 405 with Allow for a known path asked with a wrong method, 404 for unknown paths', async () => {
    const wrong = await t.app.inject({ method: 'DELETE', url: '/api/auth/login' });
    expect(wrong.statusCode).toBe(405);
    expect(wrong.headers.allow).toContain('POST');
    expect(wrong.json()).toEqual({ message: 'Method not allowed', code: 'METHOD_NOT_ALLOWED' });
    const withParam = await t.app.inject({
      method: 'POST',
      url: '/api/users/0190a5a8-0000-7000-8000-000000000000',
    });
    expect(withParam.statusCode).toBe(405);
    expect(withParam.headers.allow).toContain('PUT');
    expect((await t.app.inject({ method: 'GET', url: '/api/no-such-thing' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/no-such-thing' })).statusCode).toBe(404);
  });
});

describe('paths the router cannot take', () => {
  async function expectBadPathsRefused(app: TestApp['app']) {
    const admin = await login(app, 'admin', ADMIN_PASSWORD);
    const long = await app.inject({
      url: `/api/users/${'x'.repeat(300)}`,
      headers: { 'x-auth-token': admin },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ message: 'A path parameter is too long', code: 'BAD_REQUEST' });
    const malformed = await app.inject({ url: '/api/users/%E0%A4%A', headers: { 'x-auth-token': admin } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'The path is not a valid URL', code: 'BAD_REQUEST' });
  }

  it('answer 400 with the shared error body, without repeating the path', async () => {
    await expectBadPathsRefused(t.app);
  });

  it('answer the same when the web app is built and its file server catches every other path', async () => {
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetpilot-client-'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>FleetPilot</title>');
    const built = await createTestApp({ jwtSecret: JWT_SECRET, clientDir });
    try {
      await expectBadPathsRefused(built.app);
    } finally {
      await built.close();
      fs.rmSync(clientDir, { recursive: true, force: true });
    }
  });
});

describe('settings', () => {
  it('show channel settings (mail server, account) to admins only', async () => {
    await t.app.settingsStore.update({
      notifications: { email: { host: 'smtp.example.com', user: 'fleet' } },
    });
    const admin = await login(t.app, 'admin', ADMIN_PASSWORD);
    const { token } = await createUser(t, { username: 'looker', role: 'operator' });
    const asAdmin = (await t.app.inject({ url: '/api/settings', headers: { 'x-auth-token': admin } })).json();
    expect(asAdmin.notifications.email.host).toBe('smtp.example.com');
    const asOperator = await t.app.inject({ url: '/api/settings', headers: { 'x-auth-token': token } });
    expect(asOperator.statusCode).toBe(200);
    expect(asOperator.json().notifications).toEqual({});
    expect(asOperator.body).not.toContain('smtp.example.com');
  });

  it('refuse a notifications section of unknown shape, too large or nested too deep with 400', async () => {
    const admin = await login(t.app, 'admin', ADMIN_PASSWORD);
    const put = (notifications: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: { 'x-auth-token': admin, 'content-type': 'application/json' },
        payload: JSON.stringify({ notifications }),
      });
    const deep = `{"notifications":{"email":${'{"a":'.repeat(20_000)}"x"${'}'.repeat(20_000)}}}`;
    const deepRes = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { 'x-auth-token': admin, 'content-type': 'application/json' },
      payload: deep,
    });
    expect(deepRes.statusCode).toBe(400);
    expect((await put({ anything: { goes: true } })).statusCode).toBe(400);
    expect((await put({ email: 'not an object' })).statusCode).toBe(400);
    expect((await put({ email: { host: 'y'.repeat(70_000) } })).statusCode).toBe(400);
    expect((await put({ email: { host: 'smtp2.example.com' } })).statusCode).toBe(200);
  });
});
