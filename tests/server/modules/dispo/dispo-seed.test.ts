import { count, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '@/domain/dispo/dates';
import type { Assignment } from '@/domain/dispo/assignments';
import type { SyncPullResponse } from '@/domain/sync';
import {
  auditLog,
  dispoAssignments,
  dispoContainerTypes,
  dispoDrivers,
  dispoTrucks,
} from '@/server/db/schema';
import { DEMO_DRIVER_USERNAME, demoDispoStep } from '@/server/modules/dispo/seed';
import { DEMO_USERS, demoUsersStep, runSeed } from '@/server/seed-demo';
import type { SeedContext } from '@/server/seed-step';
import { login } from '../../support/helpers';
import { auth, createExcavatorTestApp } from '../../support/sync-fixtures';
import type { TestApp } from '../../support/helpers';

let t: TestApp;
let ctx: SeedContext;
beforeAll(async () => {
  t = await createExcavatorTestApp();
  ctx = { app: t.app, db: t.db.db, config: t.config, log: t.app.log };
});
afterAll(async () => t.close());

const n = async (
  table: typeof dispoAssignments | typeof dispoDrivers | typeof dispoTrucks | typeof dispoContainerTypes,
) => (await t.db.db.select({ n: count() }).from(table).where(isNull(table.deletedAt)))[0]!.n;

describe('demo seed: dispo', () => {
  it('creates master data, a driving demo account and two weeks of assignments, some published', async () => {
    const [, summary] = await runSeed(ctx, [demoUsersStep, demoDispoStep]);
    expect(summary).toMatch(
      /^dispo: created 15 master records, \d+ assignments .*\(Jonas Becker drives with the account "operator"\)$/,
    );
    expect(await n(dispoContainerTypes)).toBe(7);
    expect(await n(dispoTrucks)).toBe(4);
    expect(await n(dispoDrivers)).toBe(4);
    const rows = await t.db.db.select().from(dispoAssignments);
    const today = todayIn('Europe/Berlin');
    expect(rows.some((r) => r.date < today)).toBe(true);
    expect(rows.some((r) => r.date > today)).toBe(true);
    expect(rows.every((r) => r.date >= addDays(today, -7) && r.date <= addDays(today, 7))).toBe(true);
    expect(rows.some((r) => r.status === 'published')).toBe(true);
    expect(rows.some((r) => r.status === 'draft')).toBe(true);

    const dispatcher = await login(t.app, 'dispo', 'Dispo#2026');
    const trucks = await t.app.inject({ url: '/api/containers/trucks', headers: auth(dispatcher) });
    expect(trucks.json().items.map((x: { licensePlate: string }) => x.licensePlate)).toContain('M-FP 1234');

    // The demo driver signs in and mirrors their own published assignments only.
    const account = DEMO_USERS.find((u) => u.username === DEMO_DRIVER_USERNAME)!;
    const driver = await login(t.app, account.username, account.password);
    const pull = (
      await t.app.inject({ url: '/api/sync/pull?cursor=0&limit=2000', headers: auth(driver) })
    ).json() as SyncPullResponse;
    const mine = pull.changes
      .filter((c) => c.collection === 'dispoAssignments')
      .map((c) => c.data as Assignment);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((a) => a.status === 'published' && a.driver?.name === account.name)).toBe(true);
  });

  it('adds nothing on a second run', async () => {
    const before = await t.db.db.select({ n: count() }).from(dispoAssignments);
    const auditBefore = await t.db.db.select({ n: count() }).from(auditLog);
    const summary = await demoDispoStep.run(ctx);
    expect(summary).toMatch(/^created 0 master records, 0 assignments from /);
    expect(await t.db.db.select({ n: count() }).from(dispoAssignments)).toEqual(before);
    expect(await t.db.db.select({ n: count() }).from(auditLog)).toEqual(auditBefore);
  });
});
