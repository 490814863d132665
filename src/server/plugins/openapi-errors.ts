import { z } from 'zod';
import { featureForApiPath } from '@/domain/features';
import { errorBodySchema } from '../modules/auth/schemas';

/**
 * Error answers that come from the shared request pipeline rather than from a route's handler, so
 * no route lists them itself: validation and the text rule (errors plugin), the sign-in and role
 * gates and feature flags (access plugin), body limits and content types (Fastify), and the
 * anonymous rate limit. Each is declared on exactly the routes that can give it.
 */
const COMMON_ERRORS = {
  badInput: [
    '400',
    'Invalid input: a value the schema refuses, a control character, nesting too deep, or a value the database refuses',
  ],
  unauthenticated: ['401', 'Not signed in, or the session was revoked'],
  forbidden: ['403', 'Not allowed for this role, or the feature is switched off'],
  notFound: ['404', 'No such record'],
  tooLarge: ['413', 'The request body is too large'],
  mediaType: ['415', 'The request body has a content type the route does not read'],
  rateLimited: ['429', 'Too many requests from this address without signing in'],
} as const;

interface RouteFacts {
  url: string;
  method: string | string[];
  config?: { access?: string };
}

type Schema = { response?: Record<string, unknown> } & Record<string, unknown>;

let errorJsonSchema: Record<string, unknown> | undefined;

/** A route's schema (already turned into JSON Schema) with the pipeline's error answers added. */
export function declareCommonErrors<T>(schema: T, route: RouteFacts): T {
  const api = route.url.startsWith('/api/');
  if ((!api && !route.url.startsWith('/uploads/')) || !schema) return schema;
  errorJsonSchema ??= z.toJSONSchema(errorBodySchema, { target: 'openapi-3.0', io: 'output' }) as Record<
    string,
    unknown
  >;
  const access = route.config?.access ?? 'signed-in';
  const methods = (Array.isArray(route.method) ? route.method : [route.method]).map((m) => m.toUpperCase());
  const readsBody = methods.some((m) => m !== 'GET' && m !== 'HEAD');
  const wanted: Array<keyof typeof COMMON_ERRORS> = ['badInput'];
  // The anonymous rate limit is registered for /api only and counts callers without a token; on a
  // route that needs one, the access gate answers 401 before the limit (a preHandler) is reached.
  if (access !== 'public') wanted.push('unauthenticated');
  else if (api) wanted.push('rateLimited');
  if ((access !== 'public' && access !== 'signed-in') || featureForApiPath(route.url))
    wanted.push('forbidden');
  if (/\/(:[^/]+|\*)/.test(route.url)) wanted.push('notFound');
  if (readsBody) wanted.push('tooLarge', 'mediaType');

  const declared = (schema as Schema).response;
  // A route without a response schema is documented as "200, any body"; adding errors must keep that.
  const response: Record<string, unknown> = declared
    ? { ...declared }
    : { 200: { description: 'Default Response' } };
  // Errors are JSON even where the route's success is a file (CSV, PDF): given as `content`, swagger
  // does not hand them the route's `produces` types.
  const asJson = (body: unknown, description: string) => ({
    description,
    content: { 'application/json': { schema: body } },
  });
  for (const [status, body] of Object.entries(response)) {
    if (Number(status) >= 400 && body && typeof body === 'object' && !('content' in body)) {
      const { description, ...rest } = body as { description?: string };
      response[status] = asJson(rest, description ?? 'Error');
    }
  }
  for (const key of wanted) {
    const [status, description] = COMMON_ERRORS[key];
    response[status] ??= asJson(errorJsonSchema, description);
  }
  return { ...(schema as Schema), response } as T;
}
