import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_FLAGS } from '@/domain/features';
import { ADMIN_PASSWORD, createTestApp, createUser, login, type TestApp } from '../../support/helpers';

let t: TestApp;
const tokens: Record<string, string> = {};

const ROLES = ['admin', 'manager', 'operator', 'dispo', 'viewer'] as const;

beforeAll(async () => {
  t = await createTestApp();
  tokens.admin = await login(t.app, 'admin', ADMIN_PASSWORD);
  for (const role of ROLES.slice(1))
    tokens[role] = (await createUser(t, { username: `${role}1`, role })).token;
});
afterAll(async () => t.close());

const getSettings = (token?: string) =>
  t.app.inject({ method: 'GET', url: '/api/settings', headers: token ? { 'x-auth-token': token } : {} });
const putSettings = (payload: unknown, token = tokens.admin!) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: { 'x-auth-token': token },
    payload: payload as object,
  });

describe('GET /api/settings', () => {
  it('answers 401 without a token', async () => {
    const res = await getSettings();
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });

  it('returns the defaults: FleetPilot, 2.0.0, de, Europe/Berlin and every known flag true', async () => {
    const res = await getSettings(tokens.admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.app).toEqual({
      name: 'FleetPilot',
      version: '2.0.0',
      defaultLanguage: 'de',
      timeZone: 'Europe/Berlin',
    });
    expect(Object.keys(body.features).sort()).toEqual([...FEATURE_FLAGS].sort());
    for (const flag of FEATURE_FLAGS) expect(body.features[flag]).toBe(true);
    expect(body.notifications).toEqual({});
  });

  it.each(ROLES)('is readable by %s', async (role) => {
    const res = await getSettings(tokens[role]);
    expect(res.statusCode).toBe(200);
    expect(res.json().app.name).toBeTypeOf('string');
  });
});

describe('PUT /api/settings', () => {
  it.each(ROLES.slice(1))('is forbidden for %s and changes nothing', async (role) => {
    const res = await putSettings({ app: { name: `Hacked by ${role}` } }, tokens[role]);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    expect((await getSettings(tokens.admin)).json().app.name).not.toBe(`Hacked by ${role}`);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/settings', payload: { app: { name: 'X' } } });
    expect(res.statusCode).toBe(401);
  });

  it('merges a partial payload: app.name alone keeps version, language and the features', async () => {
    await putSettings({ features: { analytics: false } });
    const res = await putSettings({ app: { name: 'Recycling Nord' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.app).toEqual({
      name: 'Recycling Nord',
      version: '2.0.0',
      defaultLanguage: 'de',
      timeZone: 'Europe/Berlin',
    });
    expect(body.features.analytics).toBe(false);
    expect(body.features.inventory).toBe(true);
    // Stored, not only echoed: every user reads the new value.
    const read = await getSettings(tokens.viewer);
    expect(read.json().app).toEqual(body.app);
    expect(read.json().features).toEqual(body.features);
  });

  it('merges one feature flag without touching the others, and keeps notification settings', async () => {
    await putSettings({ notifications: { email: { enabled: true } } });
    const res = await putSettings({ features: { inventory: false, analytics: true } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.features).toMatchObject({ inventory: false, analytics: true, reports: true, settings: true });
    expect(body.notifications).toEqual({ email: { enabled: true } });
    expect(body.app.name).toBe('Recycling Nord');
    await putSettings({ features: { inventory: true } });
  });

  it('rejects an invalid payload with 400 VALIDATION_FAILED and per-field details', async () => {
    const res = await putSettings({
      app: { defaultLanguage: 'fr', name: '' },
      features: { analytics: 'no' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.details.fields)).toEqual(
      expect.arrayContaining(['app.defaultLanguage', 'app.name', 'features.analytics']),
    );
    expect((await getSettings(tokens.admin)).json().app.defaultLanguage).toBe('de');
  });

  it('writes an audit row naming every changed field, and none for a no-op', async () => {
    const res = await putSettings({ app: { defaultLanguage: 'en' }, features: { containers: false } });
    expect(res.statusCode).toBe(200);
    const audit = await t.app.inject({
      url: '/api/audit?entity=settings&action=settings.update&limit=1',
      headers: { 'x-auth-token': tokens.admin! },
    });
    const [row] = audit.json().items;
    expect(row).toMatchObject({ username: 'admin', action: 'settings.update', entity: 'settings' });
    expect(row.changes).toEqual({
      'app.defaultLanguage': { from: 'de', to: 'en' },
      'features.containers': { from: true, to: false },
    });
    const total = audit.json().total;

    const same = await putSettings({ app: { defaultLanguage: 'en' } });
    expect(same.statusCode).toBe(200);
    const after = await t.app.inject({
      url: '/api/audit?entity=settings&action=settings.update',
      headers: { 'x-auth-token': tokens.admin! },
    });
    expect(after.json().total).toBe(total);
  });
});

describe('the settings flag', () => {
  it('refuses writes with 403 FEATURE_DISABLED while off, keeps reads open, and can be switched back on', async () => {
    expect((await putSettings({ features: { settings: false } })).statusCode).toBe(200);

    const write = await putSettings({ app: { name: 'Blocked' } });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({ code: 'FEATURE_DISABLED', details: { feature: 'settings' } });

    for (const role of ROLES) {
      const read = await getSettings(tokens[role]);
      expect(read.statusCode).toBe(200);
      expect(read.json().features.settings).toBe(false);
    }

    // A non-admin still meets FORBIDDEN first: role before flag.
    expect((await putSettings({ features: { settings: true } }, tokens.manager)).json().code).toBe(
      'FORBIDDEN',
    );

    const reEnable = await putSettings({ features: { settings: true } });
    expect(reEnable.statusCode).toBe(200);
    expect(reEnable.json().features.settings).toBe(true);
    const write2 = await putSettings({ app: { name: 'Allowed again' } });
    expect(write2.statusCode).toBe(200);
    expect(write2.json().app.name).toBe('Allowed again');
  });
});
