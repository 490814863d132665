import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_CHANNELS, NOTIFICATION_EVENTS } from '@/domain/notification-channels';
import { serverSecrets } from '@/server/db/schema';
import { startFakeWebhookReceiver, type FakeWebhookReceiver } from '../../../fixtures/fake-webhook-receiver';
import { ADMIN_PASSWORD, createUser, login, type TestApp } from '../../support/helpers';
import { createChannelsTestApp, putChannels } from '../../support/notification-channels-setup';

let t: TestApp;
let receiver: FakeWebhookReceiver;
let admin: string;
let manager: string;
let operator: string;

const SMTP_PASSWORD = 'smtp-pass-Zq81x';
const WEBHOOK_SECRET = 'signing-secret-5a9f0c7d';
let slackUrl: string;
let webhookUrl: string;

beforeAll(async () => {
  t = await createChannelsTestApp();
  receiver = await startFakeWebhookReceiver();
  slackUrl = receiver.url('/services/T0001/B0002/SlackTokenXyZ123');
  webhookUrl = receiver.url('/hooks/generic?token=GenericTokenAbC987');
  admin = await login(t.app, 'admin', ADMIN_PASSWORD);
  manager = (await createUser(t, { username: 'mgr', role: 'manager' })).token;
  operator = (await createUser(t, { username: 'op', role: 'operator' })).token;
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const get = (url: string, token?: string) =>
  t.app.inject({ url, headers: token ? { 'x-auth-token': token } : {} });
const secretsIn = (text: string) =>
  [SMTP_PASSWORD, WEBHOOK_SECRET, 'SlackTokenXyZ123', 'GenericTokenAbC987'].filter((s) => text.includes(s));

describe('GET /api/notification-channels', () => {
  it('answers the defaults to an admin: push on, the rest off, every event routed everywhere', async () => {
    const res = await get('/api/notification-channels', admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.email).toMatchObject({ enabled: false, host: '', port: 587, security: 'starttls' });
    expect(body.email.password).toEqual({ configured: false, hint: null });
    expect(body.push.enabled).toBe(true);
    expect(body.push.vapidPublicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    for (const chat of ['slack', 'teams', 'discord', 'webhook'])
      expect(body[chat]).toMatchObject({ enabled: false, url: { configured: false, hint: null } });
    expect(body.teams.format).toBe('adaptiveCard');
    expect(Object.keys(body.routing).sort()).toEqual([...NOTIFICATION_EVENTS].sort());
    for (const event of NOTIFICATION_EVENTS) expect(body.routing[event]).toEqual([...NOTIFICATION_CHANNELS]);
  });

  it('is for admins only', async () => {
    expect((await get('/api/notification-channels')).statusCode).toBe(401);
    for (const token of [manager, operator]) {
      const res = await get('/api/notification-channels', token);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
  });
});

describe('PUT /api/notification-channels', () => {
  it('stores credentials and routing; secrets are write-only everywhere', async () => {
    const body = await putChannels(t, admin, {
      email: {
        enabled: true,
        host: 'mail.example.test',
        port: 465,
        security: 'tls',
        user: 'mailer',
        password: SMTP_PASSWORD,
        sender: 'FleetPilot <fleet@example.test>',
      },
      slack: { enabled: true, url: slackUrl },
      webhook: { url: webhookUrl, secret: WEBHOOK_SECRET },
      routing: { 'stock.low': ['email', 'slack'], 'dispo.changed': [] },
    });
    expect(body.email).toMatchObject({
      enabled: true,
      host: 'mail.example.test',
      port: 465,
      security: 'tls',
      user: 'mailer',
      sender: 'FleetPilot <fleet@example.test>',
      password: { configured: true, hint: null },
    });
    expect(body.slack).toEqual({ enabled: true, url: { configured: true, hint: expect.any(String) } });
    expect(body.slack.url.hint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/…Z123$/);
    expect(body.webhook.url.configured).toBe(true);
    expect(body.webhook.secret).toEqual({ configured: true, hint: null });
    expect(body.routing['stock.low']).toEqual(['email', 'slack']);
    expect(body.routing['dispo.changed']).toEqual([]);
    expect(body.routing['report.submitted']).toEqual([...NOTIFICATION_CHANNELS]);

    // Read back through every door: the admin API, the settings document (any signed-in user), the audit log.
    const view = await get('/api/notification-channels', admin);
    expect(view.json()).toEqual(body);
    expect(secretsIn(view.body)).toEqual([]);
    const settings = await get('/api/settings', admin);
    expect(settings.statusCode).toBe(200);
    expect(settings.json().notifications.email.host).toBe('mail.example.test');
    expect(settings.json().notifications.slack.enabled).toBe(true);
    expect(secretsIn(settings.body)).toEqual([]);
    // Other roles do not see the channel details at all.
    const forOperator = await get('/api/settings', operator);
    expect(forOperator.statusCode).toBe(200);
    expect(forOperator.json().notifications).toEqual({});
    const audit = await get('/api/audit?entity=settings&action=notification-channels.update&limit=1', admin);
    const [row] = audit.json().items;
    expect(row.changes).toMatchObject({
      'email.host': { from: '', to: 'mail.example.test' },
      'email.password': { from: 'unset', to: 'changed' },
      'slack.url': { from: 'unset', to: 'changed' },
      'routing.stock.low': { to: ['email', 'slack'] },
    });
    expect(secretsIn(audit.body)).toEqual([]);

    // Stored outside the settings document.
    const stored = await t.db.db
      .select()
      .from(serverSecrets)
      .where(like(serverSecrets.key, 'notifications.%'));
    expect(Object.fromEntries(stored.map((s) => [s.key, s.value]))).toEqual({
      'notifications.email.password': SMTP_PASSWORD,
      'notifications.slack.url': slackUrl,
      'notifications.webhook.url': webhookUrl,
      'notifications.webhook.secret': WEBHOOK_SECRET,
    });
  });

  it('keeps a secret the PUT leaves out, and removes one set to null', async () => {
    const body = await putChannels(t, admin, {
      email: { user: 'fleet-mailer' },
      webhook: { secret: null },
    });
    expect(body.email.user).toBe('fleet-mailer');
    expect(body.email.password.configured).toBe(true);
    expect(body.slack.url.configured).toBe(true);
    expect(body.webhook.secret.configured).toBe(false);
    expect(body.webhook.url.configured).toBe(true);
    const keys = (
      await t.db.db.select().from(serverSecrets).where(like(serverSecrets.key, 'notifications.%'))
    ).map((s) => s.key);
    expect(keys.sort()).toEqual([
      'notifications.email.password',
      'notifications.slack.url',
      'notifications.webhook.url',
    ]);
    // The settings written through the generic settings endpoint stay intact beside ours.
    const settings = await get('/api/settings', admin);
    expect(settings.json().notifications.email.host).toBe('mail.example.test');
  });

  it('refuses to switch a channel on without what it needs', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/notification-channels',
      headers: { 'x-auth-token': admin },
      payload: { discord: { enabled: true }, email: { host: '' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.json().details.fields).sort()).toEqual(['discord.url', 'email.host']);
    const view = (await get('/api/notification-channels', admin)).json();
    expect(view.discord.enabled).toBe(false);
    expect(view.email.host).toBe('mail.example.test');
  });

  it('validates the body with the shared schema', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/notification-channels',
      headers: { 'x-auth-token': admin },
      payload: {
        slack: { url: 'ftp://example.test/hook' },
        email: { security: 'ssl', port: 0 },
        routing: { 'stock.low': ['fax'] },
        sms: { enabled: true },
      },
    });
    expect(res.statusCode).toBe(400);
    const fields = Object.keys(res.json().details.fields);
    expect(fields).toEqual(
      expect.arrayContaining(['slack.url', 'email.security', 'email.port', 'routing.stock.low.0']),
    );
  });

  it('is forbidden to non-admins and changes nothing', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/notification-channels',
      headers: { 'x-auth-token': manager },
      payload: { slack: { enabled: false } },
    });
    expect(res.statusCode).toBe(403);
    expect((await get('/api/notification-channels', admin)).json().slack.enabled).toBe(true);
  });
});

describe('POST /api/notification-channels/{channel}/test', () => {
  const test = (channel: string, token = admin) =>
    t.app.inject({
      method: 'POST',
      url: `/api/notification-channels/${channel}/test`,
      headers: { 'x-auth-token': token },
    });

  it('sends a test message and reports success', async () => {
    receiver.reset();
    const res = await test('slack');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const [hit] = receiver.received('/services/T0001/B0002/SlackTokenXyZ123');
    // The app's default language is German.
    expect((hit!.json as { text: string }).text).toContain('Testnachricht');
  });

  it("reports the provider's status without repeating its answer", async () => {
    receiver.answer('/services/T0001/B0002/SlackTokenXyZ123', { status: 403, body: 'invalid_token' });
    const res = await test('slack');
    // The status, never the remote body: errors must not become a way to read other servers' answers.
    expect(res.json()).toEqual({ ok: false, code: 'REJECTED', error: expect.stringContaining('403') });
    expect(res.json().error).not.toContain('invalid_token');
  });

  it('reports a channel without credentials, and a channel that cannot be reached', async () => {
    expect((await test('discord')).json()).toEqual({
      ok: false,
      code: 'NOT_CONFIGURED',
      error: 'No webhook URL configured for this channel',
    });
    await putChannels(t, admin, { teams: { url: 'http://127.0.0.1:9/unreachable' } });
    const unreachable = (await test('teams')).json();
    expect(unreachable.ok).toBe(false);
    expect(unreachable.error).toMatch(/^Webhook unreachable: /);
    expect(unreachable.code).toBe('UNREACHABLE');
  });

  it('is audited, and for admins only', async () => {
    const audit = await get('/api/audit?action=notification-channels.test&limit=10', admin);
    expect(audit.json().items.map((i: { changes: { channel: string } }) => i.changes.channel)).toContain(
      'slack',
    );
    expect((await test('slack', manager)).statusCode).toBe(403);
    expect((await test('sms')).statusCode).toBe(400);
  });
});
