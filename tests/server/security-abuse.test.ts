import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/server/app';
import { auditLog } from '@/server/db/schema';
import { pruneAudit } from '@/server/plugins/audit';
import {
  ADMIN_PASSWORD,
  createTestApp,
  createTestDatabase,
  login,
  testConfig,
  type TestApp,
} from './support/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ anonymousRateLimit: 5 });
});
afterAll(async () => t.close());

describe('anonymous requests', () => {
  it('are limited per address across all anonymous API routes, signed-in ones are not', async () => {
    const token = await login(t.app, 'admin', ADMIN_PASSWORD);
    const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app.inject({ url: '/api/health', remoteAddress, headers });
    for (let i = 0; i < 5; i++) expect((await from('10.77.0.1')).statusCode).toBe(200);
    const limited = await from('10.77.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.77.0.1',
      payload: { username: 'admin', password: 'flood-flood' },
    });
    expect(signIn.statusCode).toBe(429);
    // Other addresses and signed-in users go on.
    expect((await from('10.77.0.2')).statusCode).toBe(200);
    for (let i = 0; i < 8; i++) {
      expect((await from('10.77.0.1', { 'x-auth-token': token })).statusCode).toBe(200);
    }
  });
});

describe('audit retention', () => {
  const oldRow = (days: number) => ({
    id: uuidv7(),
    at: sql`now() - make_interval(days => ${days})`,
    action: 'test.old',
    entity: 'test',
    entityId: String(days),
  });

  it('deletes rows older than the retention and keeps the rest', async () => {
    await t.db.db.insert(auditLog).values([oldRow(400), oldRow(366), oldRow(364), oldRow(1)]);
    const removed = await pruneAudit(t.db.db, 365);
    expect(removed).toBe(2);
    const left = await t.db.db.select().from(auditLog).where(eq(auditLog.action, 'test.old'));
    expect(left.map((r) => r.entityId).sort()).toEqual(['1', '364']);
  });

  it('runs by itself when the server starts (and daily after), with AUDIT_RETENTION_DAYS', async () => {
    const db = await createTestDatabase();
    const config = testConfig({ auditRetentionDays: 30 });
    const app = await buildApp(config, { database: db, logger: false });
    try {
      await db.db.insert(auditLog).values([oldRow(31), oldRow(29)]);
      await app.ready();
      const left = await db.db.select().from(auditLog).where(eq(auditLog.action, 'test.old'));
      expect(left.map((r) => r.entityId)).toEqual(['29']);
    } finally {
      await app.close();
      await db.close();
    }
  });
});
