import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_PRELOAD_SCRIPT, SESSION_PRELOAD_SCRIPTS } from '@/domain/session-preload';
import { buildApp } from '@/server/app';
import { SERVER_VERSION } from '@/server/modules/health/routes';
import { createTestApp, createTestDatabase, testConfig, type TestApp } from './support/helpers';

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div><!-- fleetpilot shell --></body></html>';
const ASSET = 'assets/index-3f9a2c1b.js';

/** A built client as Vite leaves it: index.html, hashed assets, service worker and manifest. */
function makeClientDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetpilot-client-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(dir, ASSET), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  fs.writeFileSync(path.join(dir, 'service-worker.js'), 'self.addEventListener("fetch", () => {});');
  fs.writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"FleetPilot"}');
  return dir;
}

let t: TestApp;
let clientDir: string;

beforeAll(async () => {
  clientDir = makeClientDir();
  t = await createTestApp({ clientDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('security headers', () => {
  it('sends a CSP the PWA works under and the usual hardening headers', async () => {
    const res = await t.app.inject({
      url: '/',
      headers: { accept: 'text/html', host: 'fleet.example:3000' },
    });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    // Our own files and the page's one inline script, by the hash of its exact text (the current text
    // and the previous build's); no other inline script.
    const hash = (script: string) =>
      `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
    expect(SESSION_PRELOAD_SCRIPTS[0]).toBe(SESSION_PRELOAD_SCRIPT);
    expect(csp).toContain(`script-src 'self' ${SESSION_PRELOAD_SCRIPTS.map(hash).join(' ')};`);
    // The text builds wrote before the sign-in page had a list, which a stored page may still carry.
    expect(csp).toContain("'sha256-yQT7yE9ZbN524AZUKqKLE1KprCMk4sW2l2OTJrenYio='");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("connect-src 'self' ws://fleet.example:3000 wss://fleet.example:3000");
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('same-origin');
  });

  it('sends them on API answers too, and never echoes a forged Host into the CSP', async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { host: 'evil.example; script-src *' } });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('evil.example');
    expect(csp).not.toContain('script-src *');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('static PWA', () => {
  it('caches hashed assets for a year', async () => {
    const res = await t.app.inject({ url: `/${ASSET}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never caches index.html, the service worker or the manifest without asking', async () => {
    for (const url of ['/', '/index.html', '/service-worker.js', '/manifest.webmanifest']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers client-side routes with index.html', async () => {
    const res = await t.app.inject({
      url: '/excavators/0190a1b2-aaaa-7bbb-8ccc-123456789abc?tab=reports',
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(INDEX_HTML);
    const head = await t.app.inject({ method: 'HEAD', url: '/excavators', headers: { accept: 'text/html' } });
    expect(head.statusCode).toBe(200);
  });

  it('does not answer a missing asset or a non-page request with the shell', async () => {
    const asset = await t.app.inject({ url: '/assets/gone-12345678.js', headers: { accept: 'text/html' } });
    expect(asset.statusCode).toBe(404);
    expect(asset.json()).toMatchObject({ code: 'NOT_FOUND' });
    const data = await t.app.inject({ url: '/excavators', headers: { accept: 'application/json' } });
    expect(data.statusCode).toBe(404);
    const post = await t.app.inject({ method: 'POST', url: '/excavators', headers: { accept: 'text/html' } });
    expect(post.statusCode).toBe(404);
  });

  it('does not serve files outside the client directory', async () => {
    const res = await t.app.inject({ url: '/../package.json', headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('"dependencies"');
  });
});

describe('unknown paths', () => {
  it('answers an unknown /api path with a 404 in the API error shape, even for a browser', async () => {
    for (const [method, url] of [
      ['GET', '/api/no-such-thing'],
      ['POST', '/api/auth/no-such-thing'],
      ['DELETE', '/api'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ message: `Route ${method} ${url} not found`, code: 'NOT_FOUND' });
    }
  });

  it('never answers /uploads or /socket.io paths with the shell', async () => {
    for (const url of ['/uploads/nothing-here.png', '/socket.io/']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('fleetpilot shell');
    }
  });
});

describe('compression', () => {
  it('compresses a large JSON answer for clients that accept it', async () => {
    const plain = await t.app.inject({ url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const gzip = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    const br = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });

  it('compresses static files too', async () => {
    const res = await t.app.inject({ url: `/${ASSET}`, headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toContain('console.log');
  });
});

describe('GET /api/health', () => {
  it('answers without a token', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', version: SERVER_VERSION });
    expect(SERVER_VERSION).toMatch(/^\d+\.\d+\.\d+/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('reports a database that does not answer as degraded (503)', async () => {
    const db = await createTestDatabase();
    const config = testConfig();
    const app = await buildApp(config, { database: db, logger: false });
    await app.ready();
    try {
      await db.close();
      const res = await app.inject({ url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'degraded', database: 'down', version: SERVER_VERSION });
    } finally {
      await app.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    }
  });
});

describe('OpenAPI', () => {
  it('serves the generated document and the UI without a token', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.version).toBe(SERVER_VERSION);
    const login = doc.paths['/api/auth/login'].post;
    expect(login.requestBody.content['application/json'].schema.properties).toHaveProperty('password');
    expect(login.security).toEqual([]);
    expect(doc.paths['/api/auth/me'].get.responses['200']).toBeDefined();
    expect(doc.paths['/api/auth/me'].get.security).toBeUndefined();
    expect(doc.security).toEqual([{ token: [] }, { bearer: [] }]);
    expect(doc.paths['/api/health'].get.security).toEqual([]);
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/api/docs'))).toBe(false);

    const ui = await t.app.inject({ url: '/api/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger-ui');
    const script = await t.app.inject({ url: '/api/docs/static/swagger-initializer.js' });
    expect(script.statusCode).toBe(200);
  });

  it("gives the docs a policy without the app's inline script, websocket and blob sources", async () => {
    const res = await t.app.inject({ url: '/api/docs', headers: { host: 'fleet.example' } });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toContain('ws://');
  });
});

describe('server errors', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const db = await createTestDatabase();
    const config = testConfig({ clientDir: path.join(os.tmpdir(), 'fleetpilot-no-client-here') });
    app = await buildApp(config, { database: db, logger: false });
    // Routes added before ready() get every hook of the real app.
    app.get('/api/test/boom', { config: { access: 'public' } }, async () => {
      throw new Error('connect ECONNREFUSED postgres://fleet:s3cret@db.internal:5432/fleet');
    });
    await app.ready();
    close = async () => {
      await app.close();
      await db.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    };
  });
  afterAll(async () => close());

  it('answers a 5xx without internals', async () => {
    const res = await app.inject({ url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal server error', code: 'INTERNAL' });
    expect(res.body).not.toMatch(/s3cret|ECONNREFUSED|stack/);
    expect(res.headers['content-security-policy']).toBeDefined();
  });

  it('answers app paths with 503 and what to do when the web app is not built', async () => {
    const res = await app.inject({ url: '/excavators', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(res.json().message).toContain('npm run build');
    const root = await app.inject({ url: '/' });
    expect(root.statusCode).toBe(503);
    const api = await app.inject({ url: '/api/nothing' });
    expect(api.statusCode).toBe(404);
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});
