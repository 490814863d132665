import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@/server/db/schema';
import { createTestApp, createUser, type TestApp } from '../../support/helpers';

/** A real 1×1 PNG. */
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const PNG = Buffer.from(PNG_BASE64, 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);

/** A multipart body exactly as a browser's FormData sends it. */
async function multipart(files: Array<{ field: string; name: string; type: string; data: Buffer }>) {
  const form = new FormData();
  for (const f of files) form.append(f.field, new Blob([new Uint8Array(f.data)], { type: f.type }), f.name);
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

let t: TestApp;
let me: { id: string; token: string };
beforeAll(async () => {
  t = await createTestApp();
  // A view-only role: the profile belongs to every signed-in user.
  me = await createUser(t, { username: 'viewer-1', role: 'viewer', email: 'viewer1@example.com' });
  await createUser(t, { username: 'someone', role: 'operator', email: 'someone@example.com' });
});
afterAll(async () => t.close());

const auth = () => ({ 'x-auth-token': me.token });
const audits = (action: string) =>
  t.db.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, me.id)));

describe('GET/PUT /api/profile', () => {
  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ url: '/api/profile' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/profile', payload: { name: 'x' } })).statusCode,
    ).toBe(401);
  });

  it('returns the own user with name and profileImage', async () => {
    const res = await t.app.inject({ url: '/api/profile', headers: auth() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: me.id, username: 'viewer-1', name: null, profileImage: null });
  });

  it('updates only the fields sent and audits the change', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: auth(),
      payload: { name: 'Vera Viewer', phone: '+49 30 1', department: 'Büro', email: 'Vera@Example.com' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Vera Viewer',
      phone: '+49 30 1',
      department: 'Büro',
      email: 'vera@example.com',
      role: 'viewer',
    });
    const partial = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: auth(),
      payload: { phone: '' },
    });
    expect(partial.json()).toMatchObject({ name: 'Vera Viewer', phone: null, department: 'Büro' });
    const [first] = await audits('profile.updated');
    expect(first?.changes).toMatchObject({
      name: { from: null, to: 'Vera Viewer' },
      email: { from: 'viewer1@example.com', to: 'vera@example.com' },
    });
  });

  it('ignores role and active: a user cannot promote themselves', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: auth(),
      payload: { role: 'admin', active: true, name: 'Vera' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'viewer', name: 'Vera' });
  });

  it('refuses an e-mail address another user has, in any letter case', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: auth(),
      payload: { email: 'SOMEONE@example.com' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().details.fields.email).toHaveLength(1);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: auth(),
      payload: { email: 'not-a-mail' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('PUT /api/profile/signature', () => {
  const put = (signature: unknown) =>
    t.app.inject({ method: 'PUT', url: '/api/profile/signature', headers: auth(), payload: { signature } });

  it('stores a PNG data URL and keeps the drawing out of the audit log', async () => {
    const dataUrl = `data:image/png;base64,${PNG_BASE64}`;
    const res = await put(dataUrl);
    expect(res.statusCode).toBe(200);
    expect(res.json().signature).toBe(dataUrl);
    expect((await t.app.inject({ url: '/api/profile', headers: auth() })).json().signature).toBe(dataUrl);
    const [row] = await audits('profile.signature');
    expect(row?.changes).toEqual({ signature: { from: null, to: 'set' } });
  });

  it('refuses what is not a PNG data URL, by label or by content', async () => {
    expect((await put('data:image/jpeg;base64,/9j/4AAQ')).statusCode).toBe(400);
    expect((await put('https://example.com/sig.png')).statusCode).toBe(400);
    const textAsPng = `data:image/png;base64,${Buffer.from('hello, not an image').toString('base64')}`;
    const res = await put(textAsPng);
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fields.signature).toBeDefined();
    expect((await t.app.inject({ url: '/api/profile', headers: auth() })).json().signature).toMatch(
      /^data:image\/png/,
    );
  });

  it('clears it with null or an empty string', async () => {
    expect((await put(null)).json().signature).toBeNull();
    await put(`data:image/png;base64,${PNG_BASE64}`);
    expect((await put('')).json().signature).toBeNull();
  });
});

describe('POST /api/profile/upload-image', () => {
  const upload = async (data: Buffer, name = 'me.png', type = 'image/png', field = 'image') =>
    t.app.inject({
      method: 'POST',
      url: '/api/profile/upload-image',
      ...(await withAuth(await multipart([{ field, name, type, data }]))),
    });
  const withAuth = async (m: { payload: Buffer; headers: Record<string, string> }) => ({
    payload: m.payload,
    headers: { ...m.headers, ...auth() },
  });

  it('stores the image under a random name and serves it at /uploads/{path}', async () => {
    const res = await upload(PNG);
    expect(res.statusCode).toBe(200);
    const user = res.json();
    expect(user.id).toBe(me.id);
    expect(user.profileImage).toMatch(/^profiles\/\d{4}-\d{2}\/[0-9a-f]{32}\.png$/);
    const served = await t.app.inject({ url: `/uploads/${user.profileImage}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const [row] = await audits('profile.image');
    expect(row?.changes).toEqual({ profileImage: { from: null, to: user.profileImage } });
  });

  it('replaces the previous image and removes its file', async () => {
    const before = (await t.app.inject({ url: '/api/profile', headers: auth() })).json()
      .profileImage as string;
    const oldFile = path.join(t.config.dataDir, 'uploads', before);
    expect(fs.existsSync(oldFile)).toBe(true);
    const res = await upload(JPEG, 'photo.jpeg', 'image/jpeg');
    expect(res.statusCode).toBe(200);
    const after = res.json().profileImage as string;
    expect(after).toMatch(/\.jpg$/);
    expect(after).not.toBe(before);
    expect(fs.existsSync(oldFile)).toBe(false);
    expect((await t.app.inject({ url: `/uploads/${before}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/uploads/${after}` })).headers['content-type']).toBe('image/jpeg');
  });

  it('refuses a file that is not an image by content and keeps the current one', async () => {
    const current = (await t.app.inject({ url: '/api/profile', headers: auth() })).json().profileImage;
    const res = await upload(Buffer.from('just text, named like an image'), 'evil.png', 'image/png');
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect((await t.app.inject({ url: '/api/profile', headers: auth() })).json().profileImage).toBe(current);
  });

  it('asks for the image field', async () => {
    const res = await upload(PNG, 'me.png', 'image/png', 'picture');
    expect(res.statusCode).toBe(400);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/profile/upload-image',
      ...(await withAuth(await multipart([]))),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details.fields.image).toBeDefined();
  });
});
