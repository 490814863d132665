import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  isTransientStatus,
  MERGED_FROM_HEADER,
  parseVersionTag,
  SYNC_PUSH_MAX_BYTES,
  SYNC_PUSH_MAX_ENTRIES,
  SYNC_PUSH_NOT_APPLIED,
  syncPushBodySchema,
  syncPushResponseSchema,
  versionTag,
  type SyncPushEntry,
  type SyncPushResponse,
  type SyncPushResult,
} from '@/domain/sync';
import { OCCURRED_AT_HEADER } from '@/domain/action-time';
import { HttpError, badRequest } from '../../http-error';

export const SYNC_PUSH_PATH = '/api/sync/push';

/** Answer headers an outbox entry reads; the rest (cache, security) mean nothing inside a batch. */
const KEPT_HEADERS = [
  'etag',
  'location',
  IDEMPOTENT_REPLAYED_HEADER,
  'retry-after',
  MERGED_FROM_HEADER,
] as const;

/**
 * Caller headers that describe the batch request itself, not the entry: the entry brings its own body,
 * key and base version; everything else (the session token, language, device headers) goes along so
 * the entry's route sees the same caller as a single request would.
 */
const DROPPED_HEADERS = new Set([
  'content-length',
  'content-type',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'expect',
  'accept-encoding',
  'if-match',
  'if-none-match',
  IDEMPOTENCY_KEY_HEADER,
  // Each entry was made at its own time; the batch's own header would give them all one.
  OCCURRED_AT_HEADER,
]);

function notApplied(message: string): SyncPushResult {
  return { status: SYNC_PUSH_NOT_APPLIED, body: { message, code: 'NOT_APPLIED' }, headers: {} };
}

function forwardedHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (DROPPED_HEADERS.has(name) || value === undefined) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The target without its query, where the batch refuses to point back at itself. */
function pathOf(url: string): string {
  return new URL(url, 'http://batch').pathname;
}

/**
 * POST /api/sync/push — the outbox's batched replay (rules in src/domain/sync.ts). Each entry is
 * dispatched through the real route with the caller's own headers (Fastify `inject`), so permissions,
 * validation, If-Match, the Idempotency-Key store, audit and the change poke are exactly those of a
 * single request, and every entry commits in its own transaction before the next one starts: an entry
 * that builds on an earlier one (a create and then an edit of the same record) sees it applied.
 */
export async function syncPushRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/sync/push', {
    config: { access: 'signed-in' },
    bodyLimit: SYNC_PUSH_MAX_BYTES,
    schema: {
      tags: ['sync'],
      summary: 'Replay an ordered batch of outbox entries, each through its own route',
      body: syncPushBodySchema,
      response: { 200: syncPushResponseSchema },
    },
    handler: async (request): Promise<SyncPushResponse> => {
      const { entries } = request.body;
      if (entries.length > SYNC_PUSH_MAX_ENTRIES) {
        throw new HttpError('PAYLOAD_TOO_LARGE', `A batch holds at most ${SYNC_PUSH_MAX_ENTRIES} entries`, {
          maxEntries: SYNC_PUSH_MAX_ENTRIES,
        });
      }
      entries.forEach((entry, index) => {
        if (pathOf(entry.url) === SYNC_PUSH_PATH) throw badRequest('A batch cannot contain a batch');
        if (entry.readUrl !== undefined && pathOf(entry.readUrl) === SYNC_PUSH_PATH) {
          throw badRequest('readUrl must name a record');
        }
        if (entry.ifMatchFrom !== undefined && entry.ifMatchFrom >= index) {
          throw badRequest('ifMatchFrom must name an earlier entry of the batch');
        }
      });

      const caller = forwardedHeaders(request);
      const results: SyncPushResult[] = [];
      const failedGroups = new Set<string>();
      let stopped = false;
      for (const [index, entry] of entries.entries()) {
        if (stopped) {
          results.push(notApplied('Not applied: an earlier entry of the batch must be retried first'));
          continue;
        }
        if (entry.group !== undefined && failedGroups.has(entry.group)) {
          results.push(notApplied('Not applied: an earlier change of this record did not go through'));
          continue;
        }
        const result = await dispatch(app, request, caller, entry, index, results);
        results.push(result);
        if (result.status >= 300) {
          if (entry.group !== undefined) failedGroups.add(entry.group);
          if (isTransientStatus(result.status)) stopped = true;
        }
      }
      return { results };
    },
  });
}

async function dispatch(
  app: FastifyInstance,
  request: FastifyRequest,
  caller: Record<string, string>,
  entry: SyncPushEntry,
  index: number,
  earlier: readonly SyncPushResult[],
): Promise<SyncPushResult> {
  const headers: Record<string, string> = { ...caller, [IDEMPOTENCY_KEY_HEADER]: entry.idempotencyKey };
  let base = entry.ifMatch;
  if (entry.ifMatchFrom !== undefined) {
    // Chained to the version an earlier entry produced. Without an ETag there, the entry keeps its own
    // base, as the client would have sent it after acknowledging that answer.
    base = parseVersionTag(earlier[entry.ifMatchFrom]?.headers.etag) ?? base;
  }
  if (base !== undefined && base > 0) headers['if-match'] = versionTag(base);
  if (entry.occurredAt !== undefined) headers[OCCURRED_AT_HEADER] = entry.occurredAt;
  const hasBody = entry.body !== undefined;
  if (hasBody) headers['content-type'] = 'application/json';
  const response = await app.inject({
    method: entry.method,
    url: entry.url,
    headers,
    remoteAddress: request.ip,
    ...(hasBody && { payload: JSON.stringify(entry.body) }),
  });
  const kept: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = response.headers[name];
    if (value !== undefined) kept[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  app.log.debug({ index, status: response.statusCode, url: entry.url }, 'sync push entry');
  const result: SyncPushResult = {
    status: response.statusCode,
    body: parseBody(response.body),
    headers: kept,
  };
  if (entry.readUrl !== undefined && kept[IDEMPOTENT_REPLAYED_HEADER] === 'true') {
    // A replay answers what the key's first run stored; the record may have moved on since. Read it
    // here, with the caller's own rights, instead of the client asking once per entry over its link.
    const now = await app.inject({
      method: 'GET',
      url: entry.readUrl,
      headers: caller,
      remoteAddress: request.ip,
    });
    result.current = { status: now.statusCode, body: parseBody(now.body) };
  }
  return result;
}
