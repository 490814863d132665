import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_CSP_DIRECTIVES } from '@/server/plugins/docs';
import { APP_CSP_DIRECTIVES, SECURITY_HEADERS } from '@/server/plugins/security';
import { createTestApp, type TestApp } from '../support/helpers';

/**
 * The app sets its security headers itself, computed once, instead of through @fastify/helmet, which
 * rebuilt them on every request. This holds them to what helmet sends for the same configuration — the
 * one the app used before — for API answers, errors, unknown paths and the docs' own policy, and for
 * Host headers that are and are not echoed into the CSP.
 */

/** helmet as the app had it configured. */
async function helmetReference(): Promise<FastifyInstance> {
  const ref = Fastify({ logger: false });
  await ref.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: APP_CSP_DIRECTIVES },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: false },
  });
  ref.get('/api/health', async () => ({ ok: true }));
  ref.get('/api/boom', async () => {
    throw new Error('boom');
  });
  ref.get('/api/docs', {
    helmet: { contentSecurityPolicy: { useDefaults: false, directives: DOCS_CSP_DIRECTIVES } },
    handler: async () => 'docs',
  });
  await ref.ready();
  return ref;
}

/** What a plain Fastify answer has without any security plugin. */
const PLAIN = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

function securityHeaders(res: LightMyRequestResponse, names: string[]): Record<string, unknown> {
  return Object.fromEntries(names.map((name) => [name, res.headers[name]]));
}

const HOSTS = [
  'fleet.example:3000',
  'localhost',
  '192.168.1.20:8080',
  '[::1]:3000',
  'evil.example; script-src *',
  'evil.example, other',
  '',
];

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let t: TestApp;
let ref: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  ref = await helmetReference();
});
afterAll(async () => {
  await ref.close();
  await t.close();
});

describe('security headers against helmet', () => {
  it.each(HOSTS)('are the same as helmet sends on every kind of answer (Host %j)', async (host) => {
    const cases: Array<[string, string]> = [
      ['/api/health', '/api/health'],
      ['/api/boom', '/api/auth/me'], // helmet's 500 against the app's 401: both are error answers
      ['/api/nothing-here', '/api/nothing-here'],
      ['/nothing-here', '/nothing-here'],
      ['/api/docs', '/api/docs'],
    ];
    for (const [refUrl, appUrl] of cases) {
      const expected = await ref.inject({ url: refUrl, headers: { host } });
      const names = Object.keys(expected.headers).filter((name) => !PLAIN.has(name));
      expect(names).toContain('content-security-policy');
      const actual = await t.app.inject({ url: appUrl, headers: { host } });
      expect(securityHeaders(actual, names), `${appUrl} with Host ${JSON.stringify(host)}`).toEqual(
        securityHeaders(expected, names),
      );
      expect(actual.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('lists every header helmet sets besides the CSP', async () => {
    const expected = await ref.inject({ url: '/api/health' });
    const names = Object.keys(expected.headers).filter(
      (name) => !PLAIN.has(name) && name !== 'content-security-policy',
    );
    expect(SECURITY_HEADERS.map(([name]) => name.toLowerCase()).sort()).toEqual(names.sort());
  });

  it('leaves a route free to send its own policy, with the other headers kept', async () => {
    const stored = await t.app.storage.put('profiles', PNG, 'png');
    const res = await t.app.inject({ url: `/uploads/${stored}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
    );
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
