import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Excavator } from '@/domain/excavator';
import { MERGED_FROM_HEADER } from '@/domain/sync';
import { createUser, type TestApp } from '../../support/helpers';
import { auth, createExcavatorTestApp, excavatorBody, multipart, PNG } from '../../support/sync-fixtures';

let t: TestApp;
let manager: string;

beforeAll(async () => {
  t = await createExcavatorTestApp();
  manager = (await createUser(t, { username: 'patch-manager', role: 'Manager' })).token;
});
afterAll(async () => t.close());

async function create(n: string, extra: Record<string, unknown> = {}): Promise<Excavator> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/excavators',
    payload: excavatorBody(n, extra),
    headers: auth(manager),
  });
  expect(res.statusCode).toBe(201);
  return res.json<Excavator>();
}

function patch(id: string, base: number | null, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/excavators/${id}`,
    payload: body,
    headers: { ...auth(manager), ...(base === null ? {} : { 'if-match': `"${base}"` }) },
  });
}

describe('PATCH /api/excavators/{id}', () => {
  it('keeps both sides when two devices changed different fields of the same version', async () => {
    const e = await create('p1', { notes: 'old notes', engineNumber: 'E-1' });
    const a = await patch(e.id, e.version, { notes: 'A notes' });
    expect(a.statusCode).toBe(200);
    const b = await patch(e.id, e.version, { engineNumber: 'E-2' });
    expect(b.statusCode).toBe(200);
    const row = b.json<Excavator>();
    expect(row.notes).toBe('A notes');
    expect(row.engineNumber).toBe('E-2');
    expect(row.version).toBe(e.version + 2);
    expect(b.headers.etag).toBe(`"${row.version}"`);
  });

  it('names the other person whose changes since the base were merged in', async () => {
    const other = await createUser(t, { username: 'patch-Łukasz', role: 'Manager' });
    const e = await create('p-merged', { notes: 'old', engineNumber: 'E-1' });
    const a = await t.app.inject({
      method: 'PATCH',
      url: `/api/excavators/${e.id}`,
      payload: { notes: 'from Łukasz' },
      headers: { ...auth(other.token), 'if-match': `"${e.version}"` },
    });
    expect(a.statusCode).toBe(200);
    // Nothing happened since its own base: nobody to name.
    expect(a.headers[MERGED_FROM_HEADER]).toBeUndefined();
    const b = await patch(e.id, e.version, { engineNumber: 'E-2' });
    expect(b.statusCode).toBe(200);
    expect(decodeURIComponent(String(b.headers[MERGED_FROM_HEADER]))).toBe('patch-Łukasz');
    // Built on the current version: nothing was merged.
    const c = await patch(e.id, b.json<Excavator>().version, { engineNumber: 'E-3' });
    expect(c.headers[MERGED_FROM_HEADER]).toBeUndefined();
  });

  it('answers 409 naming only the overlapping field and applies the others', async () => {
    const e = await create('p2', { location: 'Hall 1', notes: null, engineNumber: null });
    expect((await patch(e.id, e.version, { location: 'Hall A', notes: 'from A' })).statusCode).toBe(200);
    const b = await patch(e.id, e.version, { location: 'Hall B', engineNumber: 'E-B' });
    expect(b.statusCode).toBe(409);
    const body = b.json<{ conflicts: unknown[]; current: Excavator }>();
    expect(body.conflicts).toEqual([{ field: 'location', base: 'Hall 1', mine: 'Hall B', theirs: 'Hall A' }]);
    expect(body.current.engineNumber).toBe('E-B');
    expect(body.current.notes).toBe('from A');
    expect(body.current.location).toBe('Hall A');
    // Keeping "mine" for the one field on the current version writes it and nothing else.
    const resolved = await patch(e.id, body.current.version, { location: 'Hall B' });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json<Excavator>()).toMatchObject({
      location: 'Hall B',
      notes: 'from A',
      engineNumber: 'E-B',
    });
  });

  it('merges specifications per item', async () => {
    const specs = [
      { key: 'Weight', value: '20 t' },
      { key: 'Bucket', value: '1 m³' },
    ];
    const e = await create('p3', { specifications: specs });
    const a = await patch(e.id, e.version, {
      specifications: [{ key: 'Weight', value: '21 t' }, specs[1], { key: 'Engine', value: 'C7' }],
    });
    expect(a.statusCode).toBe(200);
    const b = await patch(e.id, e.version, {
      specifications: [specs[0], { key: 'Bucket', value: '1.2 m³' }],
    });
    expect(b.statusCode).toBe(200);
    expect(b.json<Excavator>().specifications).toEqual([
      { key: 'Weight', value: '21 t' },
      { key: 'Bucket', value: '1.2 m³' },
      { key: 'Engine', value: 'C7' },
    ]);
    const c = await patch(e.id, e.version, { specifications: [{ key: 'Weight', value: '22 t' }, specs[1]] });
    expect(c.statusCode).toBe(409);
    expect(c.json<{ conflicts: Array<{ field: string }> }>().conflicts.map((x) => x.field)).toEqual([
      'specifications',
    ]);
  });

  it('sees a change made by PUT since the base', async () => {
    const e = await create('p4', { notes: 'n0' });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/excavators/${e.id}`,
      payload: excavatorBody('p4', { notes: 'n-put' }),
      headers: { ...auth(manager), 'if-match': `"${e.version}"` },
    });
    expect(put.statusCode).toBe(200);
    const b = await patch(e.id, e.version, { notes: 'n-patch' });
    expect(b.statusCode).toBe(409);
  });

  it('refuses unknown fields, validates sent ones and accepts multipart with a patch part', async () => {
    const e = await create('p5');
    expect((await patch(e.id, e.version, { colour: 'red' })).statusCode).toBe(400);
    expect((await patch(e.id, e.version, { year: 1200 })).statusCode).toBe(400);
    const form = await multipart([
      { field: 'patch', value: JSON.stringify({ notes: null, location: 'Yard' }) },
      { field: 'profileImage', file: PNG, name: 'p.png' },
    ]);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/excavators/${e.id}`,
      payload: form.payload,
      headers: { ...form.headers, ...auth(manager), 'if-match': `"${e.version}"` },
    });
    expect(res.statusCode).toBe(200);
    const row = res.json<Excavator>();
    expect(row.location).toBe('Yard');
    expect(row.profileImage).toBeTruthy();
  });
});
