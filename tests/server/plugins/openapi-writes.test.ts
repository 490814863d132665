import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMirroredWrite, isRecordWrite } from '@/server/plugins/openapi-writes';
import { createTestApp, type TestApp } from '../support/helpers';

/*
 * The OpenAPI document tells clients what every write of a mirrored collection takes and answers:
 * Idempotency-Key, If-Match on changes to one record, the ETag, and the error answers with the shared
 * error body.
 */

interface Operation {
  parameters?: Array<{ in: string; name: string }>;
  responses?: Record<
    string,
    { headers?: Record<string, unknown>; content?: Record<string, { schema?: { properties?: object } }> }
  >;
}

let t: TestApp;
let paths: Record<string, Record<string, Operation>>;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  paths = (res.json() as { paths: typeof paths }).paths;
}, 180_000);
afterAll(async () => t?.close());

describe('OpenAPI of mirrored writes', () => {
  it('declares Idempotency-Key, X-Occurred-At, If-Match, ETag and the error answers on every write', () => {
    const writes = Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => isMirroredWrite(path, method))
        .map(([method, op]) => ({ path, method, op })),
    );
    // Every mirrored collection is covered, with its create, update and delete.
    for (const route of ['post /api/excavators', 'put /api/reports/{id}', 'delete /api/inventory/{id}']) {
      expect(writes.map((w) => `${w.method} ${w.path}`)).toContain(route);
    }
    expect(writes.some((w) => w.path.startsWith('/api/betriebstagebuch/'))).toBe(true);
    expect(writes.some((w) => w.path.startsWith('/api/containers/assignments'))).toBe(true);

    const missing: string[] = [];
    for (const { path, method, op } of writes) {
      const where = `${method.toUpperCase()} ${path}`;
      const header = (name: string) =>
        (op.parameters ?? []).some((p) => p.in === 'header' && p.name.toLowerCase() === name);
      if (!header('idempotency-key')) missing.push(`${where}: Idempotency-Key`);
      if (!header('x-occurred-at')) missing.push(`${where}: X-Occurred-At`);
      if (isRecordWrite(path, method) && !header('if-match')) missing.push(`${where}: If-Match`);
      const responses = op.responses ?? {};
      const ok = Object.entries(responses).filter(([status]) => /^2\d\d$/.test(status) && status !== '204');
      if (method !== 'delete') {
        for (const [status, response] of ok)
          if (!response.headers?.ETag) missing.push(`${where}: ETag on ${status}`);
      }
      for (const status of ['400', '401', '403', '409', '429']) {
        const schema = responses[status]?.content?.['application/json']?.schema;
        if (!schema?.properties || !('code' in schema.properties) || !('message' in schema.properties))
          missing.push(`${where}: ${status} with the error body`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('answers 405 naming the allowed methods for a known path asked with another method', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: '/api/settings' });
    expect(res.statusCode).toBe(405);
    expect(res.json()).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
    expect(res.headers.allow).toContain('GET');
  });
});

describe('OpenAPI error answers of the shared pipeline', () => {
  const errorBodyOf = (op: Operation, status: string) =>
    op.responses?.[status]?.content?.['application/json']?.schema?.properties;

  it('declares 400 everywhere, 401 on every route that needs a token, 403 where roles or flags gate it', () => {
    const missing: string[] = [];
    for (const [path, methods] of Object.entries(paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const where = `${method.toUpperCase()} ${path}`;
        const isPublic = Array.isArray((op as { security?: unknown[] }).security);
        const wanted = ['400', ...(isPublic ? [] : ['401'])];
        if (path.includes('{')) wanted.push('404');
        if (method !== 'get') wanted.push('413', '415');
        for (const status of wanted) {
          const body = errorBodyOf(op, status);
          if (!body || !('code' in body)) missing.push(`${where}: ${status}`);
        }
      }
    }
    expect(missing).toEqual([]);
    // Role-gated and flag-gated routes say so; sign-in, open to everyone, has no 403.
    expect(errorBodyOf(paths['/api/users']!.get!, '403')).toBeDefined();
    expect(errorBodyOf(paths['/api/inventory/tags']!.get!, '403')).toBeDefined();
    expect(paths['/api/auth/login']!.post!.responses?.['403']).toBeUndefined();
    expect(errorBodyOf(paths['/api/auth/login']!.post!, '429')).toBeDefined();
  });

  it('declares a file download’s errors as JSON and keeps its success answer', () => {
    const exportOp = paths['/api/inventory/export']!.get!;
    expect(exportOp.responses?.['200']).toBeDefined();
    expect(Object.keys(exportOp.responses?.['400']?.content ?? {})).toEqual(['application/json']);
  });
});
