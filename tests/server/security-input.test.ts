import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/server/app';
import { hashPassword } from '@/server/bootstrap';
import { ADMIN_PASSWORD, createTestDatabase, login, testConfig } from './support/helpers';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '@/server/db/client';

/** Every log line the app writes, for checks that no secret ever reaches it. */
const logLines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _enc, done) {
    logLines.push(chunk.toString());
    done();
  },
});

let app: FastifyInstance;
let db: DatabaseHandle;
let adminToken: string;
let leakedHash: string;
const LEAKED_TOKEN = 'tok_5ecret_value_in_params';

beforeAll(async () => {
  db = await createTestDatabase();
  app = await buildApp(testConfig(), { database: db, logger: { level: 'info', stream: capture } });
  leakedHash = await hashPassword('some-password-123');
  // A route that fails the way a driver does: drizzle's error names the statement and its values.
  app.get('/api/test-only/db-failure', async (request) => {
    const kind = (request.query as { kind?: string }).kind;
    const cause = Object.assign(new Error(kind === 'input' ? 'invalid byte sequence' : 'connection lost'), {
      code: kind === 'input' ? '22021' : '08006',
    });
    throw new DrizzleQueryError('insert into users values ($1, $2)', [leakedHash, LEAKED_TOKEN], cause);
  });
  await app.ready();
  adminToken = await login(app, 'admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await app.close();
  await db.close();
});

const auth = () => ({ 'x-auth-token': adminToken });

describe('the shared text rule', () => {
  it('answers 400, not 500, to a NUL byte in the anonymous sign-in', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'adm\u0000in', password: 'whatever-1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { fields: { username: ['Text must not contain control characters'] } },
    });
  });

  it('refuses control characters in nested bodies, object keys, query strings and path parameters', async () => {
    const nested = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: auth(),
      payload: { username: 'fine.name', password: 'password-123', role: 'operator', name: 'A\u0007B' },
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().details.fields).toHaveProperty('name');
    const query = await app.inject({ url: '/api/users?q=%00', headers: auth() });
    expect(query.statusCode).toBe(400);
    const param = await app.inject({ url: '/api/users/%1B', headers: auth() });
    expect(param.statusCode).toBe(400);
  });

  it('keeps tab, line feed and carriage return, which real text contains', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: auth(),
      payload: {
        username: 'tabbed.user',
        password: 'password-123',
        role: 'operator',
        department: 'North\tyard\r\nsecond line',
      },
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('database errors', () => {
  it('answers 400 when the database refuses the input, and 500 without internals otherwise', async () => {
    const bad = await app.inject({ url: '/api/test-only/db-failure?kind=input', headers: auth() });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).not.toContain(LEAKED_TOKEN);
    const broken = await app.inject({ url: '/api/test-only/db-failure?kind=down', headers: auth() });
    expect(broken.statusCode).toBe(500);
    expect(broken.json()).toEqual({ message: 'Internal server error', code: 'INTERNAL' });
  });
});

describe('the log', () => {
  it('never carries statement parameters, passwords, hashes, tokens or query strings', async () => {
    const secretQuery = 'querysecret0123456789';
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'admin', password: 'wrong-password-xyz' },
    });
    await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: auth(),
      payload: { username: 'logged.user', password: 'created-password-9', role: 'operator' },
    });
    await app.inject({ url: `/api/users?q=${secretQuery}`, headers: auth() });
    await app.inject({ url: '/api/test-only/db-failure?kind=down', headers: auth() });
    await app.inject({ url: '/api/test-only/db-failure?kind=input', headers: auth() });
    const log = logLines.join('');
    // The failures were logged at all, so the checks below look at real lines.
    expect(log).toContain('unhandled error');
    expect(log).toContain('connection lost');
    for (const secret of [
      leakedHash,
      '$argon2',
      LEAKED_TOKEN,
      adminToken,
      ADMIN_PASSWORD,
      'wrong-password-xyz',
      'created-password-9',
      secretQuery,
    ]) {
      expect(log, `log contains ${secret}`).not.toContain(secret);
    }
  });

  it('holds one line per answered request, with its method, path, status and time', async () => {
    const before = logLines.length;
    const res = await app.inject({ url: '/api/auth/me?probe=1', headers: auth() });
    expect(res.statusCode).toBe(200);
    const lines = logLines.slice(before).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    const [line] = lines as [Record<string, unknown>];
    expect(line.msg).toBe('request completed');
    expect(line.level).toBe(30);
    expect(line.req).toMatchObject({ method: 'GET', url: '/api/auth/me' });
    expect(line.res).toMatchObject({ statusCode: 200 });
    expect(typeof line.responseTime).toBe('number');
  });
});
