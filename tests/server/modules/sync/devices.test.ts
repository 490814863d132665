import { and, eq } from 'drizzle-orm';
import { v4 as uuidv4 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEVICE_ID_HEADER,
  DEVICE_OFFLINE_ALERT_DAYS,
  DEVICE_STATE_HEADER,
  formatDeviceState,
  parseDeviceState,
  type Device,
  type DeviceState,
} from '@/domain/devices';
import { renderNotification } from '@/domain/notification-texts';
import { devices, notifications, users } from '@/server/db/schema';
import { reportSilentDevices } from '@/server/modules/sync/devices';
import { ADMIN_PASSWORD, createTestApp, createUser, login, type TestApp } from '../../support/helpers';

/*
 * Devices: the state the engine's requests report in two headers, the list for admins and managers,
 * and the check that tells them about a device silent for days with work waiting.
 */

let t: TestApp;
let adminToken: string;
let manager: { id: string; token: string };
let operator: { id: string; token: string };
let viewer: { id: string; token: string };

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await login(t.app, 'admin', ADMIN_PASSWORD);
  manager = await createUser(t, { username: 'dev.manager', role: 'manager' });
  operator = await createUser(t, { username: 'dev.operator', role: 'operator' });
  viewer = await createUser(t, { username: 'dev.viewer', role: 'viewer' });
  await t.db.db.update(users).set({ name: 'Olga Operator' }).where(eq(users.id, operator.id));
});
afterAll(async () => t?.close());

const STATE: DeviceState = { waiting: 3, oldestAgeS: 7200, version: '2.0.0', persistent: true };

function pull(token: string, deviceId: string | null, state: DeviceState | string | null = STATE) {
  const headers: Record<string, string> = { 'x-auth-token': token };
  if (deviceId) headers[DEVICE_ID_HEADER] = deviceId;
  if (state) headers[DEVICE_STATE_HEADER] = typeof state === 'string' ? state : formatDeviceState(state);
  return t.app.inject({ method: 'GET', url: '/api/sync/pull?limit=1', headers });
}

async function list(token: string): Promise<Device[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/sync/devices',
    headers: { 'x-auth-token': token },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: Device[] }).items;
}

const row = async (deviceId: string) =>
  (await t.db.db.select().from(devices).where(eq(devices.deviceId, deviceId)))[0];

describe('the device state line', () => {
  it('reads back what the app writes', () => {
    expect(parseDeviceState(formatDeviceState(STATE))).toEqual(STATE);
    const idle = { waiting: 0, oldestAgeS: null, version: '2.0.0', persistent: null };
    expect(parseDeviceState(formatDeviceState(idle))).toEqual(idle);
  });

  it('ignores malformed lines', () => {
    expect(parseDeviceState(undefined)).toBeNull();
    expect(parseDeviceState('waiting=-1; version=1')).toBeNull();
    expect(parseDeviceState('waiting=2; oldest=soon; version=1')).toBeNull();
    expect(parseDeviceState('waiting=2; version=<script>')).toBeNull();
    expect(parseDeviceState('x'.repeat(400))).toBeNull();
  });
});

describe('recording and listing devices', () => {
  it('stores what a pull reports, per device, with the user and the oldest entry dated by the server', async () => {
    const deviceId = uuidv4();
    const before = Date.now();
    expect((await pull(operator.token, deviceId)).statusCode).toBe(200);
    const items = await list(manager.token);
    const device = items.find((d) => d.deviceId === deviceId);
    expect(device).toMatchObject({
      userId: operator.id,
      username: 'dev.operator',
      name: 'Olga Operator',
      waiting: 3,
      appVersion: '2.0.0',
      persistent: true,
    });
    const lastSeen = Date.parse(device!.lastSeenAt);
    expect(lastSeen).toBeGreaterThanOrEqual(before - 1000);
    expect(lastSeen - Date.parse(device!.oldestWaitingAt!)).toBeCloseTo(7200 * 1000, -3);
  });

  it('updates the same row when the state changes (the entries went out), and lists waiting devices first', async () => {
    const idle = uuidv4();
    const busy = uuidv4();
    await pull(operator.token, busy);
    await pull(manager.token, idle, { waiting: 0, oldestAgeS: null, version: '2.0.0', persistent: false });
    let items = await list(adminToken);
    expect(items.findIndex((d) => d.deviceId === busy)).toBeLessThan(
      items.findIndex((d) => d.deviceId === idle),
    );
    await pull(operator.token, busy, { waiting: 0, oldestAgeS: null, version: '2.0.1', persistent: true });
    items = await list(adminToken);
    expect(items.filter((d) => d.deviceId === busy)).toEqual([
      expect.objectContaining({ waiting: 0, oldestWaitingAt: null, appVersion: '2.0.1' }),
    ]);
  });

  it('records nothing without a valid device id or state, and never fails the request for it', async () => {
    const count = async () => (await t.db.db.select().from(devices)).length;
    const before = await count();
    expect((await pull(operator.token, 'not-a-uuid')).statusCode).toBe(200);
    expect((await pull(operator.token, uuidv4(), 'waiting=lots')).statusCode).toBe(200);
    expect((await pull(operator.token, null)).statusCode).toBe(200);
    expect(await count()).toBe(before);
  });

  it('records nothing for a request without a valid session', async () => {
    const deviceId = uuidv4();
    expect((await pull('not-a-token', deviceId)).statusCode).toBe(401);
    expect(await row(deviceId)).toBeUndefined();
  });

  it('lists devices for admins and managers only', async () => {
    for (const token of [operator.token, viewer.token]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/sync/devices',
        headers: { 'x-auth-token': token },
      });
      expect(res.statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/sync/devices' })).statusCode).toBe(401);
    await list(adminToken);
    await list(manager.token);
  });
});

describe('silent devices with work waiting', () => {
  const DAY = 24 * 3600 * 1000;

  async function silentNotifications(userId: string) {
    return t.db.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, 'device.silent')));
  }

  it('tells admins and managers once per silence, and again after the device was heard from and went silent again', async () => {
    const deviceId = uuidv4();
    await pull(operator.token, deviceId);
    const now = Date.now();
    const seen = new Date(now - (DEVICE_OFFLINE_ALERT_DAYS * DAY + 3600 * 1000));
    await t.db.db.update(devices).set({ lastSeenAt: seen }).where(eq(devices.deviceId, deviceId));
    const before = (await silentNotifications(manager.id)).length;

    expect(await reportSilentDevices(t.app, new Date(now))).toBeGreaterThanOrEqual(1);
    const mine = (await silentNotifications(manager.id)).slice(before);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      messageKey: 'device.silent',
      link: '/devices',
      params: { user: 'Olga Operator', waiting: 3, lastSeen: seen.toISOString() },
    });
    expect((await silentNotifications(operator.id)).length).toBe(0);
    const adminId = (await t.db.db.select().from(users).where(eq(users.username, 'admin')))[0]!.id;
    expect((await silentNotifications(adminId)).length).toBeGreaterThan(0);

    // The next checks within the same silence say nothing more.
    expect(await reportSilentDevices(t.app, new Date(now + 3600 * 1000))).toBe(0);
    expect((await silentNotifications(manager.id)).length).toBe(before + 1);

    // Heard from again, then silent again with work: a new silence, reported again.
    await pull(operator.token, deviceId, { ...STATE, waiting: 4 });
    expect((await row(deviceId))!.alertedAt).toBeNull();
    await t.db.db.update(devices).set({ lastSeenAt: seen }).where(eq(devices.deviceId, deviceId));
    expect(await reportSilentDevices(t.app, new Date(now))).toBe(1);
    expect((await silentNotifications(manager.id)).length).toBe(before + 2);
  });

  it('says nothing about a device silent with nothing waiting, or silent for less than the limit', async () => {
    const empty = uuidv4();
    const recent = uuidv4();
    await pull(operator.token, empty, { waiting: 0, oldestAgeS: null, version: '2.0.0', persistent: true });
    await pull(operator.token, recent);
    const now = Date.now();
    await t.db.db
      .update(devices)
      .set({ lastSeenAt: new Date(now - 10 * DAY) })
      .where(eq(devices.deviceId, empty));
    await t.db.db
      .update(devices)
      .set({ lastSeenAt: new Date(now - (DEVICE_OFFLINE_ALERT_DAYS * DAY - 3600 * 1000)) })
      .where(eq(devices.deviceId, recent));
    expect(await reportSilentDevices(t.app, new Date(now))).toBe(0);
    expect((await row(empty))!.alertedAt).toBeNull();
    expect((await row(recent))!.alertedAt).toBeNull();
  });

  it('renders the notification in each language', () => {
    const params = { user: 'Olga', waiting: 1234, lastSeen: '2026-03-10T08:00:00.000Z' };
    const en = renderNotification('device.silent', params, 'en');
    expect(en?.title).toContain('Olga');
    expect(en?.message).toContain('1,234');
    expect(en?.message).toContain('10 Mar 2026');
    for (const language of ['de', 'bg', 'gr'] as const) {
      const text = renderNotification('device.silent', params, language);
      expect(text?.message).toContain('Olga');
      expect(text?.message).not.toBe(en?.message);
    }
  });
});
