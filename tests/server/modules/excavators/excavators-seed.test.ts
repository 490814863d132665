import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExcavatorList } from '@/domain/excavator';
import { excavators, reports } from '@/server/db/schema';
import { DEMO_FLEET_SIZE, demoExcavatorsStep } from '@/server/modules/excavators/seed';
import { demoReportsStep } from '@/server/modules/reports/seed';
import { demoUsersStep, SEED_STEPS } from '@/server/seed-demo';
import type { SeedContext } from '@/server/seed-step';
import { ADMIN_PASSWORD, login, type TestApp } from '../../support/helpers';
import { auth, createExcavatorTestApp } from '../../support/sync-fixtures';

let t: TestApp;
let ctx: SeedContext;
let admin: string;

beforeAll(async () => {
  t = await createExcavatorTestApp();
  ctx = { app: t.app, db: t.db.db, config: t.config, log: t.app.log };
  admin = await login(t.app, 'admin', ADMIN_PASSWORD);
});
afterAll(async () => t.close());

const list = async () =>
  (
    await t.app.inject({ method: 'GET', url: '/api/excavators?limit=100', headers: auth(admin) })
  ).json() as ExcavatorList;

describe('demo excavators seed step', () => {
  it('runs before the reports step, which needs a fleet', () => {
    const names = SEED_STEPS.map((s) => s.name);
    expect(names.indexOf('excavators')).toBeGreaterThanOrEqual(0);
    expect(names.indexOf('excavators')).toBeLessThan(names.indexOf('reports'));
  });

  it('adds the demo fleet with realistic data and a stored photo each, once', async () => {
    expect(await demoExcavatorsStep.run(ctx)).toBe(`created ${DEMO_FLEET_SIZE} demo excavators with photos`);
    const fleet = await list();
    expect(fleet.total).toBe(DEMO_FLEET_SIZE);
    expect(new Set(fleet.items.map((e) => e.serialNumber)).size).toBe(DEMO_FLEET_SIZE);
    expect(new Set(fleet.items.map((e) => e.status))).toEqual(
      new Set(['operational', 'maintenance', 'out_of_service']),
    );
    expect(new Set(fleet.items.map((e) => e.maintenance.label))).toEqual(new Set(['urgent', 'soon', 'ok']));
    expect(fleet.items.some((e) => e.model.startsWith('Liebherr'))).toBe(true);
    for (const e of fleet.items) {
      expect(e.location).toBeTruthy();
      expect(e.usageHours).toBeGreaterThan(0);
      expect(e.specifications.length).toBeGreaterThan(0);
      expect(e.profileImage).toMatch(/^excavators\/.+\.png$/);
    }
    const photo = await t.app.inject({ method: 'GET', url: `/uploads/${fleet.items[0]!.profileImage}` });
    expect(photo.statusCode).toBe(200);
    expect(photo.rawPayload.subarray(1, 4).toString('ascii')).toBe('PNG');

    // In the mirror's feed, so devices get the fleet offline.
    const pull = (
      await t.app.inject({
        method: 'GET',
        url: '/api/sync/pull?cursor=0&collections=excavators&limit=100',
        headers: auth(admin),
      })
    ).json() as { changes: unknown[] };
    expect(pull.changes).toHaveLength(DEMO_FLEET_SIZE);

    expect(await demoExcavatorsStep.run(ctx)).toBe(`${DEMO_FLEET_SIZE} demo excavators already present`);
    expect(await t.db.db.select({ n: count() }).from(excavators)).toEqual([{ n: DEMO_FLEET_SIZE }]);
  });

  it('leaves a machine someone deleted deleted, and lets the reports step find the fleet', async () => {
    const [first] = (await list()).items;
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/excavators/${first!.id}`,
      headers: auth(admin),
    });
    expect(deleted.statusCode).toBeLessThan(300);
    expect(await demoExcavatorsStep.run(ctx)).toMatch(/already present/);
    expect((await list()).total).toBe(DEMO_FLEET_SIZE - 1);

    await demoUsersStep.run(ctx);
    expect(await demoReportsStep.run(ctx)).toMatch(/^created \d+ demo reports/);
    expect((await t.db.db.select({ n: count() }).from(reports))[0]!.n).toBeGreaterThan(0);
  });
});
