import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Driver } from '@/domain/dispo/drivers';
import type { Truck } from '@/domain/dispo/trucks';
import { auditLog } from '@/server/db/schema';
import { createUser } from '../../support/helpers';
import { createDispoWorld, round, type DispoWorld } from './dispo-fixtures';

let w: DispoWorld;
beforeAll(async () => {
  w = await createDispoWorld('dm');
});
afterAll(async () => w.t.close());

const list = async (url: string, token = w.tokens.dispo) => {
  const res = await w.call('GET', url, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Array<{ id: string }>; total: number; page: number; limit: number };
};

describe('trucks', () => {
  it('stores the plate normalised and refuses the same plate written differently', async () => {
    expect(w.trucks.one).toMatchObject({
      licensePlate: 'M-FP 1234',
      type: 'Abrollkipper',
      capacity: 18,
      active: true,
    });
    const again = await w.call('POST', '/api/containers/trucks', w.tokens.manager, {
      licensePlate: ' m - fp  1234',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'This license plate is already registered',
      details: { fields: { licensePlate: ['This license plate is already registered'] } },
    });
    const renamed = await w.call('PUT', `/api/containers/trucks/${w.trucks.two.id}`, w.tokens.dispo, {
      licensePlate: 'M-FP 1234',
    });
    expect(renamed.statusCode).toBe(409);
  });

  it('validates the fields', async () => {
    const res = await w.call('POST', '/api/containers/trucks', w.tokens.dispo, {
      licensePlate: 'M/FP',
      capacity: -3,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(Object.keys(res.json().details.fields).sort()).toEqual(['capacity', 'licensePlate']);
  });

  it('searches plates ignoring separators and case, and filters by active', async () => {
    const found = await list('/api/containers/trucks?q=mfp12');
    expect(found.items.map((i) => i.id)).toEqual([w.trucks.one.id]);
    const off = await w.call('PUT', `/api/containers/trucks/${w.trucks.two.id}`, w.tokens.dispo, {
      licensePlate: 'M-FP 3310',
      type: 'Absetzkipper',
      active: false,
    });
    expect(off.statusCode).toBe(200);
    expect((await list('/api/containers/trucks?active=true')).items.map((i) => i.id)).toEqual([
      w.trucks.one.id,
    ]);
    expect((await list('/api/containers/trucks?active=false')).items.map((i) => i.id)).toEqual([
      w.trucks.two.id,
    ]);
    await w.call('PUT', `/api/containers/trucks/${w.trucks.two.id}`, w.tokens.dispo, {
      licensePlate: 'M-FP 3310',
      type: 'Absetzkipper',
    });
  });

  it('honours If-Match and answers the current row on a stale version', async () => {
    const current = (await w.call('GET', '/api/containers/trucks?q=3310', w.tokens.dispo)).json()
      .items[0] as Truck;
    const stale = await w.call(
      'PUT',
      `/api/containers/trucks/${current.id}`,
      w.tokens.dispo,
      { licensePlate: 'M-FP 3310', capacity: 11 },
      { 'if-match': `"${current.version - 1}"` },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().details).toMatchObject({ reason: 'version', current: { version: current.version } });
    const fresh = await w.call(
      'PUT',
      `/api/containers/trucks/${current.id}`,
      w.tokens.dispo,
      { licensePlate: 'M-FP 3310', capacity: 11 },
      { 'if-match': `"${current.version}"` },
    );
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers.etag).toBe(`"${current.version + 1}"`);
  });
});

describe('container types', () => {
  it('refuses a name that differs only in case', async () => {
    const res = await w.call('POST', '/api/containers/types', w.tokens.dispo, {
      name: 'ABROLLCONTAINER 10 M³',
      volume: 10,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().details.fields.name).toEqual(['A container type with this name already exists']);
    const bad = await w.call('POST', '/api/containers/types', w.tokens.dispo, { name: 'Mulde', volume: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fields).toEqual({ volume: ['Volume must be greater than 0'] });
  });
});

describe('drivers', () => {
  it('links a user account once, and only one that may read Dispo', async () => {
    expect(w.drivers.a.driver).toMatchObject({
      name: 'Andreas Wolf',
      userId: w.drivers.a.user.id,
      user: { id: w.drivers.a.user.id, username: 'dm-driver-a' },
    });
    const twice = await w.call('POST', '/api/containers/drivers', w.tokens.dispo, {
      name: 'Zweitfahrer',
      userId: w.drivers.a.user.id,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().details.fields.userId).toEqual([
      'This user account is already linked to another driver',
    ]);

    const viewer = await createUser(w.t, { username: 'dm-viewer-2', role: 'viewer' });
    const notDispo = await w.call('POST', '/api/containers/drivers', w.tokens.dispo, {
      name: 'Zuschauer',
      userId: viewer.id,
    });
    expect(notDispo.statusCode).toBe(400);
    expect(Object.keys(notDispo.json().details.fields)).toEqual(['userId']);
    const nobody = await w.call('POST', '/api/containers/drivers', w.tokens.dispo, {
      name: 'Niemand',
      userId: '0196a0c2-0000-7000-8000-00000000ffff',
    });
    expect(nobody.statusCode).toBe(400);
  });

  it('lists with paging and search', async () => {
    const page = await list('/api/containers/drivers?limit=2&page=1');
    expect(page).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(page.items).toHaveLength(2);
    const names = (await list('/api/containers/drivers?q=nowak')).items as Driver[];
    expect(names.map((d) => d.name)).toEqual(['Piotr Nowak']);
  });
});

describe('DELETE while in use', () => {
  it('is refused with the number of assignments, and allowed once they are gone', async () => {
    const driver = (
      await w.call('POST', '/api/containers/drivers', w.tokens.dispo, { name: 'Aushilfe Keller' })
    ).json() as Driver;
    const type = (
      await w.call('POST', '/api/containers/types', w.tokens.dispo, { name: 'Absetzmulde 3 m³', volume: 3 })
    ).json() as { id: string };
    const ids: string[] = [];
    for (const date of ['2026-05-04', '2026-05-05', '2026-05-06']) {
      const a = await w.createAssignment({
        date,
        driverId: driver.id,
        truckId: w.trucks.one.id,
        rounds: [round(type.id, 'place', 2)],
      });
      ids.push(a.id);
    }

    const used = await w.call('DELETE', `/api/containers/drivers/${driver.id}`, w.tokens.dispo);
    expect(used.statusCode).toBe(409);
    expect(used.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'This driver is used by 3 assignments',
      details: { reason: 'in_use', assignments: 3 },
    });
    const typeUsed = await w.call('DELETE', `/api/containers/types/${type.id}`, w.tokens.dispo);
    expect(typeUsed.json().message).toBe('This container type is used by 3 assignments');
    const truckUsed = await w.call('DELETE', `/api/containers/trucks/${w.trucks.one.id}`, w.tokens.dispo);
    expect(truckUsed.statusCode).toBe(409);

    await w.call('DELETE', `/api/containers/assignments/${ids[0]}`, w.tokens.dispo);
    await w.call('DELETE', `/api/containers/assignments/${ids[1]}`, w.tokens.dispo);
    const one = await w.call('DELETE', `/api/containers/drivers/${driver.id}`, w.tokens.dispo);
    expect(one.json().message).toBe('This driver is used by 1 assignment');
    await w.call('DELETE', `/api/containers/assignments/${ids[2]}`, w.tokens.dispo);

    const gone = await w.call('DELETE', `/api/containers/drivers/${driver.id}`, w.tokens.dispo);
    expect(gone.statusCode).toBe(200);
    expect(gone.json().deletedAt).not.toBeNull();
    expect((await list('/api/containers/drivers?q=Keller')).total).toBe(0);
    expect((await w.call('DELETE', `/api/containers/types/${type.id}`, w.tokens.dispo)).statusCode).toBe(200);
    // A deleted type's name is free again.
    const reused = await w.call('POST', '/api/containers/types', w.tokens.dispo, {
      name: 'Absetzmulde 3 m³',
      volume: 3,
    });
    expect(reused.statusCode).toBe(201);

    const audit = await w.t.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'dispoDriver'), eq(auditLog.entityId, driver.id)));
    expect(audit.map((a) => a.action).sort()).toEqual(['dispoDriver.create', 'dispoDriver.delete']);
  });
});

describe('role matrix and the containers flag', () => {
  const body = () => ({ name: `Typ ${Math.random().toString(36).slice(2, 8)}`, volume: 5 });

  it('dispo, manager and admin write; operators read; other roles are refused', async () => {
    for (const token of [w.tokens.dispo, w.tokens.manager, w.tokens.admin]) {
      expect((await w.call('POST', '/api/containers/types', token, body())).statusCode).toBe(201);
    }
    expect((await w.call('GET', '/api/containers/types', w.tokens.operator)).statusCode).toBe(200);
    expect((await w.call('GET', '/api/containers/drivers', w.tokens.operator)).statusCode).toBe(200);
    for (const [method, url] of [
      ['POST', '/api/containers/types'],
      ['PUT', `/api/containers/types/${w.types.skip7.id}`],
      ['DELETE', `/api/containers/trucks/${w.trucks.two.id}`],
      ['POST', '/api/containers/assignments'],
      ['PUT', `/api/containers/assignments/${w.types.skip7.id}/publish`],
    ] as const) {
      const res = await w.call(method, url, w.tokens.operator, method === 'DELETE' ? undefined : body());
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    for (const url of ['/api/containers/types', '/api/containers/assignments', '/api/containers/drivers']) {
      const res = await w.call('GET', url, w.tokens.viewer);
      expect(res.statusCode, url).toBe(403);
    }
    expect((await w.call('GET', '/api/containers/overview', w.tokens.operator)).statusCode).toBe(403);
    expect((await w.call('GET', '/api/containers/dashboard', w.tokens.manager)).statusCode).toBe(200);
  });

  it('flag containers false → 403 FEATURE_DISABLED for everyone', async () => {
    await w.t.app.settingsStore.update({ features: { containers: false } });
    try {
      for (const token of [w.tokens.admin, w.tokens.dispo]) {
        const read = await w.call('GET', '/api/containers/trucks', token);
        expect(read.statusCode).toBe(403);
        expect(read.json()).toMatchObject({ code: 'FEATURE_DISABLED', details: { feature: 'containers' } });
        expect((await w.call('POST', '/api/containers/types', token, body())).json().code).toBe(
          'FEATURE_DISABLED',
        );
      }
      expect((await w.call('GET', '/api/containers/dashboard', w.tokens.admin)).statusCode).toBe(403);
    } finally {
      await w.t.app.settingsStore.update({ features: { containers: true } });
    }
    expect((await w.call('GET', '/api/containers/trucks', w.tokens.admin)).statusCode).toBe(200);
  });
});
