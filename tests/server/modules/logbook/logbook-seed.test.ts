import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logbookEntrySchema, logbookFieldsSchema, type LogbookEntry } from '@/domain/logbook';
import { logbookEntries, users } from '@/server/db/schema';
import { DEMO_LOGBOOK_DAYS, DEMO_LOGBOOK_SITES, demoLogbookStep } from '@/server/modules/logbook/seed';
import { demoUsersStep } from '@/server/seed-demo';
import type { SeedContext } from '@/server/seed-step';
import { createTestApp, login, type TestApp } from '../../support/helpers';

let t: TestApp;
let ctx: SeedContext;
beforeAll(async () => {
  t = await createTestApp();
  ctx = { app: t.app, db: t.db.db, config: t.config, log: t.app.log };
});
afterAll(async () => t.close());

async function allEntries(token: string): Promise<LogbookEntry[]> {
  const items: LogbookEntry[] = [];
  for (let page = 1; ; page++) {
    const res = await t.app.inject({
      url: `/api/betriebstagebuch?limit=100&page=${page}`,
      headers: { 'x-auth-token': token },
    });
    expect(res.statusCode).toBe(200);
    items.push(...res.json().items);
    if (items.length >= res.json().total) return items;
  }
}

describe('logbook demo data', () => {
  it('needs the demo users first', async () => {
    expect(await demoLogbookStep.run(ctx)).toMatch(/^skipped/);
  });

  it("writes 60 days at two sites in every status, signed with the demo users' profile signatures", async () => {
    await demoUsersStep.run(ctx);
    const summary = await demoLogbookStep.run(ctx);
    expect(summary).toContain(`${DEMO_LOGBOOK_DAYS * 2} entries`);
    const token = await login(t.app, 'manager', 'Manager#2026');
    const entries = await allEntries(token);
    expect(entries).toHaveLength(DEMO_LOGBOOK_DAYS * 2);
    expect(new Set(entries.map((e) => e.site))).toEqual(new Set(DEMO_LOGBOOK_SITES));
    expect(new Set(entries.map((e) => e.date)).size).toBe(DEMO_LOGBOOK_DAYS);
    const byStatus = (s: string) => entries.filter((e) => e.status === s);
    expect(byStatus('unsigned').length).toBeGreaterThan(0);
    expect(byStatus('pending').length).toBeGreaterThan(0);
    expect(byStatus('approved').length).toBeGreaterThan(DEMO_LOGBOOK_DAYS);

    const [operator] = await t.db.db.select().from(users).where(eq(users.username, 'operator'));
    const [manager] = await t.db.db.select().from(users).where(eq(users.username, 'manager'));
    expect(operator?.signature).toMatch(/^data:image\/png;base64,/);
    for (const e of entries) {
      expect(logbookEntrySchema.parse(e)).toEqual(e);
      // Every demo entry would pass the form's own validation.
      expect(logbookFieldsSchema.safeParse(e).success, e.id).toBe(true);
      expect(e.createdBy).toBe(operator?.id);
      expect(e.creatorSignature).toBe(e.status === 'unsigned' ? null : operator?.signature);
      expect(e.reviewerSignature).toBe(e.status === 'approved' ? manager?.signature : null);
    }
    expect(entries.some((e) => e.overnight)).toBe(true);
    expect(entries.some((e) => e.conveyorChecks.some((c) => !c.functional))).toBe(true);
    expect(entries.some((e) => e.specialChecks.some((c) => c.open))).toBe(true);
  });

  it('is idempotent and keeps signatures people drew themselves', async () => {
    const before = await t.db.db.select({ n: count() }).from(logbookEntries);
    await t.db.db
      .update(users)
      .set({ signature: 'data:image/png;base64,iVBORw0KGgo=' })
      .where(sql`lower(${users.username}) = 'operator'`);
    const summary = await demoLogbookStep.run(ctx);
    expect(summary).toMatch(/already present/);
    expect(await t.db.db.select({ n: count() }).from(logbookEntries)).toEqual(before);
    const [operator] = await t.db.db.select().from(users).where(eq(users.username, 'operator'));
    expect(operator?.signature).toBe('data:image/png;base64,iVBORw0KGgo=');
  });
});
