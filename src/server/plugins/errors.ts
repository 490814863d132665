import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import type { ApiErrorBody } from '@/domain/errors';
import { keyedIssues } from '@/domain/fields';
import { CONTROL_CHARACTER_MESSAGE, findForbiddenText, MAX_BODY_DEPTH, nestsDeeperThan } from '@/domain/text';
import { HttpError } from '../http-error';

/**
 * Field → English messages (the shape API clients read), and the same issues as i18n keys with
 * params, so the app shows a server-side rejection in its user's language.
 */
function fieldDetails(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>) {
  const fields: Record<string, string[]> = {};
  const keyed = keyedIssues(issues);
  for (const issue of keyed) (fields[issue.path] ??= []).push(issue.english);
  return { fields, issues: keyed.map(({ path, key, params }) => ({ path, key, params })) };
}

/**
 * The PostgreSQL error behind a failed statement (drivers and drizzle wrap it differently), when its
 * SQLSTATE says the input was at fault: data exceptions (22…: bad encoding, out of range, invalid
 * text for a type), integrity violations (23…) and program limits (54…: a value too large to index).
 */
export function badInputDatabaseError(err: unknown): { status: 400 | 409 } | null {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) continue;
    if (code === '23505') return { status: 409 };
    if (code.startsWith('22') || code.startsWith('23') || code.startsWith('54')) return { status: 400 };
  }
  return null;
}

/**
 * Errors Fastify meets before any route runs — a path that is not valid percent-encoding, a path
 * parameter longer than the router takes — answered with the shared error body like every other
 * error, instead of Fastify's own shape (which also repeats the path back). Passed to Fastify as
 * `frameworkErrors`.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const body: ApiErrorBody =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? { message: 'A path parameter is too long', code: 'BAD_REQUEST' }
      : error.code === 'FST_ERR_BAD_URL'
        ? { message: 'The path is not a valid URL', code: 'BAD_REQUEST' }
        : { message: 'Bad request', code: 'BAD_REQUEST' };
  void reply.status(400).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(body));
}

/**
 * One error handler: 4xx keep their message, 5xx are logged with the request and answered without
 * internals.
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** The methods some route answers for this path (to tell 405 from 404). */
    allowedMethods(path: string): string[];
  }
}

/** A route pattern (`/api/users/:id`) as a regular expression over concrete paths. */
function patternOf(url: string): RegExp {
  const escaped = url
    .split('/')
    .map((part) => {
      if (part.startsWith(':')) return '[^/]+';
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${escaped}/?$`);
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  const routes: Array<{ methods: string[]; pattern: RegExp }> = [];
  app.addHook('onRoute', (route) => {
    // Catch-all routes (static files, docs assets) would make every path "known".
    if (route.url.includes('*')) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map(String);
    routes.push({ methods, pattern: patternOf(route.url) });
  });
  app.decorate('allowedMethods', (path: string) => [
    ...new Set(routes.filter((r) => r.pattern.test(path)).flatMap((r) => r.methods)),
  ]);

  // The shared text rule for every route at once: no string anywhere in the body, query or path
  // parameters may carry NUL or other control characters. A synchronous hook: an async one would cost
  // every request a promise for a check that never waits.
  app.addHook('preValidation', (request, _reply, done) => done(forbiddenInput(request) ?? undefined));

  app.setErrorHandler((error: FastifyError, request, reply) => {
    let body: ApiErrorBody;
    let status: number;
    if (error instanceof HttpError) {
      status = error.status;
      body = {
        message: error.message,
        code: error.code,
        ...(error.details !== undefined && { details: error.details }),
      };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      const issues = error.validation.map((v) => ({
        path: [
          ...(error.validationContext && error.validationContext !== 'body' ? [error.validationContext] : []),
          ...(v.instancePath || '').split('/').filter(Boolean),
        ],
        message: v.message ?? 'Invalid value',
      }));
      body = { message: 'Validation failed', code: 'VALIDATION_FAILED', details: fieldDetails(issues) };
    } else if (error instanceof ZodError) {
      status = 400;
      body = { message: 'Validation failed', code: 'VALIDATION_FAILED', details: fieldDetails(error.issues) };
    } else if (isResponseSerializationError(error)) {
      status = 500;
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      body = { message: 'Internal server error', code: 'INTERNAL' };
    } else if (
      error.statusCode === 413 ||
      error.code === 'FST_REQ_FILE_TOO_LARGE' ||
      error.code === 'FST_FILES_LIMIT'
    ) {
      status = 413;
      body = { message: 'The upload is too large', code: 'PAYLOAD_TOO_LARGE' };
    } else if (error.statusCode === 415) {
      status = 415;
      body = { message: 'Unsupported content type', code: 'UNSUPPORTED_MEDIA_TYPE' };
    } else if (error.statusCode === 429) {
      status = 429;
      body = { message: 'Too many requests. Please wait a moment and try again.', code: 'RATE_LIMITED' };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = { message: error.message, code: status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST' };
    } else if (badInputDatabaseError(error)) {
      status = badInputDatabaseError(error)!.status;
      request.log.info({ err: error }, 'database refused the input');
      body =
        status === 409
          ? { message: 'This conflicts with an existing record', code: 'CONFLICT' }
          : { message: 'The database refused this value', code: 'BAD_REQUEST' };
    } else {
      status = 500;
      request.log.error({ err: error }, 'unhandled error');
      body = { message: 'Internal server error', code: 'INTERNAL' };
    }
    if (status >= 500 && error instanceof HttpError) request.log.error({ err: error }, 'server error');
    return reply.status(status).send(body);
  });
});

/** The shared text rule's verdict on a request: the 400 to answer, or null when the input is clean. */
function forbiddenInput(request: FastifyRequest): HttpError | null {
  if (nestsDeeperThan(request.body, MAX_BODY_DEPTH)) {
    return new HttpError('VALIDATION_FAILED', `Nested deeper than ${MAX_BODY_DEPTH} levels`, {
      fields: { _: [`Nested deeper than ${MAX_BODY_DEPTH} levels`] },
    });
  }
  for (const [part, value] of [
    ['body', request.body],
    ['querystring', request.query],
    ['params', request.params],
  ] as const) {
    const hit = findForbiddenText(value);
    if (hit === null) continue;
    const field = part === 'body' ? hit || '_' : [part, hit].filter(Boolean).join('.');
    return new HttpError('VALIDATION_FAILED', 'Validation failed', {
      fields: { [field]: [CONTROL_CHARACTER_MESSAGE] },
    });
  }
  return null;
}
