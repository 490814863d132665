import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aiCalls, aiConfig, auditLog } from '@/server/db/schema';
import { startFakeOpenAi, unusedBaseUrl, type FakeOpenAi } from '../../../fixtures/fake-openai';
import { ADMIN_PASSWORD, createTestApp, createUser, login, type TestApp } from '../../support/helpers';

let t: TestApp;
let fake: FakeOpenAi;
const tokens: Record<string, string> = {};
const ROLES = ['manager', 'operator', 'dispo', 'viewer'] as const;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  t = await createTestApp();
  tokens.admin = await login(t.app, 'admin', ADMIN_PASSWORD);
  for (const role of ROLES) tokens[role] = (await createUser(t, { username: `ai-${role}`, role })).token;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => fake.reset());

const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, token = tokens.admin!) =>
  t.app.inject({ method, url, headers: { 'x-auth-token': token }, ...(payload && { payload }) });
const putConfig = (ai: object, token = tokens.admin!) => call('PUT', '/api/ai/admin/config', { ai }, token);
const getConfig = (token = tokens.admin!) => call('GET', '/api/ai/admin/config', undefined, token);

async function configure(overrides: object = {}) {
  const res = await putConfig({
    baseUrl: fake.baseUrl,
    apiKey: null,
    chatModel: 'fleet-chat',
    translatorModel: 'fleet-translate',
    timeoutMs: 5_000,
    rateLimitPerMinute: 1_000,
    enabled: true,
    ...overrides,
  });
  expect(res.statusCode).toBe(200);
}

const configAudits = () =>
  t.db.db.select().from(auditLog).where(eq(auditLog.action, 'ai.config.update')).orderBy(auditLog.at);

describe('GET/PUT /api/ai/admin/config', () => {
  it('starts unconfigured and switched off', async () => {
    const res = await getConfig();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ai: {
        baseUrl: '',
        apiKeyConfigured: false,
        chatModel: '',
        translatorModel: '',
        temperature: 0.3,
        maxTokens: 1024,
        timeoutMs: 60_000,
        rateLimitPerMinute: 30,
        enabled: false,
      },
    });
  });

  it('stores a configuration and never returns the API key', async () => {
    const res = await putConfig({
      baseUrl: `${fake.baseUrl}/`,
      apiKey: 'sk-very-secret-key',
      chatModel: 'fleet-chat',
      temperature: 0.7,
      maxTokens: 300,
      timeoutMs: 4_000,
      enabled: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('sk-very-secret-key');
    expect(res.json().ai).toEqual({
      baseUrl: fake.baseUrl,
      apiKeyConfigured: true,
      chatModel: 'fleet-chat',
      translatorModel: '',
      temperature: 0.7,
      maxTokens: 300,
      timeoutMs: 4_000,
      rateLimitPerMinute: 30,
      enabled: true,
    });
    const read = await getConfig();
    expect(read.body).not.toContain('sk-very-secret-key');
    expect(read.json()).toEqual(res.json());
    const [row] = await t.db.db.select().from(aiConfig);
    expect(row?.apiKey).toBe('sk-very-secret-key');
  });

  it('keeps the key when a PUT omits it, clears it on null and on ""', async () => {
    await putConfig({ apiKey: 'sk-keep-me' });
    const kept = await putConfig({ temperature: 1.1 });
    expect(kept.json().ai).toMatchObject({ apiKeyConfigured: true, temperature: 1.1 });
    expect((await t.db.db.select().from(aiConfig))[0]?.apiKey).toBe('sk-keep-me');

    expect((await putConfig({ apiKey: null })).json().ai.apiKeyConfigured).toBe(false);
    await putConfig({ apiKey: 'sk-again' });
    expect((await putConfig({ apiKey: '' })).json().ai.apiKeyConfigured).toBe(false);
    expect((await t.db.db.select().from(aiConfig))[0]?.apiKey).toBeNull();
  });

  it('audits every change with the changed fields, never the key', async () => {
    await putConfig({ apiKey: null, chatModel: 'model-0', temperature: 0.3, enabled: true });
    const before = (await configAudits()).length;
    // temperature is sent unchanged: it must not be listed.
    await putConfig({ apiKey: 'sk-audit-secret', chatModel: 'model-a', temperature: 0.3 });
    await putConfig({ apiKey: 'sk-audit-secret-2' });
    await putConfig({ apiKey: null, enabled: false });
    await putConfig({ chatModel: 'model-a' }); // no change: no record
    const audits = (await configAudits()).slice(before);
    expect(audits).toHaveLength(3);
    const [first, second, third] = audits;
    expect(first?.changes).toMatchObject({
      chatModel: { from: 'model-0', to: 'model-a' },
      apiKey: { from: 'not set', to: 'set' },
    });
    expect(first?.changes).not.toHaveProperty('temperature');
    expect(second?.changes).toEqual({ apiKey: { from: 'set', to: 'replaced' } });
    expect(third?.changes).toEqual({
      apiKey: { from: 'set', to: 'cleared' },
      enabled: { from: true, to: false },
    });
    expect(first?.entity).toBe('ai-config');
    const dump = JSON.stringify(await t.db.db.select().from(auditLog));
    expect(dump).not.toContain('sk-audit-secret');
  });

  it('rejects invalid values field by field and unknown fields', async () => {
    const res = await putConfig({ baseUrl: 'ftp://x', temperature: 2.5, maxTokens: 0, timeoutMs: 10 });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.json().details.fields).sort()).toEqual(
      ['ai.baseUrl', 'ai.maxTokens', 'ai.temperature', 'ai.timeoutMs'].sort(),
    );
    expect((await putConfig({ apiKeyConfigured: true })).statusCode).toBe(400);
  });

  it.each(ROLES)('is admin only: %s gets 403 and changes nothing', async (role) => {
    const before = (await getConfig()).json();
    expect((await getConfig(tokens[role])).statusCode).toBe(403);
    const res = await putConfig({ chatModel: `hacked-by-${role}` }, tokens[role]);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    expect((await getConfig()).json()).toEqual(before);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ai/admin/config' });
    expect(res.statusCode).toBe(401);
  });
});

describe('models and health', () => {
  it('lists the provider models and marks the configured chat and translator model', async () => {
    await configure({ chatModel: 'llama3.2', translatorModel: 'fleet-translate' });
    const chat = await call('GET', '/api/ai/admin/models');
    expect(chat.statusCode).toBe(200);
    expect(chat.json()).toEqual({
      configured: 'llama3.2',
      models: [
        { id: 'fleet-chat', ownedBy: 'library', configured: false },
        { id: 'fleet-translate', ownedBy: 'library', configured: false },
        { id: 'llama3.2:latest', ownedBy: 'library', configured: true },
      ],
    });
    const translator = await call('GET', '/api/ai/admin/translator-models');
    expect(translator.json().configured).toBe('fleet-translate');
    expect(translator.json().models.filter((m: { configured: boolean }) => m.configured)).toEqual([
      { id: 'fleet-translate', ownedBy: 'library', configured: true },
    ]);
  });

  it('sends the stored key as Bearer to the provider', async () => {
    await configure({ apiKey: 'sk-provider-key' });
    fake.options.requireKey = 'sk-provider-key';
    const res = await call('GET', '/api/ai/admin/models');
    expect(res.statusCode).toBe(200);
    expect(fake.requests.at(-1)?.headers.authorization).toBe('Bearer sk-provider-key');
    expect(res.body).not.toContain('sk-provider-key');
  });

  it('reports health: reachable, latency, models present', async () => {
    await configure({ chatModel: 'fleet-chat', translatorModel: 'gone-model' });
    const res = await call('GET', '/api/ai/admin/health');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.reachable).toBe(true);
    expect(body.latencyMs).toBeGreaterThanOrEqual(0);
    expect(body.modelsPresent).toEqual({ chat: true, translator: false });
    expect(body.error).toBeUndefined();
  });

  it('reports an unreachable service without failing', async () => {
    await configure({ baseUrl: await unusedBaseUrl() });
    const res = await call('GET', '/api/ai/admin/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      reachable: false,
      latencyMs: null,
      modelsPresent: { chat: false, translator: false },
      error: { code: 'AI_UNREACHABLE' },
    });
    const models = await call('GET', '/api/ai/admin/models');
    expect(models.statusCode).toBe(503);
    expect(models.json().code).toBe('AI_UNREACHABLE');
    expect(models.json().message).toMatch(
      /^Could not connect to the AI service at http:\/\/127\.0\.0\.1:\d+$/,
    );
  });

  it('reports a refused key as reachable with the error', async () => {
    await configure({ apiKey: 'sk-wrong' });
    fake.options.requireKey = 'sk-right';
    const body = (await call('GET', '/api/ai/admin/health')).json();
    expect(body.reachable).toBe(true);
    expect(body.error).toEqual({
      code: 'AI_AUTH_FAILED',
      message: 'The AI service refused the API key (HTTP 401)',
    });
  });

  it('reports a slow service as a timeout within the configured limit', async () => {
    await configure({ timeoutMs: 1_000 });
    fake.options.delayMs = 10_000;
    const started = Date.now();
    const body = (await call('GET', '/api/ai/admin/health')).json();
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(body).toMatchObject({ reachable: false, error: { code: 'AI_TIMEOUT' } });
  });

  it('says "not configured" without a base URL', async () => {
    await configure({ baseUrl: '' });
    const health = (await call('GET', '/api/ai/admin/health')).json();
    expect(health.error.code).toBe('AI_NOT_CONFIGURED');
    const models = await call('GET', '/api/ai/admin/models');
    expect(models.statusCode).toBe(503);
    expect(models.json().code).toBe('AI_NOT_CONFIGURED');
    expect(fake.requests).toHaveLength(0);
  });

  it.each(['models', 'translator-models', 'health', 'stats'])(
    'GET /ai/admin/%s is admin only',
    async (path) => {
      for (const role of ROLES) {
        const res = await call('GET', `/api/ai/admin/${path}`, undefined, tokens[role]);
        expect(res.statusCode).toBe(403);
      }
    },
  );
});

describe('POST /api/ai/admin/chat', () => {
  it('answers a message with the chat model', async () => {
    await configure();
    const res = await call('POST', '/api/ai/admin/chat', { message: 'Hello, which model are you?' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ reply: 'Answer from fleet-chat: Hello, which model are you?' });
  });

  it('works while the helpers are switched off', async () => {
    await configure({ enabled: false });
    expect((await call('POST', '/api/ai/admin/chat', { message: 'Hi' })).statusCode).toBe(200);
  });

  it('names a missing model clearly', async () => {
    await configure({ chatModel: 'no-such-model' });
    const res = await call('POST', '/api/ai/admin/chat', { message: 'Hi' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      code: 'AI_MODEL_NOT_FOUND',
      message: 'The model "no-such-model" is not available on the AI service',
    });
  });

  it.each(ROLES)('is refused for %s', async (role) => {
    await configure();
    const res = await call('POST', '/api/ai/admin/chat', { message: 'Hi' }, tokens[role]);
    expect(res.statusCode).toBe(403);
    expect(fake.chats()).toHaveLength(0);
  });
});

describe('POST /api/ai/admin/translation-test', () => {
  it('translates into all four languages side by side with the translator model', async () => {
    await configure();
    fake.options.reply = (body) => `→ ${/into (\w+)\./.exec(body.messages[0]!.content)?.[1]}`;
    const res = await call('POST', '/api/ai/admin/translation-test', { text: 'Bucket teeth replaced.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      results: {
        en: { result: '→ English' },
        de: { result: '→ German' },
        bg: { result: '→ Bulgarian' },
        gr: { result: '→ Greek' },
      },
    });
    expect(fake.chats().map((c) => c.model)).toEqual(Array(4).fill('fleet-translate'));
  });

  it('carries each language’s error on its own', async () => {
    await configure();
    fake.options.failWhen = (body) => (body.messages[0]!.content.includes('into Bulgarian') ? 500 : null);
    const res = await call('POST', '/api/ai/admin/translation-test', { text: 'Oil changed.' });
    expect(res.statusCode).toBe(200);
    const { results } = res.json();
    expect(results.bg).toEqual({
      error: { code: 'AI_PROVIDER_ERROR', message: 'The AI service answered HTTP 500' },
    });
    for (const lang of ['en', 'de', 'gr'])
      expect(results[lang].result).toMatch(/^Answer from fleet-translate/);
  });
});

describe('GET /api/ai/admin/stats', () => {
  it('counts calls, errors, tokens and latency per helper and day', async () => {
    await t.db.db.delete(aiCalls);
    await configure();
    fake.options.usage = { prompt_tokens: 100, completion_tokens: 20 };
    await call('POST', '/api/ai/admin/chat', { message: 'one' });
    await call('POST', '/api/ai/admin/chat', { message: 'two' });
    fake.options.failStatus = 500;
    expect((await call('POST', '/api/ai/admin/chat', { message: 'three' })).statusCode).toBe(502);
    fake.options.failStatus = null;
    await call('POST', '/api/ai/admin/translation-test', { text: 'four' });

    const today = new Date().toISOString().slice(0, 10);
    const res = await call('GET', `/api/ai/admin/stats?from=${today}&to=${today}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.from).toBe(today);
    expect(body.items).toHaveLength(2);
    const [chat, translation] = body.items;
    expect(chat).toMatchObject({
      day: today,
      helper: 'chat',
      calls: 3,
      errors: 1,
      promptTokens: 200,
      completionTokens: 40,
    });
    expect(chat.avgLatencyMs).toBeGreaterThanOrEqual(0);
    expect(chat.p95LatencyMs).toBeGreaterThanOrEqual(chat.avgLatencyMs > 0 ? 1 : 0);
    expect(translation).toMatchObject({ helper: 'translation-test', calls: 4, errors: 0, promptTokens: 400 });

    const filtered = await call('GET', `/api/ai/admin/stats?from=${today}&to=${today}&helper=chat`);
    expect(filtered.json().items.map((i: { helper: string }) => i.helper)).toEqual(['chat']);
    const rows = await t.db.db
      .select()
      .from(aiCalls)
      .where(and(eq(aiCalls.helper, 'chat'), eq(aiCalls.ok, false)));
    expect(rows.map((r) => r.errorCode)).toEqual(['AI_PROVIDER_ERROR']);
  });

  it('computes the 95th percentile from the stored latencies', async () => {
    await t.db.db.delete(aiCalls);
    const at = new Date('2031-03-04T10:00:00Z');
    await t.db.db.insert(aiCalls).values(
      Array.from({ length: 20 }, (_, i) => ({
        id: crypto.randomUUID(),
        at,
        helper: 'summarize',
        model: 'm',
        ok: i !== 0,
        errorCode: i === 0 ? 'AI_TIMEOUT' : null,
        promptTokens: 1,
        completionTokens: 2,
        latencyMs: (i + 1) * 100,
      })),
    );
    const res = await call('GET', '/api/ai/admin/stats?from=2031-03-01&to=2031-03-31');
    expect(res.json().items).toEqual([
      {
        day: '2031-03-04',
        helper: 'summarize',
        calls: 20,
        errors: 1,
        promptTokens: 20,
        completionTokens: 40,
        avgLatencyMs: 1050,
        p95LatencyMs: 1905,
      },
    ]);
    const outside = await call('GET', '/api/ai/admin/stats?from=2031-03-05&to=2031-03-31');
    expect(outside.json().items).toEqual([]);
  });

  it('rejects a reversed range and an unknown helper', async () => {
    expect((await call('GET', '/api/ai/admin/stats?from=2031-03-05&to=2031-03-01')).statusCode).toBe(400);
    expect((await call('GET', '/api/ai/admin/stats?helper=poetry')).statusCode).toBe(400);
  });
});

describe('the ai feature flag', () => {
  it('turns every /api/ai endpoint off with 403 FEATURE_DISABLED', async () => {
    await configure();
    await call('PUT', '/api/settings', { features: { ai: false } });
    try {
      for (const [method, url, payload] of [
        ['GET', '/api/ai/admin/config', undefined],
        ['GET', '/api/ai/admin/health', undefined],
        ['POST', '/api/ai/admin/chat', { message: 'x' }],
        ['POST', '/api/ai/summarize', { text: 'x', language: 'en' }],
      ] as const) {
        const res = await call(method, url, payload);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ code: 'FEATURE_DISABLED', details: { feature: 'ai' } });
      }
      expect(fake.requests).toHaveLength(0);
    } finally {
      await call('PUT', '/api/settings', { features: { ai: true } });
    }
    expect((await getConfig()).statusCode).toBe(200);
  });
});
