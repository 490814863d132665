import fs from 'node:fs';
import path from 'node:path';
import { count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InventoryList } from '@/domain/inventory';
import { inventoryItems } from '@/server/db/schema';
import { DEMO_PART_COUNT, demoInventoryStep } from '@/server/modules/inventory/seed';
import type { SeedContext } from '@/server/seed-step';
import { createUser, type TestApp } from '../../support/helpers';
import { auth, createExcavatorTestApp } from '../../support/sync-fixtures';

let t: TestApp;
let ctx: SeedContext;
beforeAll(async () => {
  t = await createExcavatorTestApp();
  ctx = { app: t.app, db: t.db.db, config: t.config, log: t.app.log };
});
afterAll(async () => t.close());

describe('demo inventory seed', () => {
  it('loads about 300 parts with makers, tags, prices, photos and some low stock', async () => {
    const summary = await demoInventoryStep.run(ctx);
    expect(summary).toMatch(/^created 300 demo parts \(\d+ below their minimum stock, \d+ with photos\)$/);
    const rows = await t.db.db.select().from(inventoryItems);
    expect(rows).toHaveLength(DEMO_PART_COUNT);
    const makers = new Set(rows.map((r) => r.maker));
    for (const maker of [
      'Liebherr',
      'Caterpillar',
      'Komatsu',
      'Volvo',
      'Hydac',
      'Bosch Rexroth',
      'Mann+Hummel',
    ]) {
      expect(makers.has(maker)).toBe(true);
    }
    expect(rows.every((r) => r.tags.length > 0 && r.priceCents! > 0 && r.location)).toBe(true);
    const low = rows.filter((r) => r.quantity < r.minQuantity).length;
    expect(low).toBeGreaterThan(15);
    expect(low).toBeLessThan(100);
    const withPhotos = rows.filter((r) => r.photo);
    expect(withPhotos.length).toBeGreaterThan(10);
    const file = fs.readFileSync(path.join(t.config.dataDir, 'uploads', withPhotos[0]!.photo!));
    expect(file.subarray(1, 4).toString()).toBe('PNG');

    const { token } = await createUser(t, { username: 'seed-viewer', role: 'viewer' });
    const res = await t.app.inject({ url: '/api/inventory?lowStock=true&limit=1', headers: auth(token) });
    expect((res.json() as InventoryList).total).toBe(low);
  });

  it('adds nothing on a second run and leaves parts changed since alone', async () => {
    const [first] = await t.db.db.select().from(inventoryItems).limit(1);
    await t.db.db.update(inventoryItems).set({ quantity: 999 }).where(eq(inventoryItems.id, first!.id));
    const photos = await t.db.db
      .select({ n: count() })
      .from(inventoryItems)
      .where(isNotNull(inventoryItems.photo));
    expect(await demoInventoryStep.run(ctx)).toBe('300 demo parts already present');
    expect((await t.db.db.select({ n: count() }).from(inventoryItems))[0]?.n).toBe(DEMO_PART_COUNT);
    const [same] = await t.db.db.select().from(inventoryItems).where(eq(inventoryItems.id, first!.id));
    expect(same?.quantity).toBe(999);
    const files = fs.readdirSync(path.join(t.config.dataDir, 'uploads', 'inventory'), { recursive: true });
    expect(files.filter((f) => String(f).endsWith('.png'))).toHaveLength(photos[0]!.n);
  });
});
