import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '@/domain/dashboard';
import type { InventoryItem } from '@/domain/inventory';
import { ADMIN_PASSWORD, createTestApp, login, type TestApp } from '../../support/helpers';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin', ADMIN_PASSWORD);
});
afterAll(async () => t.close());

const auth = () => ({ 'x-auth-token': admin });

async function item(name: string): Promise<InventoryItem> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/inventory',
    payload: { name },
    headers: auth(),
  });
  expect(res.statusCode).toBe(201);
  return res.json() as InventoryItem;
}

async function tag(ids: string[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/inventory/tags/bulk',
    payload: { ids, add: ['Prüfung'] },
    headers: auth(),
  });
  expect(res.statusCode).toBe(200);
}

const newest = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: auth() });
  return (res.json() as Dashboard).recentActivity[0]!;
};

describe('recent activity of batch writes', () => {
  it('names the inventory item a batch touched', async () => {
    const one = await item('Hydraulikfilter HF-7');
    await tag([one.id]);
    expect(await newest()).toMatchObject({
      entity: 'inventory',
      action: 'inventory.tags.bulk',
      subject: 'Hydraulikfilter HF-7',
    });
  });

  it('names the first items of a larger batch and counts the rest', async () => {
    const items = await Promise.all(['Filter A', 'Filter B', 'Filter C', 'Filter D', 'Filter E'].map(item));
    await tag(items.map((i) => i.id));
    const entry = await newest();
    expect(entry.subject).toMatch(/^Filter [A-E], Filter [A-E], Filter [A-E] \+2$/);
  });
});
