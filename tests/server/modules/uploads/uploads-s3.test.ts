import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { uploadsPlugin } from '@/server/plugins/uploads';
import { readStoredFile } from '@/server/services/storage';
import { createS3Storage } from '@/server/services/storage-s3';
import { migrateUploads, type MigrationProgress } from '@/server/services/storage-migrate';
import { parseStorageUrl, type S3StorageConfig } from '@/server/services/storage-url';
import { createTestApp, createUser, type TestApp } from '../../support/helpers';

/*
 * Uploads in an S3-compatible bucket: s3rver (an S3 API on the local file system, from npm) stands in
 * for the object store on loopback; the app talks to it through the unmodified AWS SDK.
 */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const BUCKET = 'fleet-uploads';
const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

let server: S3rver;
let s3Dir: string;
let endpoint: string;
let client: S3Client;

function storageConfig(url: string): S3StorageConfig {
  const parsed = parseStorageUrl(url, KEYS);
  if (!parsed.config) throw new Error(parsed.problems.join('; '));
  return parsed.config;
}

async function objectKeys(prefix = ''): Promise<string[]> {
  const res = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
  return (res.Contents ?? []).map((o) => o.Key ?? '').sort();
}

beforeAll(async () => {
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetpilot-s3-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const address = await server.run();
  endpoint = `http://127.0.0.1:${address.port}`;
  client = new S3Client({ endpoint, region: 'eu-central-1', forcePathStyle: true, credentials: KEYS });
});

afterAll(async () => {
  client.destroy();
  await server.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
});

async function multipart(data: Buffer, name = 'photo.png') {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(data)], { type: 'image/png' }), name);
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

/** The path is sent exactly as written (inject and fetch would resolve "..", "%2e%2e" first). */
function rawGet(port: number, pathname: string): Promise<{ status: number; body: string }> {
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

describe('STORAGE_URL', () => {
  it('reads bucket, prefix, endpoint, region and the keys; refuses what it cannot use', () => {
    const url = `s3://${BUCKET}/site-a?endpoint=http://minio:9000&region=eu-central-1`;
    expect(parseStorageUrl(url, KEYS).config).toEqual({
      kind: 's3',
      bucket: BUCKET,
      prefix: 'site-a/',
      endpoint: 'http://minio:9000',
      region: 'eu-central-1',
      forcePathStyle: true,
      credentials: KEYS,
    });
    expect(parseStorageUrl(`s3://${BUCKET}`, {}).config).toMatchObject({
      prefix: '',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(parseStorageUrl('https://bucket', {}).problems).toEqual([
      'STORAGE_URL: only s3:// URLs are supported',
    ]);
    expect(parseStorageUrl('s3://Bad_Bucket?endpoint=ftp://x&size=1', { accessKeyId: 'a' }).problems).toEqual(
      [
        'STORAGE_URL: the bucket name must be 3–63 lower-case letters, digits, dots or hyphens',
        'STORAGE_URL: unknown parameter "size"',
        'STORAGE_URL: endpoint must be an http:// or https:// URL',
        'AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY: set both or neither',
      ],
    );
  });

  it('stops the start with a readable message when the bucket is missing', async () => {
    const app = Fastify();
    const s3 = storageConfig(`s3://no-such-bucket?endpoint=${endpoint}`);
    await expect(app.register(uploadsPlugin, { dataDir: s3Dir, s3 }).ready()).rejects.toThrow(
      /no-such-bucket.*cannot be used: the bucket does not exist/,
    );
    await app.close();
  });
});

describe('uploads in the bucket', () => {
  let t: TestApp;
  let token: string;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({
      storage: storageConfig(`s3://${BUCKET}/app?endpoint=${endpoint}&region=eu-central-1`),
    });
    token = (await createUser(t, { username: 'uploader', role: 'operator' })).token;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    // An object outside the app's prefix that no upload URL may reach.
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'secret.txt', Body: 'TOP-SECRET' }));
    // A fresh embedded database can take minutes to open on a busy machine.
  }, 180_000);
  afterAll(async () => t?.close());

  const upload = async (data: Buffer) => {
    const body = await multipart(data);
    return t.app.inject({
      method: 'POST',
      url: '/api/profile/upload-image',
      payload: body.payload,
      headers: { ...body.headers, 'x-auth-token': token },
    });
  };

  it('writes an upload through the API into the bucket, not onto the disk', async () => {
    const res = await upload(PNG);
    expect(res.statusCode).toBe(200);
    const stored = res.json().profileImage as string;
    expect(stored).toMatch(/^profiles\/\d{4}-\d{2}\/[0-9a-f]{32}\.png$/);
    const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `app/${stored}` }));
    expect(head.ContentLength).toBe(PNG.length);
    expect(head.ContentType).toBe('image/png');
    const body = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: `app/${stored}` }));
    expect(Buffer.from(await body.Body!.transformToByteArray()).equals(PNG)).toBe(true);
    expect(fs.existsSync(path.join(t.config.dataDir, 'uploads'))).toBe(false);
  });

  it('serves it at /uploads/… with the same headers as from disk', async () => {
    const stored = (await upload(PNG)).json().profileImage as string;
    const res = await fetch(`http://127.0.0.1:${port}/uploads/${stored}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-length')).toBe(String(PNG.length));
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    // The PDF and other server-side readers get the bytes the same way.
    expect((await readStoredFile(t.app.storage, stored))?.equals(PNG)).toBe(true);
  });

  it('removes the replaced picture from the bucket', async () => {
    const first = (await upload(PNG)).json().profileImage as string;
    const second = (await upload(PNG)).json().profileImage as string;
    const keys = await objectKeys('app/profiles/');
    expect(keys).toContain(`app/${second}`);
    expect(keys).not.toContain(`app/${first}`);
    expect((await fetch(`http://127.0.0.1:${port}/uploads/${first}`)).status).toBe(404);
  });

  it.each([
    '/uploads/../secret.txt',
    '/uploads/..%2fsecret.txt',
    '/uploads/%2e%2e/secret.txt',
    '/uploads/%2E%2E%2Fsecret.txt',
    '/uploads/profiles/..%2f..%2fsecret.txt',
    '/uploads/%252e%252e%252fsecret.txt',
    '/uploads/..%5csecret.txt',
    '/uploads//secret.txt',
    '/uploads/%2fsecret.txt',
    '/uploads/profiles%00.png',
    '/uploads/',
    '/uploads/missing/2026-01/00000000000000000000000000000000.png',
  ])('answers 404 for %s and never reads outside the prefix', async (url) => {
    const res = await rawGet(port, url);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'NOT_FOUND' });
    expect(res.body).not.toContain('TOP-SECRET');
  });

  it('refuses dot segments in the storage itself, not only in the route', async () => {
    for (const bad of ['../secret.txt', 'a/../../secret.txt', 'a//b.png', './x.png', 'a\\b.png']) {
      expect(await t.app.storage.open(bad), bad).toBeNull();
    }
  });
});

describe('storage:migrate', () => {
  let root: string;
  const files: Record<string, Buffer> = {
    'profiles/2026-01/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png': PNG,
    'excavators/2026-02/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.png': Buffer.concat([PNG, Buffer.from('b')]),
    'inventory/2026-03/cccccccccccccccccccccccccccccccc.png': Buffer.concat([PNG, Buffer.from('cc')]),
  };
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetpilot-migrate-'));
    for (const [rel, data] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      fs.writeFileSync(path.join(root, rel), data);
    }
    // A file still being written when the command ran is not an upload yet.
    fs.writeFileSync(path.join(root, 'profiles/2026-01/.dddd.png.partial-1234'), 'half');
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('copies every finished file, then skips what is already there and rewrites what differs', async () => {
    const target = createS3Storage(storageConfig(`s3://${BUCKET}/migrated?endpoint=${endpoint}`));
    const seen: MigrationProgress[] = [];
    const first = await migrateUploads({ localRoot: root, target, onProgress: (p) => seen.push(p) });
    expect(first).toMatchObject({ total: 3, copied: 3, skipped: 0 });
    expect(seen.map((p) => p.done).sort()).toEqual([1, 2, 3]);
    expect(await objectKeys('migrated/')).toEqual(
      Object.keys(files)
        .map((k) => `migrated/${k}`)
        .sort(),
    );
    for (const [rel, data] of Object.entries(files)) {
      expect((await readStoredFile(target, rel))?.equals(data)).toBe(true);
    }

    // Interrupted run: one object missing, one cut short (same key, other bytes) — only those two go.
    const [lost, damaged] = Object.keys(files) as [string, string];
    await target.remove(lost);
    await client.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: `migrated/${damaged}`, Body: PNG.subarray(0, 10) }),
    );
    const second = await migrateUploads({ localRoot: root, target });
    expect(second).toMatchObject({ total: 3, copied: 2, skipped: 1 });
    expect((await readStoredFile(target, damaged))?.equals(files[damaged]!)).toBe(true);
    expect(await migrateUploads({ localRoot: root, target })).toMatchObject({ copied: 0, skipped: 3 });
    target.client.destroy();
  });

  it('runs as npm run storage:migrate and prints its progress', async () => {
    const env = {
      ...process.env,
      DATA_DIR: path.dirname(root),
      STORAGE_URL: `s3://${BUCKET}/cli?endpoint=${endpoint}&region=eu-central-1`,
      AWS_ACCESS_KEY_ID: KEYS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
    };
    const run = () =>
      new Promise<{ code: number | null; out: string }>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', 'src/server/cli/storage-migrate.ts', '--from', root],
          { env, stdio: ['ignore', 'pipe', 'pipe'] },
        );
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.on('error', reject);
        child.on('close', (code) => resolve({ code, out }));
      });
    const first = await run();
    expect(first.code, first.out).toBe(0);
    expect(first.out).toContain('3/3 files: 3 copied, 0 already there');
    expect(first.out).toContain('Done: 3 files, 3 copied');
    const again = await run();
    expect(again.out).toContain('Done: 3 files, 0 copied (0 bytes), 3 already in the bucket.');
  }, 60_000);
});
