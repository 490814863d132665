import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { OCCURRED_AT_HEADER, resolveActionTime } from '@/domain/action-time';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_RETRY_AFTER_SECONDS,
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyKeySchema,
  parseVersionTag,
  versionTag,
} from '@/domain/sync';
import type { Database } from '../db/client';
import { HttpError, badRequest, conflict } from '../http-error';
import { nextChangeSeq } from '../modules/sync/cursor';
import {
  findIdempotencyRecord,
  lockIdempotencyKey,
  requestFingerprint,
  storeIdempotencyRecord,
} from './idempotency';

/*
 * The one write path. Every POST/PUT/PATCH/DELETE of a synced module — and any other
 * module that wants Idempotency-Key support — runs its work through `app.runWrite`:
 *
 *   handler: async (request, reply) =>
 *     app.runWrite(request, reply, { collections: ['excavators'] }, async (w) => {
 *       const seq = await w.stamp('excavators');           // cursor value for a row written now
 *       ... w.tx.insert(...) ...; await app.audit(request, {...}, w.tx);
 *       return { status: 201, body: apiRow, headers: { etag: versionTag(apiRow.version) } };
 *     }),
 *
 * In one transaction it: claims the Idempotency-Key (when sent; user-scoped, fingerprinted), replays a
 * completed key's stored answer, locks the change counter by taking its next value (when `collections`
 * is given), runs the work,
 * stores status + body + headers with the key, and commits. After the commit it runs `afterCommit`
 * callbacks and emits 'sync:changed' for the collections stamped, which the realtime plugin turns into
 * `sync` pokes. On failure it rolls back and runs `onRollback` callbacks (e.g. removing files stored for
 * the write).
 *
 * Inside `work` use `w.tx` for every query (never `app.db`: on PGlite that waits for this very
 * transaction and deadlocks).
 */

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface WriteContext {
  tx: Transaction;
  /**
   * When the action happened: the time every record of this write (created, signed, submitted,
   * approved, rejected, audit) carries. Equal to `receivedAt` unless the request says otherwise.
   */
  at: Date;
  /** When this server received the request. */
  receivedAt: Date;
  /** The next change cursor value for a row of `collection` written now; marks it for the poke. */
  stamp(collection: string): Promise<number>;
  /** Runs after a rollback (the write failed): undo side effects outside the database. */
  onRollback(fn: () => unknown): void;
  /** Runs after the commit (e.g. delete files the write replaced). */
  afterCommit(fn: () => unknown): void;
}

export interface WriteResult<T> {
  /** HTTP status of the answer; 200 when omitted. */
  status?: number;
  body: T;
  /** Headers to send (and replay), e.g. `{ etag: '"3"', location: '/api/...' }`. */
  headers?: Record<string, string>;
}

export interface WriteOptions {
  /**
   * The synced collections this write may stamp. When given, the change counter is locked before the
   * work runs (commit order = cursor order, and one lock order for every writer). Omit for writes of
   * non-synced modules that only want idempotency.
   */
  collections?: readonly string[];
  /**
   * What the fingerprint hashes instead of `request.body`: multipart routes pass their field values and
   * file hashes (see `multipartFingerprintBody`).
   */
  fingerprintBody?: unknown;
}

/** The two times of the write a request runs (set by `runWrite`; the audit plugin records both). */
export interface WriteTimes {
  at: Date;
  receivedAt: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set while `runWrite` runs the request's work; null outside a write. */
    writeTimes: WriteTimes | null;
  }
  interface FastifyInstance {
    runWrite<T>(
      request: FastifyRequest,
      reply: FastifyReply,
      options: WriteOptions,
      work: (w: WriteContext) => Promise<WriteResult<T>>,
    ): Promise<T>;
  }
}

/** The fingerprint body of a multipart write: every field value and the SHA-256 of every file. */
export function multipartFingerprintBody(
  fields: Record<string, string | string[]>,
  files: ReadonlyArray<{ fieldname: string; data: Buffer }>,
): unknown {
  return { fields, files: files.map((f) => ({ field: f.fieldname, data: f.data })) };
}

/** The version an update or delete is based on (`If-Match: "3"`), null when not sent; 400 when unreadable. */
export function readIfMatch(request: FastifyRequest): number | null {
  const raw = request.headers['if-match'];
  if (raw === undefined || raw === '') return null;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === '*') return null;
  const version = parseVersionTag(value);
  if (version === null) throw badRequest('If-Match must name a version, e.g. "3"');
  return version;
}

/** 409 CONFLICT carrying the server's current row when the client's base version is stale. */
export function assertFreshVersion(expected: number | null, actual: number, current: unknown): void {
  if (expected !== null && expected !== actual) {
    throw conflict('This record was changed by someone else in the meantime', {
      reason: 'version',
      current,
    });
  }
}

export { versionTag };

function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (raw === undefined) return null;
  const parsed = idempotencyKeySchema.safeParse(Array.isArray(raw) ? raw[0] : raw);
  if (!parsed.success) {
    throw badRequest('Invalid Idempotency-Key header', {
      fields: { 'Idempotency-Key': [parsed.error.issues[0]?.message ?? 'Invalid'] },
    });
  }
  return parsed.data;
}

type Outcome<T> =
  | { replayed: false; status: number; body: T; headers: Record<string, string> }
  | { replayed: true; status: number; body: T; headers: Record<string, string> };

async function runAll(app: FastifyInstance, fns: Array<() => unknown>, what: string) {
  for (const fn of fns) {
    try {
      await fn();
    } catch (err) {
      app.log.error({ err }, `${what} callback failed`);
    }
  }
}

export const writePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('writeTimes', null);
    app.decorate('runWrite', async function runWrite<
      T,
    >(request: FastifyRequest, reply: FastifyReply, options: WriteOptions, work: (w: WriteContext) => Promise<WriteResult<T>>): Promise<T> {
      const key = idempotencyKeyOf(request);
      const userId = request.user?.id ?? null;
      const idempotency =
        key && userId
          ? {
              userId,
              key,
              fingerprint: requestFingerprint(
                request.method,
                request.url,
                options.fingerprintBody !== undefined ? options.fingerprintBody : request.body,
              ),
            }
          : null;
      const receivedAt = new Date();
      // The action's own time (the device's, sent with the request); a write is never refused for it.
      const actionTime = resolveActionTime(request.headers[OCCURRED_AT_HEADER], receivedAt);
      // A time sent but not taken points at a device with a wrong clock: worth a line in the log.
      if (actionTime.replaced !== null && actionTime.replaced !== 'missing') {
        request.log.warn(
          { occurredAt: request.headers[OCCURRED_AT_HEADER], replaced: actionTime.replaced },
          'action time not taken; the receive time stands',
        );
      }
      const at = actionTime.at;
      request.writeTimes = { at, receivedAt };
      const stamped = new Set<string>();
      let newestSeq = 0;
      const rollbacks: Array<() => unknown> = [];
      const commits: Array<() => unknown> = [];

      let outcome: Outcome<T>;
      try {
        outcome = await app.db.transaction(async (tx): Promise<Outcome<T>> => {
          if (idempotency) {
            if (!(await lockIdempotencyKey(tx, idempotency.userId, idempotency.key))) {
              reply.header('retry-after', String(IDEMPOTENCY_RETRY_AFTER_SECONDS));
              throw new HttpError('CONFLICT', 'A request with this Idempotency-Key is still in progress', {
                reason: 'in_flight',
              });
            }
            const stored = await findIdempotencyRecord(tx, idempotency.userId, idempotency.key);
            if (stored) {
              if (stored.fingerprint !== idempotency.fingerprint) {
                throw new HttpError(
                  'IDEMPOTENCY_MISMATCH',
                  'This Idempotency-Key was already used for a different request',
                  { key: idempotency.key },
                );
              }
              return {
                replayed: true,
                status: stored.status,
                body: stored.response as T,
                headers: stored.headers ?? {},
              };
            }
          }
          const allowed = options.collections ?? [];
          // Taking the first cursor value locks the counter row (commit order = cursor order) and saves
          // the separate lock query: most writes stamp one row. An unused value is a harmless gap.
          let reserved = allowed.length > 0 ? await nextChangeSeq(tx) : null;
          const result = await work({
            tx,
            at,
            receivedAt,
            stamp: async (collection) => {
              if (!allowed.includes(collection)) {
                throw new Error(
                  `runWrite: collection "${collection}" is not declared in options.collections`,
                );
              }
              stamped.add(collection);
              let value: number;
              if (reserved !== null) {
                value = reserved;
                reserved = null;
              } else {
                value = await nextChangeSeq(tx);
              }
              newestSeq = Math.max(newestSeq, value);
              return value;
            },
            onRollback: (fn) => rollbacks.push(fn),
            afterCommit: (fn) => commits.push(fn),
          });
          const status = result.status ?? 200;
          const headers = result.headers ?? {};
          if (idempotency) {
            await storeIdempotencyRecord(tx, {
              ...idempotency,
              method: request.method,
              path: request.url,
              status,
              // The body as JSON, exactly what a replay sends back.
              response: result.body === undefined ? null : JSON.parse(JSON.stringify(result.body)),
              headers,
            });
          }
          return { replayed: false, status, body: result.body, headers };
        });
      } catch (err) {
        await runAll(app, rollbacks, 'onRollback');
        throw err;
      }

      if (!outcome.replayed) {
        await runAll(app, commits, 'afterCommit');
        if (stamped.size > 0) app.events.emit('sync:changed', [...stamped], newestSeq);
      }
      reply.code(outcome.status);
      for (const [name, value] of Object.entries(outcome.headers)) reply.header(name, value);
      if (outcome.replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return outcome.body;
    });
  },
  { name: 'write', dependencies: ['events'] },
);
