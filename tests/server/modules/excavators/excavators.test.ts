import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Excavator, ExcavatorList } from '@/domain/excavator';
import { appSettings, auditLog } from '@/server/db/schema';
import { createUser, type TestApp } from '../../support/helpers';
import {
  auth,
  createExcavatorTestApp,
  excavatorBody,
  JPEG,
  multipart,
  PNG,
  type Part,
} from '../../support/sync-fixtures';

let t: TestApp;
let manager: string;
let admin: string;
let operator: string;
let viewer: string;

beforeAll(async () => {
  t = await createExcavatorTestApp();
  manager = (await createUser(t, { username: 'exc-manager', role: 'Manager' })).token;
  admin = (await createUser(t, { username: 'exc-admin', role: 'admin' })).token;
  operator = (await createUser(t, { username: 'exc-operator', role: 'operator' })).token;
  viewer = (await createUser(t, { username: 'exc-viewer', role: 'auditor' })).token;
});
afterAll(async () => t.close());

async function send(
  method: 'POST' | 'PUT',
  url: string,
  token: string,
  parts: Part[],
  headers: Record<string, string> = {},
) {
  const form = await multipart(parts);
  return t.app.inject({
    method,
    url,
    payload: form.payload,
    headers: { ...form.headers, ...auth(token), ...headers },
  });
}

const fields = (values: Record<string, string>): Part[] =>
  Object.entries(values).map(([field, value]) => ({ field, value }));

const stored = (relative: string) => path.join(t.config.dataDir, 'uploads', relative);

async function createJson(token: string, body: object) {
  return t.app.inject({ method: 'POST', url: '/api/excavators', payload: body, headers: auth(token) });
}

describe('POST /api/excavators', () => {
  it('creates from multipart with profile image, gallery and specifications', async () => {
    const res = await send('POST', '/api/excavators', manager, [
      ...fields({
        name: 'Liebherr R 926',
        model: 'R 926',
        serialNumber: 'LH-926-001',
        year: '2021',
        status: 'maintenance',
        usageHours: '4210.5',
        location: 'Recycling Hof Nord',
        engineNumber: 'D934-77',
        lastServiceHours: '4000',
        purchaseDate: '2021-03-15',
        lastServiceDate: '2025-11-02',
        specifications: JSON.stringify([
          { key: 'Operating weight', value: '26 t' },
          { key: 'Bucket', value: '1.5 m³' },
        ]),
        description: 'Main sorting excavator',
      }),
      { field: 'profileImage', file: PNG, name: 'front.png' },
      { field: 'gallery', file: JPEG, name: 'a.jpg', type: 'image/jpeg' },
      { field: 'gallery', file: PNG, name: 'b.png' },
    ]);
    expect(res.statusCode).toBe(201);
    const body = res.json() as Excavator;
    expect(res.headers.etag).toBe('"1"');
    expect(res.headers.location).toBe(`/api/excavators/${body.id}`);
    expect(body).toMatchObject({
      name: 'Liebherr R 926',
      serialNumber: 'LH-926-001',
      year: 2021,
      status: 'maintenance',
      usageHours: 4210.5,
      lastServiceHours: 4000,
      purchaseDate: '2021-03-15',
      specifications: [
        { key: 'Operating weight', value: '26 t' },
        { key: 'Bucket', value: '1.5 m³' },
      ],
      notes: null,
      nextInspectionHours: null,
      version: 1,
      deletedAt: null,
      maintenance: { hoursUntil: 289.5, label: 'ok' },
    });
    expect(body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    expect(body.profileImage).toMatch(/^excavators\/\d{4}-\d{2}\/[0-9a-f]{32}\.png$/);
    expect(body.gallery).toHaveLength(2);
    expect(body.gallery[0]).toMatch(/\.jpg$/);
    for (const p of [body.profileImage!, ...body.gallery]) expect(fs.existsSync(stored(p))).toBe(true);
    const image = await t.app.inject({ url: `/uploads/${body.profileImage}` });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(PNG)).toBe(true);
  });

  it('creates from multipart without files, empty fields omitted', async () => {
    const res = await send('POST', '/api/excavators', manager, [
      ...fields({
        name: 'Volvo EC220E',
        model: 'EC220E',
        serialNumber: 'VO-220-1',
        usageHours: '120',
        notes: '',
      }),
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      profileImage: null,
      gallery: [],
      specifications: [],
      status: 'operational',
      notes: null,
      year: null,
    });
  });

  it('accepts a JSON body with the same fields', async () => {
    const res = await createJson(
      manager,
      excavatorBody('json-1', { specifications: [{ key: 'Tier', value: 'V' }] }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().specifications).toEqual([{ key: 'Tier', value: 'V' }]);
  });

  it('answers 400 with messages per field', async () => {
    const res = await send('POST', '/api/excavators', manager, [
      ...fields({
        model: 'X',
        serialNumber: 'VAL-1',
        year: 'old',
        lastServiceDate: '2025-13-01',
        specifications: '{"a":1}',
      }),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: {
        fields: {
          name: ['Name is required'],
          year: ['Year must be a number'],
          lastServiceDate: ['Last service date must be a date (YYYY-MM-DD)'],
          specifications: ['Specifications must be a list'],
        },
      },
    });
  });

  it('answers the issues as i18n keys with params, so the app can show them in its language', async () => {
    const res = await send('POST', '/api/excavators', manager, [
      ...fields({ name: 'N'.repeat(121), model: 'X', serialNumber: 'VAL-2', usageHours: '-5' }),
    ]);
    expect(res.statusCode).toBe(400);
    const { details } = res.json<{ details: { fields: Record<string, string[]>; issues: unknown[] } }>();
    expect(details.fields).toEqual({
      name: ['Name must be at most 120 characters'],
      usageHours: ['Usage hours must be non-negative'],
    });
    expect(details.issues).toEqual([
      { path: 'name', key: 'validation.tooLong', params: { max: 120, field: 'excavators.fields.name' } },
      { path: 'usageHours', key: 'validation.negative', params: { field: 'excavators.fields.usageHours' } },
    ]);
  });

  it('refuses a file that is not an image (415) and stores nothing', async () => {
    const res = await send('POST', '/api/excavators', manager, [
      ...fields({ name: 'Bad file', model: 'M', serialNumber: 'BAD-1' }),
      { field: 'gallery', file: Buffer.from('%PDF-1.4 not an image'), name: 'x.png' },
    ]);
    expect(res.statusCode).toBe(415);
    const list = await t.app.inject({ url: '/api/excavators?q=BAD-1', headers: auth(manager) });
    expect(list.json().total).toBe(0);
  });

  it('keeps serial numbers unique among live machines (409 on the field), case-insensitive', async () => {
    expect((await createJson(manager, excavatorBody('uniq', { serialNumber: 'UNIQ-1' }))).statusCode).toBe(
      201,
    );
    const dup = await createJson(manager, excavatorBody('uniq-2', { serialNumber: 'uniq-1' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      code: 'CONFLICT',
      details: { fields: { serialNumber: ['This serial number is already registered'] } },
    });
  });

  it('lets only fleet writers create (admin, manager), any signed-in user read', async () => {
    expect((await createJson(operator, excavatorBody('role-1'))).statusCode).toBe(403);
    expect((await createJson(viewer, excavatorBody('role-2'))).statusCode).toBe(403);
    expect((await createJson(admin, excavatorBody('role-3'))).statusCode).toBe(201);
    expect((await t.app.inject({ url: '/api/excavators', headers: auth(operator) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/excavators', headers: auth(viewer) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/excavators' })).statusCode).toBe(401);
  });

  it('writes an audit record with the fields', async () => {
    const res = await createJson(manager, excavatorBody('audit-1', { location: 'Yard A' }));
    const id = res.json().id as string;
    const [record] = await t.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'excavator.create')));
    expect(record).toMatchObject({ entity: 'excavator', username: 'exc-manager' });
    expect(record?.changes).toMatchObject({
      location: { from: null, to: 'Yard A' },
      serialNumber: { to: 'SN-audit-1' },
    });
  });
});

describe('GET /api/excavators', () => {
  beforeAll(async () => {
    const machines = [
      {
        name: 'Alpha',
        model: 'Komatsu PC210',
        serialNumber: 'KOM-A',
        location: 'Depot Süd',
        usageHours: 900,
        status: 'operational',
      },
      {
        name: 'Bravo',
        model: 'Hitachi ZX135',
        serialNumber: 'HIT-B',
        location: 'Depot Nord',
        usageHours: 3000,
        status: 'out_of_service',
      },
      {
        name: 'Charlie',
        model: 'Komatsu PC138',
        serialNumber: 'KOM-C',
        location: 'depot nord',
        usageHours: 50,
        status: 'operational',
      },
    ];
    for (const m of machines) expect((await createJson(manager, m)).statusCode).toBe(201);
  });

  const list = async (query: string) => {
    const res = await t.app.inject({ url: `/api/excavators?${query}`, headers: auth(operator) });
    expect(res.statusCode).toBe(200);
    return res.json() as ExcavatorList;
  };

  it('searches name, model, serial and location case-insensitively', async () => {
    expect((await list('q=komatsu')).items.map((e) => e.name)).toEqual(['Alpha', 'Charlie']);
    expect((await list('q=hit-b')).items.map((e) => e.name)).toEqual(['Bravo']);
    expect((await list('q=SÜD')).items.map((e) => e.name)).toEqual(['Alpha']);
    expect((await list('q=%25')).total).toBe(0);
  });

  it('filters by status and location, sorts and pages', async () => {
    expect((await list('status=out_of_service')).items.map((e) => e.name)).toEqual(['Bravo']);
    expect((await list('location=DEPOT%20NORD&sort=name')).items.map((e) => e.name)).toEqual([
      'Bravo',
      'Charlie',
    ]);
    const sorted = await list('q=depot&sort=-usageHours');
    expect(sorted.items.map((e) => e.name)).toEqual(['Bravo', 'Alpha', 'Charlie']);
    const page2 = await list('q=depot&sort=name&limit=2&page=2');
    expect(page2).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(page2.items.map((e) => e.name)).toEqual(['Charlie']);
    expect(
      (await t.app.inject({ url: '/api/excavators?limit=101', headers: auth(operator) })).statusCode,
    ).toBe(400);
  });

  it('includes maintenance due, using the configured service interval', async () => {
    expect((await list('q=KOM-A')).items[0]?.maintenance).toEqual({ hoursUntil: 100, label: 'soon' });
    await t.db.db
      .insert(appSettings)
      .values({ id: 1, data: { maintenance: { serviceIntervalHours: 250 } } })
      .onConflictDoUpdate({
        target: appSettings.id,
        set: { data: { maintenance: { serviceIntervalHours: 250 } } },
      });
    try {
      expect((await list('q=KOM-A')).items[0]?.maintenance).toEqual({ hoursUntil: 100, label: 'ok' });
    } finally {
      await t.db.db.delete(appSettings).where(eq(appSettings.id, 1));
    }
  });

  it('answers 403 FEATURE_DISABLED while the excavators flag is off', async () => {
    await t.app.settingsStore.update({ features: { excavators: false } });
    try {
      const read = await t.app.inject({ url: '/api/excavators', headers: auth(manager) });
      expect(read.statusCode).toBe(403);
      expect(read.json().code).toBe('FEATURE_DISABLED');
      expect((await createJson(manager, excavatorBody('flag-1'))).statusCode).toBe(403);
    } finally {
      await t.app.settingsStore.update({ features: { excavators: true } });
    }
    expect((await t.app.inject({ url: '/api/excavators', headers: auth(manager) })).statusCode).toBe(200);
  });
});

describe('GET, PUT, DELETE /api/excavators/{id}', () => {
  let created: Excavator;

  beforeAll(async () => {
    const res = await send('POST', '/api/excavators', manager, [
      ...fields({
        name: 'Edit me',
        model: 'CAT 330',
        serialNumber: 'EDIT-1',
        notes: 'old notes',
        location: 'Yard',
      }),
      { field: 'profileImage', file: PNG },
      { field: 'gallery', file: PNG },
      { field: 'gallery', file: JPEG, type: 'image/jpeg', name: 'b.jpg' },
    ]);
    created = res.json() as Excavator;
  });

  it('reads one with its ETag; unknown ids 404', async () => {
    const res = await t.app.inject({ url: `/api/excavators/${created.id}`, headers: auth(operator) });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe('"1"');
    expect(res.json()).toEqual(created);
    const missing = await t.app.inject({
      url: '/api/excavators/0190d2a0-0000-7000-8000-000000000000',
      headers: auth(operator),
    });
    expect(missing.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/excavators/nope', headers: auth(operator) })).statusCode).toBe(
      400,
    );
  });

  it('updates from multipart: omitted fields clear, gallery removal and additions, new profile image', async () => {
    const [dropped, keptImage] = created.gallery;
    const res = await send(
      'PUT',
      `/api/excavators/${created.id}`,
      manager,
      [
        ...fields({
          name: 'Edited',
          model: 'CAT 330',
          serialNumber: 'EDIT-1',
          usageHours: '10',
          removeGallery: JSON.stringify([`/uploads/${dropped}`]),
        }),
        { field: 'profileImage', file: JPEG, type: 'image/jpeg', name: 'new.jpg' },
        { field: 'gallery', file: PNG, name: 'c.png' },
      ],
      { 'if-match': '"1"' },
    );
    expect(res.statusCode).toBe(200);
    const body = res.json() as Excavator;
    expect(res.headers.etag).toBe('"2"');
    expect(body).toMatchObject({ name: 'Edited', version: 2, notes: null, location: null, usageHours: 10 });
    expect(body.gallery).toHaveLength(2);
    expect(body.gallery[0]).toBe(keptImage);
    expect(body.gallery).not.toContain(dropped);
    expect(body.profileImage).toMatch(/\.jpg$/);
    expect(fs.existsSync(stored(dropped!))).toBe(false);
    expect(fs.existsSync(stored(created.profileImage!))).toBe(false);
    expect(fs.existsSync(stored(body.profileImage!))).toBe(true);

    const [record] = await t.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, created.id), eq(auditLog.action, 'excavator.update')));
    expect(Object.keys(record?.changes ?? {}).sort()).toEqual(
      ['gallery', 'location', 'name', 'notes', 'profileImage', 'usageHours'].sort(),
    );
  });

  it('removes the profile image on request and accepts JSON updates', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/excavators/${created.id}`,
      payload: { ...excavatorBody('x'), name: 'Edited', serialNumber: 'EDIT-1', removeProfileImage: true },
      headers: auth(manager),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ profileImage: null, version: 3 });
  });

  it('does not bump the version when nothing changed', async () => {
    const current = (
      await t.app.inject({ url: `/api/excavators/${created.id}`, headers: auth(manager) })
    ).json();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/excavators/${created.id}`,
      payload: { ...current },
      headers: auth(manager),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().version).toBe(current.version);
  });

  it('refuses a serial number used by another machine', async () => {
    await createJson(manager, excavatorBody('other', { serialNumber: 'TAKEN-9' }));
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/excavators/${created.id}`,
      payload: { name: 'Edited', model: 'CAT 330', serialNumber: 'taken-9' },
      headers: auth(manager),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().details.fields.serialNumber).toBeDefined();
  });

  it('lets operators neither update nor delete', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/excavators/${created.id}`,
      payload: excavatorBody('op'),
      headers: auth(operator),
    });
    expect(put.statusCode).toBe(403);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/excavators/${created.id}`,
      headers: auth(operator),
    });
    expect(del.statusCode).toBe(403);
  });

  it('deletes softly: a tombstone, gone from reads, its serial free again', async () => {
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/excavators/${created.id}`,
      headers: auth(manager),
    });
    expect(del.statusCode).toBe(200);
    expect(del.json().deletedAt).not.toBeNull();
    expect(
      (await t.app.inject({ url: `/api/excavators/${created.id}`, headers: auth(manager) })).statusCode,
    ).toBe(404);
    const listed = await t.app.inject({ url: '/api/excavators?q=EDIT-1', headers: auth(manager) });
    expect(listed.json().total).toBe(0);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/excavators/${created.id}`,
      headers: auth(manager),
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().version).toBe(del.json().version);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/excavators/${created.id}`,
      payload: excavatorBody('gone'),
      headers: auth(manager),
    });
    expect(put.statusCode).toBe(404);
    expect((await createJson(manager, excavatorBody('reuse', { serialNumber: 'EDIT-1' }))).statusCode).toBe(
      201,
    );
  });
});
