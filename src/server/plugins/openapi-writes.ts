import { z } from 'zod';
import { FUTURE_TOLERANCE_MS } from '@/domain/action-time';
import { errorBodySchema } from '../modules/auth/schemas';

/**
 * The URL prefixes of the mirrored collections: their writes go through the write path
 * (plugins/write.ts), which honours `Idempotency-Key` on every write and `If-Match` on changes to one
 * record, and answers the record's version as `ETag`.
 */
export const MIRRORED_WRITE_PREFIXES = [
  '/api/excavators',
  '/api/reports',
  '/api/betriebstagebuch/',
  '/api/inventory',
  '/api/containers/assignments',
] as const;

const WRITE_METHODS = ['post', 'put', 'patch', 'delete'] as const;

/** Error answers every write of the write path may give, with the shared error body. */
const WRITE_ERRORS: Record<string, string> = {
  '400': 'Invalid input, or an unreadable If-Match / Idempotency-Key header',
  '401': 'Not signed in',
  '403': 'Not allowed for this role, or the feature is switched off',
  '409':
    'The record changed since the version in If-Match, or a request with this Idempotency-Key is still running',
  '422': 'The Idempotency-Key was used before with a different request',
  '429': 'Too many requests',
};

interface Operation {
  parameters?: Array<{ in: string; name: string }>;
  responses?: Record<string, { description?: string; headers?: Record<string, unknown>; content?: unknown }>;
}
interface Document {
  paths?: Record<string, Record<string, Operation>>;
}

export const isMirroredWrite = (path: string, method: string) =>
  (WRITE_METHODS as readonly string[]).includes(method) &&
  MIRRORED_WRITE_PREFIXES.some((prefix) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix));

/** Whether the write changes one existing record, the kind `If-Match` guards. */
export const isRecordWrite = (path: string, method: string) => method !== 'post' && /\/\{[^}]+\}/.test(path);

/**
 * Declares in the OpenAPI document what the write path does beyond each route's own schema: the
 * `Idempotency-Key`, `X-Occurred-At` and `If-Match` request headers, the `ETag` of the answer, and its error answers.
 */
export function declareWriteHeaders<T>(document: T): T {
  const doc = document as Document;
  const errorBody = z.toJSONSchema(errorBodySchema, { target: 'openapi-3.0', io: 'output' });
  for (const [path, methods] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(methods)) {
      if (!isMirroredWrite(path, method)) continue;
      const parameters = (op.parameters ??= []);
      const has = (name: string) =>
        parameters.some((p) => p.in === 'header' && p.name.toLowerCase() === name);
      if (!has('idempotency-key')) {
        parameters.push({
          in: 'header',
          name: 'Idempotency-Key',
          required: false,
          description:
            'Repeating a write with the same key answers the stored result instead of writing again',
          schema: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[\\x21-\\x7e]+$' },
        } as { in: string; name: string });
      }
      if (!has('x-occurred-at')) {
        parameters.push({
          in: 'header',
          name: 'X-Occurred-At',
          required: false,
          description:
            'When the change was made (ISO 8601 with a zone, e.g. 2026-11-26T18:33:12.345Z), on the ' +
            'server’s clock as the device could tell it; recorded as the record’s and the audit’s time. ' +
            'Never refused: a missing or unreadable value, or one later than the arrival ' +
            `(beyond ${FUTURE_TOLERANCE_MS / 60_000} minutes it is logged as a wrong device clock), ` +
            'becomes the time the server received the request. See docs/action-times.md.',
          schema: { type: 'string', format: 'date-time' },
        } as { in: string; name: string });
      }
      if (isRecordWrite(path, method) && !has('if-match')) {
        parameters.push({
          in: 'header',
          name: 'If-Match',
          required: false,
          description:
            'The version the change is based on, e.g. "3"; a newer version on the server answers 409',
          schema: { type: 'string' },
        } as { in: string; name: string });
      }
      const responses = (op.responses ??= {});
      for (const [status, response] of Object.entries(responses)) {
        if (!/^2\d\d$/.test(status) || status === '204' || method === 'delete') continue;
        response.headers = {
          ...response.headers,
          ETag: { description: 'The record’s version, for If-Match', schema: { type: 'string' } },
        };
      }
      const errors =
        isRecordWrite(path, method) || /\/\{[^}]+\}/.test(path)
          ? { ...WRITE_ERRORS, '404': 'No such record' }
          : WRITE_ERRORS;
      for (const [status, description] of Object.entries(errors)) {
        responses[status] ??= { description, content: { 'application/json': { schema: errorBody } } };
      }
    }
  }
  return document;
}
