import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, createUser, login, type TestApp } from '../../support/helpers';

/* GET /api/ai/status: what the helper buttons read to say why they are disabled. */

let t: TestApp;
let admin: string;
let viewer: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin', ADMIN_PASSWORD);
  viewer = (await createUser(t, { username: 'status-viewer', role: 'viewer' })).token;
});
afterAll(async () => {
  await t.close();
});

const status = (token?: string) =>
  t.app.inject({ method: 'GET', url: '/api/ai/status', headers: token ? { 'x-auth-token': token } : {} });

async function configure(ai: object) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/ai/admin/config',
    headers: { 'x-auth-token': admin },
    payload: { ai },
  });
  expect(res.statusCode).toBe(200);
}

describe('GET /api/ai/status', () => {
  it('needs a signed-in user', async () => {
    expect((await status()).statusCode).toBe(401);
  });

  it('says not-configured, disabled or available, and never reveals the configuration', async () => {
    expect((await status(viewer)).json()).toEqual({ available: false, reason: 'not-configured' });

    await configure({
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: 'sk-secret-never-shown',
      chatModel: 'fleet-chat',
      enabled: false,
    });
    expect((await status(viewer)).json()).toEqual({ available: false, reason: 'disabled' });

    await configure({ enabled: true });
    const res = await status(viewer);
    expect(res.json()).toEqual({ available: true, reason: null });
    expect(res.body).not.toContain('sk-secret');
    expect(res.body).not.toContain('127.0.0.1');
  });
});
