import { createHmac } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notificationDeliveries, notifications } from '@/server/db/schema';
import { claimDueDeliveries } from '@/server/modules/notification-channels/queue';
import { startFakeWebhookReceiver, type FakeWebhookReceiver } from '../../../fixtures/fake-webhook-receiver';
import { ADMIN_PASSWORD, createUser, login, type TestApp } from '../../support/helpers';
import {
  ALL_OFF,
  createChannelsTestApp,
  deliveries,
  PUBLIC_URL,
  putChannels,
  sleep,
  waitFor,
} from '../../support/notification-channels-setup';

let t: TestApp;
let receiver: FakeWebhookReceiver;
let admin: string;
let managers: string[];

const PATHS = {
  slack: '/slack/hook',
  teams: '/teams/hook',
  discord: '/discord/hook',
  webhook: '/generic/hook',
};
const SECRET = 'generic-signing-secret-1234';
const MAX_ATTEMPTS = 4;
const RETRY_BASE_MS = 150;

beforeAll(async () => {
  t = await createChannelsTestApp({ maxAttempts: MAX_ATTEMPTS, retryBaseMs: RETRY_BASE_MS });
  receiver = await startFakeWebhookReceiver();
  admin = await login(t.app, 'admin', ADMIN_PASSWORD);
  managers = [
    (await createUser(t, { username: 'mgr1', role: 'manager' })).id,
    (await createUser(t, { username: 'mgr2', role: 'Manager' })).id,
  ];
  await createUser(t, { username: 'op1', role: 'operator' });
  await putChannels(t, admin, {
    ...ALL_OFF,
    slack: { enabled: true, url: receiver.url(PATHS.slack) },
    teams: { enabled: true, url: receiver.url(PATHS.teams) },
    discord: { enabled: true, url: receiver.url(PATHS.discord) },
    webhook: { enabled: true, url: receiver.url(PATHS.webhook), secret: SECRET },
    routing: {
      'report.submitted': ['slack', 'teams', 'discord', 'webhook'],
      'stock.low': ['slack'],
      'dispo.changed': [],
    },
  });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});
beforeEach(async () => {
  await t.app.notificationChannels.settle();
  receiver.reset();
});

/** Stores and publishes like a module does: in a transaction, published after the commit. */
async function notifyEvent(type: string, title: string, link: string | null = '/reports/42') {
  const pending = await t.app.db.transaction((tx) =>
    t.app.notify(
      { roles: ['manager'], type, title, message: `${title}: please review <now> & sign`, link },
      tx,
    ),
  );
  pending.publish();
  return pending;
}

describe('chat delivery', () => {
  it('sends an event once to each routed chat channel, in each provider format', async () => {
    const pending = await notifyEvent('report.submitted', 'Report R-42 submitted');
    expect(pending.items).toHaveLength(2);
    await waitFor(() => Object.values(PATHS).every((p) => receiver.received(p).length > 0));
    await t.app.notificationChannels.settle();
    for (const path of Object.values(PATHS)) expect(receiver.received(path)).toHaveLength(1);
    const link = `${PUBLIC_URL}/reports/42`;
    const message = 'Report R-42 submitted: please review <now> & sign';

    const slack = receiver.received(PATHS.slack)[0]!.json as {
      text: string;
      blocks: Array<{ type: string; text?: { text: string }; elements?: Array<{ url?: string }> }>;
    };
    expect(slack.text).toBe(
      'Report R-42 submitted: Report R-42 submitted: please review &lt;now&gt; &amp; sign',
    );
    expect(slack.blocks.find((b) => b.type === 'header')!.text!.text).toBe('Report R-42 submitted');
    expect(slack.blocks.find((b) => b.type === 'actions')!.elements![0]!.url).toBe(link);

    const teams = receiver.received(PATHS.teams)[0]!.json as {
      type: string;
      attachments: Array<{
        contentType: string;
        content: { type: string; body: Array<{ text: string }>; actions: Array<{ url: string }> };
      }>;
    };
    expect(teams.type).toBe('message');
    expect(teams.attachments[0]!.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(teams.attachments[0]!.content.type).toBe('AdaptiveCard');
    expect(teams.attachments[0]!.content.body.map((b) => b.text)).toEqual([
      'Report R-42 submitted',
      message,
      'report.submitted',
    ]);
    expect(teams.attachments[0]!.content.actions[0]!.url).toBe(link);

    const discord = receiver.received(PATHS.discord)[0]!.json as {
      content: string;
      allowed_mentions: { parse: string[] };
      embeds: Array<{ title: string; description: string; url: string }>;
    };
    expect(discord.content).toBe(`**Report R-42 submitted**\n${message}`);
    expect(discord.allowed_mentions).toEqual({ parse: [] });
    expect(discord.embeds[0]).toMatchObject({
      title: 'Report R-42 submitted',
      description: message,
      url: link,
    });

    const generic = receiver.received(PATHS.webhook)[0]!;
    expect(generic.json).toEqual({
      event: 'report.submitted',
      title: 'Report R-42 submitted',
      message,
      link,
      createdAt: pending.items[0]!.notification.createdAt,
    });
    const timestamp = String(generic.headers['x-fleetpilot-timestamp']);
    const expected = createHmac('sha256', SECRET).update(`${timestamp}.${generic.raw}`).digest('hex');
    expect(generic.headers['x-fleetpilot-signature']).toBe(`sha256=${expected}`);

    const rows = (await deliveries(t)).filter((d) => d.event === 'report.submitted');
    expect(rows.map((r) => [r.channel, r.status, r.attempts]).sort()).toEqual([
      ['discord', 'sent', 1],
      ['slack', 'sent', 1],
      ['teams', 'sent', 1],
      ['webhook', 'sent', 1],
    ]);
  });

  it('speaks MessageCard to Teams when configured so', async () => {
    await putChannels(t, admin, { teams: { format: 'messageCard' } });
    await notifyEvent('report.submitted', 'Legacy card', '/reports/7');
    const [hit] = await waitFor(
      () => receiver.received(PATHS.teams).length && receiver.received(PATHS.teams),
    );
    expect(hit!.json).toMatchObject({
      '@type': 'MessageCard',
      '@context': 'https://schema.org/extensions',
      title: 'Legacy card',
      potentialAction: [{ '@type': 'OpenUri', targets: [{ os: 'default', uri: `${PUBLIC_URL}/reports/7` }] }],
    });
    await putChannels(t, admin, { teams: { format: 'adaptiveCard' } });
  });

  it('routes: an event goes only to the channels routed for it, and only while they are on', async () => {
    await notifyEvent('stock.low', 'Stock low: filters');
    await notifyEvent('dispo.changed', 'Dispo changed');
    await notifyEvent('report', 'Not a channel event');
    await waitFor(() => receiver.received(PATHS.slack).length);
    await t.app.notificationChannels.settle();
    expect(receiver.requests.map((r) => r.path)).toEqual([PATHS.slack]);
    expect((receiver.requests[0]!.json as { text: string }).text).toContain('Stock low: filters');
    expect((await deliveries(t)).filter((d) => d.event !== 'report.submitted').map((d) => d.event)).toEqual([
      'stock.low',
    ]);
    // Still stored in-app for both managers, whatever the routing.
    const stored = await t.db.db.select().from(notifications).where(eq(notifications.title, 'Dispo changed'));
    expect(stored.map((n) => n.userId).sort()).toEqual([...managers].sort());

    await putChannels(t, admin, { slack: { enabled: false } });
    receiver.reset();
    await notifyEvent('stock.low', 'Stock low while slack is off');
    await notifyEvent('report.submitted', 'Submitted while slack is off');
    await waitFor(() => receiver.received(PATHS.teams).length);
    await t.app.notificationChannels.settle();
    expect(receiver.received(PATHS.slack)).toHaveLength(0);
    await putChannels(t, admin, { slack: { enabled: true } });
  });

  it('retries with exponential back-off until the receiver accepts', async () => {
    receiver.answer(PATHS.slack, { status: 500, body: 'boom' }, { status: 503, body: 'busy' });
    await notifyEvent('stock.low', 'Retry me');
    const hits = await waitFor(
      () => receiver.received(PATHS.slack).length >= 3 && receiver.received(PATHS.slack),
    );
    const [first, second, third] = hits.map((h) => h.at) as [number, number, number];
    // Back-off 150 ms then 300 ms, ±20 % jitter, plus polling.
    expect(second - first).toBeGreaterThanOrEqual(RETRY_BASE_MS * 0.8 - 5);
    expect(third - second).toBeGreaterThanOrEqual(RETRY_BASE_MS * 2 * 0.8 - 5);
    expect(third - second).toBeGreaterThan(second - first);
    const row = await waitFor(async () => {
      const [r] = (await deliveries(t)).filter(
        (d) => (d.payload as { notification: { title: string } }).notification.title === 'Retry me',
      );
      return r?.status === 'sent' && r;
    });
    expect(row.attempts).toBe(3);
    expect(row.lastError).toBeNull();
    await sleep(RETRY_BASE_MS * 3);
    expect(receiver.received(PATHS.slack)).toHaveLength(3);
  });

  it('gives up after the maximum attempts: dead, with the last error', async () => {
    receiver.answer(
      PATHS.slack,
      ...Array.from({ length: 10 }, (_, i) => ({ status: 500, body: `failure ${i + 1}` })),
    );
    await notifyEvent('stock.low', 'Never arrives');
    const row = await waitFor(async () => {
      const [r] = (await deliveries(t)).filter(
        (d) => (d.payload as { notification: { title: string } }).notification.title === 'Never arrives',
      );
      return r?.status === 'dead' && r;
    }, 15_000);
    expect(row.attempts).toBe(MAX_ATTEMPTS);
    expect(row.lastError).toBe('Webhook answered 500');
    await sleep(RETRY_BASE_MS * 4);
    expect(receiver.received(PATHS.slack)).toHaveLength(MAX_ATTEMPTS);

    const list = await t.app.inject({
      url: '/api/notification-channels/deliveries?status=dead',
      headers: { 'x-auth-token': admin },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toEqual([
      expect.objectContaining({
        id: row.id,
        channel: 'slack',
        status: 'dead',
        attempts: MAX_ATTEMPTS,
        lastError: row.lastError,
      }),
    ]);
  });

  it('never blocks or fails the request that caused it', async () => {
    receiver.answer(PATHS.slack, { status: 200, body: 'ok', delayMs: 1500 });
    const started = Date.now();
    const pending = await t.app.db.transaction((tx) =>
      t.app.notify({ roles: ['manager'], type: 'stock.low', title: 'Slow chat', message: 'm' }, tx),
    );
    pending.publish();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(receiver.received(PATHS.slack)).toHaveLength(0);
    await waitFor(async () => {
      const rows = await deliveries(t);
      return rows.some(
        (r) =>
          (r.payload as { notification: { title: string } }).notification.title === 'Slow chat' &&
          r.status === 'sent',
      );
    });
  });

  it('lets concurrent claimers take disjoint deliveries (SKIP LOCKED)', async () => {
    const ids = Array.from({ length: 12 }, () => uuidv7());
    const notification = {
      id: 'n',
      type: 'stock.low',
      title: 'claimed',
      message: '',
      link: null,
      read: false,
      createdAt: '',
    };
    await t.db.db.insert(notificationDeliveries).values(
      ids.map((id) => ({
        id,
        channel: 'slack',
        event: 'stock.low',
        dedupeKey: `claim-test:${id}`,
        payload: { notification: { ...notification, _id: id } },
        maxAttempts: 3,
        nextAttemptAt: new Date(Date.now() + 3_600_000),
      })),
    );
    await t.db.db
      .update(notificationDeliveries)
      .set({ nextAttemptAt: sql`now()` })
      .where(inArray(notificationDeliveries.id, ids));
    const options = { batchSize: 5, leaseMs: 60_000 };
    const batches = await Promise.all([
      claimDueDeliveries(t.db.db, options),
      claimDueDeliveries(t.db.db, options),
      claimDueDeliveries(t.db.db, options),
    ]);
    const claimed = batches
      .flat()
      .map((r) => r.id)
      .filter((id) => ids.includes(id));
    expect(new Set(claimed).size).toBe(claimed.length);
    for (const batch of batches) expect(batch.length).toBeLessThanOrEqual(5);
    // Claimed rows are leased: none is due again at once.
    const again = await claimDueDeliveries(t.db.db, { batchSize: 50, leaseMs: 60_000 });
    expect(again.filter((r) => claimed.includes(r.id))).toEqual([]);
    await t.db.db.delete(notificationDeliveries).where(inArray(notificationDeliveries.id, ids));
  });
});
