import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyAiConfigUpdate, DEFAULT_STORED_AI_CONFIG } from '@/server/modules/ai/config-store';
import { ADMIN_PASSWORD, login, type TestApp } from '../support/helpers';
import { createChannelsTestApp, putChannels } from '../support/notification-channels-setup';

describe('the AI key follows no new address', () => {
  const stored = { ...DEFAULT_STORED_AI_CONFIG, baseUrl: 'https://ai.example.com/v1', apiKey: 'sk-old' };

  it('is dropped when only the base URL changes', () => {
    const next = applyAiConfigUpdate(stored, { baseUrl: 'https://elsewhere.example.net/v1' });
    expect(next.apiKey).toBeNull();
  });

  it('is kept for other changes, and a key sent with the new URL is used', () => {
    expect(applyAiConfigUpdate(stored, { timeoutMs: 20_000 }).apiKey).toBe('sk-old');
    expect(applyAiConfigUpdate(stored, { baseUrl: stored.baseUrl }).apiKey).toBe('sk-old');
    const moved = applyAiConfigUpdate(stored, { baseUrl: 'https://new.example.net/v1', apiKey: 'sk-new' });
    expect(moved.apiKey).toBe('sk-new');
  });
});

describe('channel secrets follow no new destination', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createChannelsTestApp({ background: false });
    admin = await login(t.app, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => t.close());

  const secrets = async () => (await t.app.notificationChannels.loadConfig()).secrets;

  it('drops the SMTP password when the host changes without it, keeps it otherwise', async () => {
    await putChannels(t, admin, {
      email: {
        host: 'smtp.example.com',
        port: 587,
        user: 'fleet',
        password: 'smtp-secret',
        sender: 'a@example.com',
      },
    });
    await putChannels(t, admin, { email: { user: 'fleet2' } });
    expect((await secrets()).emailPassword).toBe('smtp-secret');
    await putChannels(t, admin, { email: { host: 'attacker.example.net' } });
    expect((await secrets()).emailPassword).toBeUndefined();
    await putChannels(t, admin, { email: { host: 'smtp2.example.com', password: 'given-again' } });
    expect((await secrets()).emailPassword).toBe('given-again');
  });

  it('drops the webhook signing secret when the webhook address changes without it', async () => {
    await putChannels(t, admin, {
      webhook: { url: 'https://hooks.example.com/a', secret: 'signing-secret-123' },
    });
    await putChannels(t, admin, { webhook: { url: 'https://other.example.net/b' } });
    const after = await secrets();
    expect(after.webhookUrl).toBe('https://other.example.net/b');
    expect(after.webhookSecret).toBeUndefined();
  });
});
