import { Writable } from 'node:stream';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/server/app';
import type { DatabaseHandle } from '@/server/db/client';
import type { FastifyInstance } from 'fastify';
import { hostileValue, parameterValue, validValue, type JsonSchema } from './fuzz/arbitraries';
import {
  ADMIN_PASSWORD,
  createTestDatabase,
  createUser,
  login,
  testConfig,
  type TestApp,
} from './support/helpers';

/*
 * Every route of the OpenAPI document, with requests generated from its own schemas — valid values at
 * their edges, and hostile ones (control characters, overlong and odd Unicode, wrong types, deep
 * nesting, huge arrays) — sent anonymously and as each role. Whatever arrives, the server answers
 * without a 5xx, with a status code the document declares for the route and a body its schema for
 * that status allows, and neither its answers nor its log carry a secret (passwords, tokens, the
 * stored SMTP password and AI key).
 * FUZZ_RUNS sets the number of generated requests per route and role (default 1 keeps `npm test` short; deep runs set more).
 */

const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 1) || 1);
const ROLES = ['admin', 'manager', 'operator', 'dispo', 'viewer'] as const;
/** Routes that start long-running jobs or replace the whole database: covered by their own tests. */
const SKIPPED = [/^POST \/api\/backups/, /^\w+ \/api\/backups\/.*restore/];

interface Operation {
  method: string;
  path: string;
  pathParams: Array<[string, JsonSchema]>;
  query: Array<[string, JsonSchema, boolean]>;
  body: JsonSchema | null;
  responses: Record<string, DeclaredResponse>;
}

interface DeclaredResponse {
  content?: Record<string, { schema?: JsonSchema }>;
}

const logLines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _enc, done) {
    logLines.push(chunk.toString());
    done();
  },
});

let app: FastifyInstance;
let db: DatabaseHandle;
const tokens: Record<string, string> = {};
const secrets: string[] = [ADMIN_PASSWORD];
let operations: Operation[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  const config = testConfig({ anonymousRateLimit: 1_000_000, loginMaxAttempts: 1000 });
  app = await buildApp(config, {
    database: db,
    logger: { level: 'info', stream: capture },
    notificationChannels: { background: false },
    backups: { controlSocket: false, scheduleTimer: false },
  });
  await app.ready();
  const t: TestApp = { app, db, config, close: async () => undefined };
  tokens.admin = await login(app, 'admin', ADMIN_PASSWORD);
  for (const role of ROLES.filter((r) => r !== 'admin')) {
    const password = `fuzz-${role}-Secret-9`;
    secrets.push(password);
    tokens[role] = (await createUser(t, { username: `fuzz-${role}`, role, password })).token;
  }
  secrets.push(...Object.values(tokens));
  // Stored secrets of outbound destinations: no answer and no log line may ever carry them.
  const stored = { smtp: 'fuzz-Smtp-Secret-77', ai: 'sk-fuzz-Ai-Secret-88' };
  const put = (url: string, payload: object) =>
    app.inject({ method: 'PUT', url, headers: { 'x-auth-token': tokens.admin! }, payload });
  const channels = await put('/api/notification-channels', {
    email: {
      host: 'smtp.example.test',
      port: 587,
      security: 'starttls',
      user: 'fleet',
      password: stored.smtp,
    },
  });
  expect(channels.statusCode, channels.body).toBe(200);
  const ai = await put('/api/ai/admin/config', {
    ai: { baseUrl: 'http://127.0.0.1:9/v1', apiKey: stored.ai, chatModel: 'fleet-chat', enabled: false },
  });
  expect(ai.statusCode, ai.body).toBe(200);
  secrets.push(stored.smtp, stored.ai);

  const doc = (await app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Array<{ in: string; name: string; required?: boolean; schema?: JsonSchema }>;
          requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
          responses?: Record<string, DeclaredResponse>;
        }
      >
    >;
  };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        pathParams: (op.parameters ?? [])
          .filter((p) => p.in === 'path')
          .map((p) => [p.name, p.schema ?? { type: 'string' }] as [string, JsonSchema]),
        query: (op.parameters ?? [])
          .filter((p) => p.in === 'query')
          .map(
            (p) => [p.name, p.schema ?? { type: 'string' }, !!p.required] as [string, JsonSchema, boolean],
          ),
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
        responses: op.responses ?? {},
      }))
      .filter((op) => !SKIPPED.some((re) => re.test(`${op.method} ${op.path}`))),
  );
}, 180_000);

afterAll(async () => {
  await app?.close();
  await db?.close();
});

function requestFor(op: Operation) {
  const params = fc.tuple(...op.pathParams.map(([, schema]) => parameterValue(schema)));
  const query = fc.tuple(
    ...op.query.map(([, schema, required]) =>
      required
        ? parameterValue(schema).map((v) => v as string | undefined)
        : fc.option(parameterValue(schema), { nil: undefined }),
    ),
  );
  const body = op.body
    ? fc.oneof(validValue(op.body), hostileValue(op.body), fc.constant(undefined))
    : fc.option(fc.jsonValue({ maxDepth: 2 }), { nil: undefined });
  return fc.record({
    role: fc.constantFrom<'anonymous' | (typeof ROLES)[number]>('anonymous', ...ROLES),
    params,
    query,
    body,
    address: fc.ipV4(),
  });
}

const wellFormed = (text: string) =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** 5xx a route answers by design: an external service that is not configured or not reachable. */
const DESIGNED_UNAVAILABLE = (status: number, code: unknown) =>
  status === 503 && typeof code === 'string' && code !== 'INTERNAL';

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
/** By the schema's text: most routes share the same error body schema, compiled once. */
const validators = new Map<string, ValidateFunction>();
/** Statuses whose JSON bodies were held against a declared schema, so the check cannot pass idly. */
const validatedStatuses = new Map<number, number>();

/**
 * What the document says about an answer: its status must be declared for the route (exactly, as a
 * range like `4XX`, or as `default`), and a JSON body must fit that status's declared JSON schema.
 * Returns the disagreement, or null.
 */
function undeclared(op: Operation, status: number, contentType: string, body: string): string | null {
  const declared =
    op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`] ?? op.responses.default;
  if (!declared) {
    return `answered ${status}, which the document does not declare (${Object.keys(op.responses).join(', ')})`;
  }
  if (!contentType.startsWith('application/json') || !declared.content) return null;
  const schema = declared.content['application/json']?.schema;
  if (!schema) {
    return `answered ${status} with JSON, declared as ${Object.keys(declared.content).join(', ')}`;
  }
  const key = JSON.stringify(schema);
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(key, validate);
  }
  validatedStatuses.set(status, (validatedStatuses.get(status) ?? 0) + 1);
  if (validate(JSON.parse(body))) return null;
  return `the ${status} body does not match its schema: ${ajv.errorsText(validate.errors, { separator: '; ' }).slice(0, 400)}`;
}

async function checkRoute(op: Operation, failures: string[]) {
  try {
    await fc.assert(
      fc.asyncProperty(requestFor(op), async (req) => {
        let url = op.path;
        op.pathParams.forEach(([name], i) => {
          // A lone surrogate has no UTF-8 form, so no client could put it in a path.
          url = url.replace(`{${name}}`, encodeURIComponent(wellFormed(req.params[i] as string)));
        });
        const search = new URLSearchParams();
        op.query.forEach(([name], i) => {
          const value = req.query[i];
          if (value !== undefined) search.set(name, value as string);
        });
        if ([...search].length) url += `?${search.toString()}`;
        const headers: Record<string, string> = {};
        if (req.role !== 'anonymous') headers['x-auth-token'] = tokens[req.role]!;
        const hasBody = req.body !== undefined && op.method !== 'GET' && op.method !== 'DELETE';
        const res = await app.inject({
          method: op.method as 'GET',
          url,
          headers,
          remoteAddress: req.address,
          ...(hasBody && {
            payload: JSON.stringify(req.body),
            headers: { ...headers, 'content-type': 'application/json' },
          }),
        });
        const where = `${op.method} ${url.slice(0, 200)} as ${req.role} → ${res.statusCode} ${JSON.stringify(res.body.slice(0, 200))}`;
        const code = res.statusCode >= 400 ? (res.json() as { code?: unknown }).code : undefined;
        if (!DESIGNED_UNAVAILABLE(res.statusCode, code)) {
          expect(res.statusCode, where).toBeLessThan(500);
        }
        for (const secret of secrets) {
          if (res.body.includes(secret)) throw new Error(`${where}: the answer carries a stored secret`);
        }
        if (res.statusCode >= 400) {
          const body = res.json() as { message?: unknown; code?: unknown };
          expect(typeof body.message, where).toBe('string');
          expect(typeof body.code, where).toBe('string');
        }
        const mismatch = undeclared(op, res.statusCode, String(res.headers['content-type'] ?? ''), res.body);
        if (mismatch) throw new Error(`${where}: ${mismatch}`);
      }),
      { numRuns: RUNS * (ROLES.length + 1), seed: Number(process.env.FUZZ_SEED ?? 21), endOnFailure: true },
    );
  } catch (err) {
    // The property's own message names the request and the disagreement; fast-check's wrapper
    // adds the (possibly huge) generated value, which is cut short.
    const cause = (err as Error).cause;
    const reason = cause instanceof Error ? cause.message.split('\n')[0] : '';
    failures.push(
      `${op.method} ${op.path}: ${reason} | ${String((err as Error).message)
        .split('\n')
        .slice(0, 3)
        .join(' | ')
        .slice(0, 300)}`,
    );
  }
}

describe('fuzzing every OpenAPI route', () => {
  it('found the routes', () => {
    expect(operations.length).toBeGreaterThan(50);
  });

  it('answers every generated request without a 5xx, as the document declares', async () => {
    const failures: string[] = [];
    for (const op of operations) {
      await checkRoute(op, failures);
    }
    expect(failures).toEqual([]);
    const successes = [...validatedStatuses].filter(([status]) => status < 300);
    expect(successes.reduce((n, [, count]) => n + count, 0)).toBeGreaterThan(20);
    expect(validatedStatuses.get(400)).toBeGreaterThan(20);
  }, 1_800_000);

  it('wrote no password, token or hash to the log', () => {
    const log = logLines.join('');
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain('$argon2');
    for (const secret of secrets) expect(log.includes(secret), 'a secret is in the log').toBe(false);
  });
});
