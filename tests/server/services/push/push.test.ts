import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushPayloadSchema } from '@/domain/notification-channels';
import { auditLog, pushSubscriptions, serverSecrets } from '@/server/db/schema';
import { startFakePushService, type FakePushService } from '../../../fixtures/fake-push-service';
import { ADMIN_PASSWORD, createUser, login, type TestApp } from '../../support/helpers';
import {
  ALL_OFF,
  createChannelsTestApp,
  deliveries,
  PUBLIC_URL,
  putChannels,
  waitFor,
} from '../../support/notification-channels-setup';

let t: TestApp;
let push: FakePushService;
let admin: string;
let ann: { id: string; token: string };
let bob: { id: string; token: string };
let publicKey: string;

beforeAll(async () => {
  t = await createChannelsTestApp({ retryBaseMs: 100 });
  push = await startFakePushService();
  admin = await login(t.app, 'admin', ADMIN_PASSWORD);
  ann = await createUser(t, { username: 'ann', role: 'operator' });
  bob = await createUser(t, { username: 'bob', role: 'manager' });
  await putChannels(t, admin, { ...ALL_OFF, push: { enabled: true } });
});
afterAll(async () => {
  await t.close();
  await push.close();
});

const subscribe = (token: string, body: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: { 'x-auth-token': token },
    payload: body,
  });
const unsubscribe = (token: string, endpoint: string) =>
  t.app.inject({
    method: 'DELETE',
    url: '/api/push/subscriptions',
    headers: { 'x-auth-token': token },
    payload: { endpoint },
  });
const subscriptionsOf = (userId: string) =>
  t.db.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

async function notifyUser(userId: string, title: string, type = 'report.approved') {
  const pending = await t.app.db.transaction((tx) =>
    t.app.notify(
      { userIds: [userId], type, title, message: `${title} — Ελληνικά, Български`, link: '/reports/9' },
      tx,
    ),
  );
  pending.publish();
  return pending.items[0]!.notification;
}

describe('VAPID keys', () => {
  it('are generated once, stored, and the public key is served to signed-in users', async () => {
    const first = await t.app.inject({
      url: '/api/push/vapid-public-key',
      headers: { 'x-auth-token': ann.token },
    });
    expect(first.statusCode).toBe(200);
    publicKey = first.json().publicKey;
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const again = await t.app.inject({
      url: '/api/push/vapid-public-key',
      headers: { 'x-auth-token': bob.token },
    });
    expect(again.json().publicKey).toBe(publicKey);
    const [stored] = await t.db.db.select().from(serverSecrets).where(eq(serverSecrets.key, 'webpush.vapid'));
    expect(JSON.parse(stored!.value)).toMatchObject({ publicKey, privateKey: expect.any(String) });
    expect((await t.app.inject({ url: '/api/push/vapid-public-key' })).statusCode).toBe(401);
  });

  it('is behind the notifications feature flag', async () => {
    await t.app.settingsStore.update({ features: { notifications: false } });
    try {
      const res = await t.app.inject({
        url: '/api/push/vapid-public-key',
        headers: { 'x-auth-token': ann.token },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FEATURE_DISABLED');
      expect((await subscribe(ann.token, push.subscribe())).statusCode).toBe(403);
    } finally {
      await t.app.settingsStore.update({ features: { notifications: true } });
    }
  });
});

describe('subscriptions', () => {
  it('upserts per endpoint, moves a shared device to whoever subscribed last, and audits', async () => {
    const device = push.subscribe();
    const created = await subscribe(ann.token, device);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ id: expect.any(String), endpoint: device.endpoint });
    const again = await subscribe(ann.token, { ...device, expirationTime: null });
    expect(again.json().id).toBe(created.json().id);
    expect(await subscriptionsOf(ann.id)).toHaveLength(1);

    const moved = await subscribe(bob.token, device);
    expect(moved.json().id).toBe(created.json().id);
    expect(await subscriptionsOf(ann.id)).toHaveLength(0);
    expect((await subscriptionsOf(bob.id)).map((s) => s.endpoint)).toEqual([device.endpoint]);

    // Someone else cannot remove it; its owner can, and repeating that is harmless.
    expect((await unsubscribe(ann.token, device.endpoint)).statusCode).toBe(204);
    expect(await subscriptionsOf(bob.id)).toHaveLength(1);
    expect((await unsubscribe(bob.token, device.endpoint)).statusCode).toBe(204);
    expect(await subscriptionsOf(bob.id)).toHaveLength(0);
    expect((await unsubscribe(bob.token, device.endpoint)).statusCode).toBe(204);

    const audit = await t.db.db.select().from(auditLog).where(eq(auditLog.entity, 'push_subscription'));
    expect(audit.map((a) => a.action).sort()).toEqual([
      'push.subscribe',
      'push.subscribe',
      'push.subscribe',
      'push.unsubscribe',
    ]);
  });

  it('rejects malformed subscriptions', async () => {
    const device = push.subscribe();
    for (const body of [
      { endpoint: device.endpoint },
      { endpoint: 'not a url', keys: device.keys },
      { endpoint: device.endpoint, keys: { p256dh: 'short', auth: device.keys.auth } },
    ]) {
      const res = await subscribe(ann.token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('delivery', () => {
  let phone: ReturnType<FakePushService['subscribe']>;
  let tablet: ReturnType<FakePushService['subscribe']>;
  let bobsPhone: ReturnType<FakePushService['subscribe']>;

  beforeAll(async () => {
    phone = push.subscribe();
    tablet = push.subscribe();
    bobsPhone = push.subscribe();
    for (const [token, device] of [
      [ann.token, phone],
      [ann.token, tablet],
      [bob.token, bobsPhone],
    ] as const)
      expect((await subscribe(token, device)).statusCode).toBe(201);
  });

  it('reaches every subscription of the user with the encrypted {title, body, link, id} payload', async () => {
    const notification = await notifyUser(ann.id, 'Report approved');
    await waitFor(() => push.received.filter((r) => r.id === phone.id || r.id === tablet.id).length === 2);
    expect(push.rejected).toEqual([]);
    for (const device of [phone, tablet]) {
      const hit = push.received.find((r) => r.id === device.id)!;
      expect(pushPayloadSchema.strict().parse(hit.payload)).toEqual({
        title: 'Report approved',
        body: 'Report approved — Ελληνικά, Български',
        link: '/reports/9',
        id: notification.id,
      });
      expect(hit.vapidKey).toBe(publicKey);
      expect(hit.vapid.sub).toBe(PUBLIC_URL);
      expect(hit.vapid.exp).toBeGreaterThan(Date.now() / 1000);
      expect(Number(hit.headers.ttl)).toBeGreaterThan(0);
    }
    expect(push.received.some((r) => r.id === bobsPhone.id)).toBe(false);
    await t.app.notificationChannels.settle();
    const rows = (await deliveries(t)).filter((d) => d.channel === 'push');
    expect(rows.map((r) => [r.target, r.status]).sort()).toEqual(
      (await subscriptionsOf(ann.id)).map((s) => [s.id, 'sent']).sort(),
    );
  });

  it('retries a push service error', async () => {
    push.fail(bobsPhone.id, 503, 1);
    await notifyUser(bob.id, 'Try again');
    await waitFor(() => push.received.filter((r) => r.id === bobsPhone.id && r.status === 201).length === 1);
    const tries = push.received.filter((r) => r.id === bobsPhone.id);
    expect(tries.map((r) => r.status)).toEqual([503, 201]);
    const row = await waitFor(async () =>
      (await deliveries(t)).find((d) => d.channel === 'push' && d.userId === bob.id && d.status === 'sent'),
    );
    expect(row.attempts).toBe(2);
  });

  it("words a keyed notification in the recipient's chosen language", async () => {
    const chosen = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/language',
      headers: { 'x-auth-token': bob.token },
      payload: { language: 'gr' },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const before = push.received.length;
    const pending = await t.app.db.transaction((tx) =>
      t.app.notify(
        {
          userIds: [bob.id],
          type: 'stock.low',
          key: 'stock.low',
          params: { item: 'Hydraulikfilter HF-7', quantity: 1, minimum: 4 },
          link: '/inventory',
        },
        tx,
      ),
    );
    pending.publish();
    await waitFor(() => push.received.slice(before).some((r) => r.id === bobsPhone.id && r.status === 201));
    const hit = push.received.slice(before).find((r) => r.id === bobsPhone.id && r.status === 201)!;
    // The site speaks German; Bob reads Greek.
    expect((hit.payload as { title: string }).title).toBe('Χαμηλό απόθεμα: Hydraulikfilter HF-7');
  });

  it('removes a subscription the push service reports gone (410) and still serves the others', async () => {
    push.expire(tablet.id);
    const before = push.received.length;
    await notifyUser(ann.id, 'After expiry');
    await waitFor(async () => (await subscriptionsOf(ann.id)).length === 1);
    await t.app.notificationChannels.settle();
    expect((await subscriptionsOf(ann.id)).map((s) => s.endpoint)).toEqual([phone.endpoint]);
    expect(push.received.slice(before).map((r) => r.id)).toEqual([phone.id]);
    const cancelled = (await deliveries(t)).filter((d) => d.channel === 'push' && d.status === 'cancelled');
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]!.lastError).toMatch(/410/);

    // The next notification is not even queued for the removed device.
    const queued = (await deliveries(t)).length;
    await notifyUser(ann.id, 'Only the phone');
    await waitFor(() =>
      push.received.some((r) => (r.payload as { title: string }).title === 'Only the phone'),
    );
    await t.app.notificationChannels.settle();
    expect((await deliveries(t)).length).toBe(queued + 1);
  });

  it('sends nothing while push is switched off or not routed', async () => {
    const queued = (await deliveries(t)).length;
    await putChannels(t, admin, { push: { enabled: false } });
    await notifyUser(ann.id, 'Push off');
    await putChannels(t, admin, { push: { enabled: true }, routing: { 'stock.low': ['email'] } });
    await notifyUser(ann.id, 'Not routed', 'stock.low');
    await t.app.notificationChannels.settle();
    expect((await deliveries(t)).length).toBe(queued);
  });

  it('test send reaches the admin’s own devices and says when there are none', async () => {
    const test = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/notification-channels/push/test',
        headers: { 'x-auth-token': admin },
      });
    expect((await test()).json()).toEqual({
      ok: false,
      code: 'NO_SUBSCRIPTION',
      error: 'No push subscription: allow notifications on one of your devices first',
    });
    const device = push.subscribe();
    expect((await subscribe(admin, device)).statusCode).toBe(201);
    expect((await test()).json()).toEqual({ ok: true });
    const hit = push.received.find((r) => r.id === device.id)!;
    expect(hit.payload).toMatchObject({ title: 'Testnachricht', link: '/notifications' });
  });
});
