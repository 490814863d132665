import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '@/domain/constants';
import { safeUploadPath } from '@/server/modules/uploads/routes';
import { errorsPlugin } from '@/server/plugins/errors';
import { readImageParts, saveImage, uploadsPlugin } from '@/server/plugins/uploads';
import { sniffImageType } from '@/server/services/storage';
import { createTestApp, createUser, type TestApp } from '../../support/helpers';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([30, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(22),
]);

async function multipart(
  parts: Array<{ field: string; name?: string; type?: string; data: Buffer | string }>,
) {
  const form = new FormData();
  for (const p of parts) {
    if (typeof p.data === 'string') form.append(p.field, p.data);
    else
      form.append(
        p.field,
        new Blob([new Uint8Array(p.data)], { type: p.type ?? 'application/octet-stream' }),
        p.name ?? 'file.bin',
      );
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await createUser(t, { username: 'uploader', role: 'operator' })).token;
});
afterAll(async () => t.close());

async function uploadProfile(body: { payload: Buffer; headers: Record<string, string> }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/profile/upload-image',
    payload: body.payload,
    headers: { ...body.headers, 'x-auth-token': token },
  });
}

describe('image uploads', () => {
  it('decides the type by content, not by name or declared type', async () => {
    const text = await uploadProfile(
      await multipart([
        { field: 'image', name: 'photo.png', type: 'image/png', data: 'GIF89a is not allowed either' },
      ]),
    );
    // A string part is a field, not a file: send the text as a file part instead.
    expect(text.statusCode).toBe(400);
    const fake = await uploadProfile(
      await multipart([
        {
          field: 'image',
          name: 'photo.png',
          type: 'image/png',
          data: Buffer.from('<svg onload="alert(1)"/>'),
        },
      ]),
    );
    expect(fake.statusCode).toBe(415);
    expect(fake.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    const gif = await uploadProfile(
      await multipart([
        { field: 'image', name: 'a.gif', type: 'image/gif', data: Buffer.from('GIF89a\x01\x00\x01\x00') },
      ]),
    );
    expect(gif.statusCode).toBe(415);
    // A real WebP named .txt with a wrong declared type is accepted and stored as .webp.
    const webp = await uploadProfile(
      await multipart([{ field: 'image', name: 'notes.txt', type: 'text/plain', data: WEBP }]),
    );
    expect(webp.statusCode).toBe(200);
    expect(webp.json().profileImage).toMatch(/\.webp$/);
  });

  it('refuses a body that is not multipart with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/profile/upload-image',
      headers: { 'x-auth-token': token },
      payload: { image: 'data' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses a file over MAX_IMAGE_BYTES with 413 and stores nothing', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_IMAGE_BYTES + 1 - PNG.length)]);
    const dir = path.join(t.config.dataDir, 'uploads', 'profiles');
    const count = () => (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).length : 0);
    const before = count();
    const res = await uploadProfile(
      await multipart([{ field: 'image', name: 'big.png', type: 'image/png', data: big }]),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
    expect(count()).toBe(before);
    // Exactly the limit is fine.
    const limit = Buffer.concat([PNG, Buffer.alloc(MAX_IMAGE_BYTES - PNG.length)]);
    expect(
      (
        await uploadProfile(
          await multipart([{ field: 'image', name: 'ok.png', type: 'image/png', data: limit }]),
        )
      ).statusCode,
    ).toBe(200);
  });

  it('gives the same content a new random name every time', async () => {
    const a = (await uploadProfile(await multipart([{ field: 'image', name: 'same.png', data: PNG }]))).json()
      .profileImage;
    const b = (await uploadProfile(await multipart([{ field: 'image', name: 'same.png', data: PNG }]))).json()
      .profileImage;
    expect(a).not.toBe(b);
    for (const p of [a, b]) expect(path.basename(p)).toMatch(/^[0-9a-f]{32}\.png$/);
  });

  it('sniffs jpeg, png and webp and nothing else', () => {
    expect(sniffImageType(PNG)).toBe('image/png');
    expect(sniffImageType(WEBP)).toBe('image/webp');
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xdb]))).toBe('image/jpeg');
    expect(sniffImageType(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});

/**
 * inject() and fetch() resolve "..", "%2e%2e" and "//" before sending, so an attacker's raw path never
 * reaches the server through them; node:http sends the path exactly as written.
 */
function rawGet(pathname: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: pathname }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
}

let port = 0;

describe('GET /uploads/*', () => {
  let stored: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    stored = (await uploadProfile(await multipart([{ field: 'image', name: 'x.png', data: PNG }]))).json()
      .profileImage;
    // Secrets next to the uploads folder that no URL may reach.
    fs.writeFileSync(path.join(t.config.dataDir, 'secret.txt'), 'TOP-SECRET');
    fs.symlinkSync(
      path.join(t.config.dataDir, 'secret.txt'),
      path.join(t.config.dataDir, 'uploads', 'profiles', 'link.png'),
    );
  });

  it('serves a stored file without auth, with its type, nosniff and a long immutable cache', async () => {
    const res = await t.app.inject({ url: `/uploads/${stored}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(Number(res.headers['content-length'])).toBe(PNG.length);
    expect(res.rawPayload.equals(PNG)).toBe(true);
  });

  it.each([
    '/uploads/../secret.txt',
    '/uploads/..%2fsecret.txt',
    '/uploads/%2e%2e/secret.txt',
    '/uploads/%2E%2E%2Fsecret.txt',
    '/uploads/profiles/..%2f..%2fsecret.txt',
    '/uploads/%252e%252e%252fsecret.txt',
    '/uploads/..%5csecret.txt',
    '/uploads/profiles/%2e%2e/%2e%2e/secret.txt',
    '/uploads//etc/passwd',
    '/uploads/%2fetc%2fpasswd',
    '/uploads/profiles/link.png',
    '/uploads/profiles%00.png',
    '/uploads/profiles',
    '/uploads/',
    '/uploads/missing/2026-01/00000000000000000000000000000000.png',
  ])('answers 404 for %s, sent as is over a socket', async (url) => {
    const res = await rawGet(url);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'NOT_FOUND' });
    expect(res.body).not.toContain('TOP-SECRET');
    expect(res.body).not.toContain('root:');
  });

  it('accepts only plain relative paths', () => {
    expect(safeUploadPath('profiles/2026-01/ab.png')).toBe('profiles/2026-01/ab.png');
    for (const bad of [
      '../x',
      'a/../../x',
      '/etc/passwd',
      'a//b',
      'a/./b',
      '%2e%2e/x',
      '%252e%252e/x',
      'a\\b',
      'a\0b',
      '.hidden',
      '',
      'a/%zz',
    ]) {
      expect(safeUploadPath(bad), bad).toBeNull();
    }
  });
});

describe('readImageParts and saveImage (the helper other modules use)', () => {
  let app: FastifyInstance;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetpilot-uploads-'));
    app = Fastify();
    await app.register(errorsPlugin);
    await app.register(uploadsPlugin, { dataDir });
    app.post('/form', async (request) => {
      const form = await readImageParts(request, {
        fileFields: ['cover', 'gallery'],
        maxFiles: 3,
        maxBytes: 1024,
      });
      const paths = await Promise.all(form.files.map((image) => saveImage(app, 'things', image)));
      return {
        fields: form.fields,
        files: form.files.map((f) => ({ field: f.fieldname, type: f.type, name: f.filename })),
        paths,
      };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const send = async (parts: Parameters<typeof multipart>[0]) =>
    app.inject({ method: 'POST', url: '/form', ...(await multipart(parts)) });

  it('returns text fields (repeated ones as arrays) and several images, then stores them', async () => {
    const res = await send([
      { field: 'name', data: 'Bagger 1' },
      { field: 'cover', name: 'c.png', type: 'image/png', data: PNG },
      { field: 'gallery', name: 'g1.webp', data: WEBP },
      { field: 'removeImages', data: 'a' },
      { field: 'removeImages', data: 'b' },
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.fields).toEqual({ name: 'Bagger 1', removeImages: ['a', 'b'] });
    expect(body.files).toEqual([
      { field: 'cover', type: 'image/png', name: 'c.png' },
      { field: 'gallery', type: 'image/webp', name: 'g1.webp' },
    ]);
    expect(body.paths[0]).toMatch(/^things\/\d{4}-\d{2}\/[0-9a-f]{32}\.png$/);
    expect(fs.readFileSync(path.join(dataDir, 'uploads', body.paths[1])).equals(WEBP)).toBe(true);
  });

  it('refuses unexpected file fields, too many files and files over the given limit', async () => {
    expect((await send([{ field: 'other', name: 'x.png', data: PNG }])).statusCode).toBe(400);
    const many = Array.from({ length: 4 }, () => ({ field: 'gallery', name: 'g.png', data: PNG }));
    expect((await send(many)).statusCode).toBe(413);
    const big = await send([
      { field: 'cover', name: 'big.png', data: Buffer.concat([PNG, Buffer.alloc(1024)]) },
    ]);
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('PAYLOAD_TOO_LARGE');
  });
});
