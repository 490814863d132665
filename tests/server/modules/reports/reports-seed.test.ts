import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportList } from '@/domain/report';
import { REPORT_STATUSES } from '@/domain/report-status';
import { signatureSchema } from '@/domain/user';
import { auditLog, reports } from '@/server/db/schema';
import { demoReportsStep } from '@/server/modules/reports/seed';
import { demoUsersStep } from '@/server/seed-demo';
import type { SeedContext } from '@/server/seed-step';
import { ADMIN_PASSWORD, login, type TestApp } from '../../support/helpers';
import { call, createExcavator } from '../../support/reports-fixtures';
import { createExcavatorTestApp } from '../../support/sync-fixtures';

let t: TestApp;
let ctx: SeedContext;
let admin: string;

beforeAll(async () => {
  t = await createExcavatorTestApp();
  ctx = { app: t.app, db: t.db.db, config: t.config, log: t.app.log };
  admin = await login(t.app, 'admin', ADMIN_PASSWORD);
});
afterAll(async () => t.close());

describe('demo reports seed step', () => {
  it('does nothing without a fleet and says so', async () => {
    expect(await demoReportsStep.run(ctx)).toMatch(/no excavators yet/);
    expect(await t.db.db.select({ n: count() }).from(reports)).toEqual([{ n: 0 }]);
  });

  it('adds reports in every status over the last 90 days, once', async () => {
    await demoUsersStep.run(ctx);
    for (const n of ['a', 'b', 'c']) await createExcavator(t.app, admin, `seed-${n}`, { usageHours: 2400 });
    expect(await demoReportsStep.run(ctx)).toMatch(/^created 15 demo reports/);

    const list = (await call(t.app, 'GET', '/api/reports?limit=100', admin)).json() as ReportList;
    expect(list.total).toBe(15);
    expect(new Set(list.items.map((r) => r.status))).toEqual(new Set(REPORT_STATUSES));
    const oldest = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
    const today = new Date().toISOString().slice(0, 10);
    for (const r of list.items) {
      expect(r.reportDate >= oldest && r.reportDate <= today).toBe(true);
      expect(r.createdByName).toBe('Jonas Becker');
      if (r.status !== 'unsigned') expect(signatureSchema.safeParse(r.operatorSignature).success).toBe(true);
      if (r.status === 'approved') {
        expect(signatureSchema.safeParse(r.managerSignature).success).toBe(true);
        expect(r.approvedByName).toBe('Katrin Vogel');
      }
      if (r.status === 'rejected') expect(r.rejectionReason).toBeTruthy();
    }
    const approved = list.items.find((r) => r.status === 'approved')!;
    const pdf = await call(t.app, 'GET', `/api/reports/${approved.id}/pdf`, admin);
    expect(pdf.statusCode).toBe(200);
    // The reports are in the mirror's feed.
    const pull = (await call(t.app, 'GET', '/api/sync/pull?cursor=0&collections=reports', admin)).json() as {
      changes: unknown[];
    };
    expect(pull.changes).toHaveLength(15);

    const audits = await t.db.db
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.action, 'report.create'));
    expect(await demoReportsStep.run(ctx)).toBe('15 demo reports already present');
    expect(await t.db.db.select({ n: count() }).from(reports)).toEqual([{ n: 15 }]);
    expect(
      await t.db.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'report.create')),
    ).toEqual(audits);
  });
});
