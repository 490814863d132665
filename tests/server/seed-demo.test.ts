import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '@/server/db/schema';
import { DEMO_USERS, runSeed, SEED_STEPS } from '@/server/seed-demo';
import type { SeedContext } from '@/server/seed-step';
import { ADMIN_PASSWORD, createTestApp, login, type TestApp } from './support/helpers';

let t: TestApp;
let ctx: SeedContext;
beforeAll(async () => {
  t = await createTestApp();
  ctx = { app: t.app, db: t.db.db, config: t.config, log: t.app.log };
});
afterAll(async () => t.close());

describe('npm run seed:demo', () => {
  it('creates one account per role with the documented passwords, next to the admin', async () => {
    const summary = await runSeed(ctx);
    expect(summary).toHaveLength(SEED_STEPS.length);
    expect(DEMO_USERS.map((u) => [u.username, u.password, u.role])).toEqual([
      ['manager', 'Manager#2026', 'manager'],
      ['operator', 'Operator#2026', 'operator'],
      ['dispo', 'Dispo#2026', 'dispo'],
      ['viewer', 'Viewer#2026', 'viewer'],
    ]);
    for (const demo of DEMO_USERS) {
      const token = await login(t.app, demo.username, demo.password);
      const me = await t.app.inject({ url: '/api/auth/me', headers: { 'x-auth-token': token } });
      expect(me.json()).toMatchObject({
        username: demo.username,
        role: demo.role,
        name: demo.name,
        department: demo.department,
        active: true,
      });
    }
    await login(t.app, 'admin', ADMIN_PASSWORD);
    const created = await t.db.db
      .select({ n: count() })
      .from(auditLog)
      .where(sql`${auditLog.action} = 'user.create' and ${auditLog.username} = 'seed:demo'`);
    expect(created[0]?.n).toBe(DEMO_USERS.length);
  });

  it('is idempotent and leaves accounts changed since alone', async () => {
    await t.db.db.update(users).set({ department: 'Einkauf' }).where(eq(users.username, 'viewer'));
    const before = await t.db.db.select({ n: count() }).from(users);
    const auditBefore = await t.db.db.select({ n: count() }).from(auditLog);
    await runSeed(ctx);
    expect(await t.db.db.select({ n: count() }).from(users)).toEqual(before);
    expect(await t.db.db.select({ n: count() }).from(auditLog)).toEqual(auditBefore);
    const [viewer] = await t.db.db.select().from(users).where(eq(users.username, 'viewer'));
    expect(viewer?.department).toBe('Einkauf');
  });

  it('sets the app name and keeps every feature on', async () => {
    await t.app.settingsStore.update({ app: { name: 'Test' } });
    await runSeed(ctx);
    const settings = await t.app.settingsStore.get();
    expect(settings.app).toMatchObject({ name: 'FleetPilot', defaultLanguage: 'de' });
    expect(Object.values(settings.features).every(Boolean)).toBe(true);
  });
});
