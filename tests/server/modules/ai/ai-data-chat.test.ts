import { desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '@/server/db/schema';
import { gatherRecords } from '@/server/modules/ai/data-chat';
import type { SyncCollection } from '@/server/modules/sync/registry';
import { startFakeOpenAi, type ChatBody, type FakeOpenAi } from '../../../fixtures/fake-openai';
import { ADMIN_PASSWORD, createTestApp, createUser, login, type TestApp } from '../../support/helpers';

let t: TestApp;
let fake: FakeOpenAi;
let admin: string;
const others: Record<string, string> = {};
const excavatorIds: string[] = [];
const NOTES = 10;

/**
 * A second collection, standing in for reports/logbook/inventory until they register: gated by the
 * `inventory` flag and readable only with 'users:manage' (admins).
 */
function notesCollection(): SyncCollection {
  return {
    name: 'ai-notes',
    feature: 'inventory',
    readAction: 'users:manage',
    scoped: false,
    restricts: () => false,
    changesSince: async (_executor, cursor, limit) =>
      Array.from({ length: NOTES }, (_, i) => ({
        collection: 'ai-notes',
        seq: i + 1,
        id: `note-${i + 1}`,
        version: 1,
        deleted: false,
        data: { id: `note-${i + 1}`, text: `Note ${i + 1}`, photo: 'data:image/png;base64,AAAA' },
      }))
        .filter((c) => c.seq > cursor)
        .slice(0, limit),
    purgeTombstones: async () => ({ maxSeq: 0, files: [] }),
  };
}

beforeAll(async () => {
  fake = await startFakeOpenAi();
  t = await createTestApp();
  t.app.sync.register(notesCollection());
  admin = await login(t.app, 'admin', ADMIN_PASSWORD);
  for (const role of ['manager', 'operator', 'dispo', 'viewer'])
    others[role] = (await createUser(t, { username: `dc-${role}`, role })).token;
  for (let i = 1; i <= 8; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/excavators',
      headers: { 'x-auth-token': admin },
      payload: { name: `Bagger ${i}`, model: 'CAT 320', serialNumber: `DC-${i}`, usageHours: i * 100 },
    });
    expect(res.statusCode).toBe(201);
    excavatorIds.push(res.json().id);
  }
  await configure();
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => fake.reset());

async function configure(overrides: object = {}) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/ai/admin/config',
    headers: { 'x-auth-token': admin },
    payload: {
      ai: {
        baseUrl: fake.baseUrl,
        chatModel: 'fleet-chat',
        timeoutMs: 5_000,
        rateLimitPerMinute: 1_000,
        enabled: false,
        ...overrides,
      },
    },
  });
  expect(res.statusCode).toBe(200);
}

const dataChat = (payload: object, token = admin) =>
  t.app.inject({
    method: 'POST',
    url: '/api/ai/admin/data-chat',
    headers: { 'x-auth-token': token },
    payload,
  });

const setFeatures = (features: object) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: { 'x-auth-token': admin },
    payload: { features },
  });

/** The records the model was shown, parsed back out of the recorded prompt. */
function quotedRecords(chat: ChatBody): Record<string, Array<Record<string, unknown>>> {
  const user = chat.messages.find((m) => m.role === 'user')!.content;
  const marker = 'Records (JSON, by collection):\n';
  expect(user).toContain(marker);
  return JSON.parse(user.slice(user.indexOf(marker) + marker.length)) as Record<
    string,
    Array<Record<string, unknown>>
  >;
}

describe('POST /api/ai/admin/data-chat', () => {
  it('answers from at most `limit` records, quoted as JSON data', async () => {
    fake.options.reply = () => 'Three machines: Bagger 1, 2 and 3.';
    const res = await dataChat({
      query: 'Which excavators do we have?',
      collections: ['excavators'],
      limit: 3,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ answer: 'Three machines: Bagger 1, 2 and 3.', used: { excavators: 3 } });

    const [chat] = fake.chats();
    const records = quotedRecords(chat!);
    expect(Object.keys(records)).toEqual(['excavators']);
    expect(records.excavators).toHaveLength(3);
    for (const r of records.excavators!) expect(excavatorIds).toContain(r.id);
    expect(records.excavators![0]).toMatchObject({ name: 'Bagger 1', serialNumber: 'DC-1', usageHours: 100 });
    const system = chat!.messages[0]!.content;
    expect(system).toContain('using only the records given below as JSON');
    expect(system).toContain('You cannot run queries');
    expect(chat!.messages[1]!.content).toContain('"Which excavators do we have?"');
  });

  it('quotes no more records than exist', async () => {
    const res = await dataChat({ query: 'Count them', collections: ['excavators'], limit: 50 });
    expect(res.json().used).toEqual({ excavators: 8 });
    expect(quotedRecords(fake.chats()[0]!).excavators).toHaveLength(8);
  });

  it('shares the limit across collections in turn, files left out', async () => {
    const res = await dataChat({ query: 'Anything?', collections: ['excavators', 'ai-notes'], limit: 5 });
    expect(res.statusCode).toBe(200);
    expect(res.json().used).toEqual({ excavators: 3, 'ai-notes': 2 });
    const records = quotedRecords(fake.chats()[0]!);
    expect(records.excavators).toHaveLength(3);
    expect(records['ai-notes']).toHaveLength(2);
    expect(records['ai-notes']![0]!.photo).toBe('[file omitted]');
  });

  it('leaves deleted records out', async () => {
    const gone = excavatorIds[0]!;
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/excavators/${gone}`,
      headers: { 'x-auth-token': admin },
    });
    expect(del.statusCode).toBeLessThan(300);
    const res = await dataChat({ query: 'List', collections: ['excavators'], limit: 50 });
    expect(res.json().used).toEqual({ excavators: 7 });
    expect(quotedRecords(fake.chats()[0]!).excavators!.map((r) => r.id)).not.toContain(gone);
  });

  it('refuses a collection whose feature flag is off, before anything is sent', async () => {
    await setFeatures({ excavators: false });
    try {
      const res = await dataChat({ query: 'List', collections: ['ai-notes', 'excavators'], limit: 5 });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'FEATURE_DISABLED',
        details: { feature: 'excavators', collection: 'excavators' },
      });
      expect(fake.requests).toHaveLength(0);
    } finally {
      await setFeatures({ excavators: true });
    }
  });

  it('refuses an unknown collection and a limit outside 1–50', async () => {
    const unknown = await dataChat({ query: 'q', collections: ['excavators', 'secrets'], limit: 5 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details.fields.collections).toEqual(['Unknown collection: secrets']);
    expect((await dataChat({ query: 'q', collections: ['excavators'], limit: 0 })).statusCode).toBe(400);
    expect((await dataChat({ query: 'q', collections: ['excavators'], limit: 51 })).statusCode).toBe(400);
    expect((await dataChat({ query: 'q', collections: [], limit: 5 })).statusCode).toBe(400);
    expect(fake.requests).toHaveLength(0);
  });

  it.each(['manager', 'operator', 'dispo', 'viewer'])('is refused for %s', async (role) => {
    const res = await dataChat({ query: 'q', collections: ['excavators'], limit: 5 }, others[role]);
    expect(res.statusCode).toBe(403);
    expect(fake.requests).toHaveLength(0);
  });

  it('records in the audit log what was sent to the model service', async () => {
    await dataChat({ query: 'Audit me', collections: ['excavators'], limit: 2 });
    const [entry] = await t.db.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'ai.data-chat'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.changes).toMatchObject({ collections: ['excavators'], used: { excavators: 2 } });
  });

  it('says "not configured" when no model is set', async () => {
    await configure({ chatModel: '' });
    try {
      const res = await dataChat({ query: 'q', collections: ['excavators'], limit: 5 });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('AI_NOT_CONFIGURED');
    } finally {
      await configure();
    }
  });
});

describe('gatherRecords (the rights of the asking user)', () => {
  const asUser = (role: string) => ({ user: { id: crypto.randomUUID(), role } }) as unknown as FastifyRequest;

  it('refuses a collection the user may not read', async () => {
    await expect(gatherRecords(t.app, asUser('manager'), ['ai-notes'], 5)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'You may not read "ai-notes"',
    });
    const allowed = await gatherRecords(t.app, asUser('manager'), ['excavators'], 4);
    expect(allowed.used).toEqual({ excavators: 4 });
  });
});
