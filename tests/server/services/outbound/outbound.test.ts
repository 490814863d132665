import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '@/server/db/schema';
import { sendPushTo } from '@/server/modules/notification-channels/dispatch';
import {
  isPublicAddress,
  PUSH_ENDPOINT_REFUSED,
  refusePushEndpoint,
} from '@/server/services/outbound/public-endpoint';
import { startFakePushService, type FakePushService } from '../../../fixtures/fake-push-service';
import { createUser, type TestApp } from '../../support/helpers';
import { createChannelsTestApp } from '../../support/notification-channels-setup';

describe('push endpoints', () => {
  it('count loopback, private, link-local and reserved addresses as not public', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.10',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['142.250.74.78', '2a00:1450:4001:80e::200a', '::ffff:142.250.74.78']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('must be https on a host whose every address is public', async () => {
    const resolver = (map: Record<string, string[]>) => async (host: string) => {
      const found = map[host];
      if (!found) throw new Error('ENOTFOUND');
      return found;
    };
    const dns = resolver({
      'push.example.com': ['142.250.74.78'],
      'sneaky.example.com': ['142.250.74.78', '10.0.0.5'],
      'inside.example.com': ['127.0.0.1'],
    });
    expect(await refusePushEndpoint('https://push.example.com/send/abc', dns)).toBeNull();
    expect(await refusePushEndpoint('http://push.example.com/send/abc', dns)).toBe(PUSH_ENDPOINT_REFUSED);
    expect(await refusePushEndpoint('https://127.0.0.1:3000/api', dns)).toBe(PUSH_ENDPOINT_REFUSED);
    expect(await refusePushEndpoint('https://[::1]/x', dns)).toBe(PUSH_ENDPOINT_REFUSED);
    expect(await refusePushEndpoint('https://169.254.169.254/latest', dns)).toBe(PUSH_ENDPOINT_REFUSED);
    expect(await refusePushEndpoint('https://sneaky.example.com/x', dns)).toBe(PUSH_ENDPOINT_REFUSED);
    expect(await refusePushEndpoint('https://inside.example.com/x', dns)).toBe(PUSH_ENDPOINT_REFUSED);
    expect(await refusePushEndpoint('https://unknown.example.com/x', dns)).not.toBeNull();
  });
});

describe('the push routes and the sender', () => {
  let t: TestApp;
  let push: FakePushService;
  let ann: { id: string; token: string };
  beforeAll(async () => {
    // The real check, not the one the other channel tests relax for their local fake.
    t = await createChannelsTestApp({
      background: false,
      pushEndpointCheck: (endpoint) => refusePushEndpoint(endpoint),
    });
    push = await startFakePushService();
    ann = await createUser(t, { username: 'ann', role: 'operator' });
  });
  afterAll(async () => {
    await t.close();
    await push.close();
  });

  it('refuse to subscribe a loopback endpoint', async () => {
    const device = push.subscribe();
    for (const endpoint of [device.endpoint, device.endpoint.replace('http:', 'https:')]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: { 'x-auth-token': ann.token },
        payload: { ...device, endpoint },
      });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().details.fields.endpoint).toEqual([PUSH_ENDPOINT_REFUSED]);
    }
    expect(await t.db.db.select().from(pushSubscriptions)).toHaveLength(0);
  });

  it('check the endpoint again before sending, and drop a stored one that is not allowed', async () => {
    const device = push.subscribe();
    const id = uuidv7();
    await t.db.db.insert(pushSubscriptions).values({
      id,
      userId: ann.id,
      endpoint: device.endpoint,
      p256dh: device.keys.p256dh,
      auth: device.keys.auth,
    });
    const [row] = await t.db.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    const result = await sendPushTo(await t.app.notificationChannels.context(), row!, {
      title: 'x',
      body: 'y',
      link: '/',
      id: 'z',
    });
    expect(result).toMatchObject({ ok: false, error: PUSH_ENDPOINT_REFUSED });
    expect(push.received).toHaveLength(0);
    expect(await t.db.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id))).toHaveLength(
      0,
    );
  });
});
