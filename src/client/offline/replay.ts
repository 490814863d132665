import type { FieldConflict } from '@/domain/merge';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_RETENTION_DAYS,
  IDEMPOTENT_REPLAYED_HEADER,
  MERGED_FROM_HEADER,
  versionTag,
} from '@/domain/sync';
import { acknowledge, bodyData, handleStaleWrite, rememberGone, type CurrentRecord } from './acknowledge';
import { collectionUrl, COLLECTIONS, patchPayload, updatePayload } from './collections';
import { backoffDelay, parseRetryAfter } from './backoff';
import { send, type EngineContext } from './context';
import { buildFormData } from './files';
import { noteMerged } from './merged';
import { recordKey } from './rows';
import { errorDetails, errorMessage, type TransportRequest, type TransportResponse } from './transport';
import type { OutboxEntry } from './types';

/** A change is resent at most this often in one run after merging with a server that keeps moving. */
const MAX_MERGES_PER_RUN = 3;
/** Entries sent before and older than this may outlive the server's memory of their key. */
const KEY_RETENTION_MS = (IDEMPOTENCY_RETENTION_DAYS - 1) * 24 * 60 * 60 * 1000;

export type ReplayResult =
  | { status: 'done'; sent: number }
  | { status: 'no-user'; sent: 0 }
  | { status: 'auth-required'; sent: number; userId: string }
  /** Stopped on a transient failure (network, 5xx, 429) or a back-off not yet over. */
  | { status: 'retry-later'; sent: number; retryAt: number; error: string | null; offline: boolean };

type SendOutcome =
  | { kind: 'sent' }
  | { kind: 'blocked' }
  | { kind: 'skipped' }
  | { kind: 'auth' }
  | { kind: 'transient'; retryAt: number; error: string; offline: boolean };

async function buildRequest(ctx: EngineContext, entry: OutboxEntry): Promise<TransportRequest> {
  const headers: Record<string, string> = { [IDEMPOTENCY_KEY_HEADER]: entry.idempotencyKey };
  if (entry.ifMatch && entry.baseVersion > 0) headers['if-match'] = versionTag(entry.baseVersion);
  const request: TransportRequest = { method: entry.method, url: entry.url, headers };
  // An update is sent as the record it builds on plus the change (PUT replaces the editable fields);
  // after a merge that base is the server's current row, so the resend carries both sides' work.
  // A field-level PATCH carries only the changed fields; the server merges them with what changed
  // there since If-Match. With files, the fields travel as JSON in the `patch` part.
  const patch = entry.kind === 'update' && entry.method === 'PATCH';
  const data = patch
    ? patchPayload(entry.collection, bodyData(entry))
    : entry.kind === 'update'
      ? updatePayload(entry.collection, entry.baseRecord, bodyData(entry))
      : null;
  if (entry.body.type === 'json') {
    headers['content-type'] = 'application/json';
    request.body = JSON.stringify(data ?? entry.body.data);
  } else if (entry.body.type === 'multipart') {
    const fields = patch ? { patch: JSON.stringify(data) } : (data ?? entry.body.data);
    request.body = await buildFormData(ctx.db, fields, entry.body.files);
  }
  return request;
}

/** Marks the entry as being sent, unless it vanished (discarded) or a person must look at it first. */
async function claim(ctx: EngineContext, seq: number): Promise<OutboxEntry | 'blocked' | null> {
  return ctx.db.transaction('rw', ['outbox'], async () => {
    const entry = await ctx.db.outbox.get(seq);
    if (!entry || entry.state === 'failed' || entry.state === 'conflict') return null;
    if (entry.keyUsedAt !== null && ctx.now() - entry.keyUsedAt > KEY_RETENTION_MS) {
      await ctx.db.outbox.put({
        ...entry,
        state: 'failed',
        errorKey: 'tooOld',
        error: null,
        errorStatus: null,
      });
      return 'blocked' as const;
    }
    const claimed: OutboxEntry = {
      ...entry,
      state: 'sending',
      attempts: entry.attempts + 1,
      keyUsedAt: entry.keyUsedAt ?? ctx.now(),
    };
    await ctx.db.outbox.put(claimed);
    return claimed;
  });
}

async function update(ctx: EngineContext, entry: OutboxEntry, changes: Partial<OutboxEntry>): Promise<void> {
  await ctx.db.transaction('rw', ['outbox'], async () => {
    const fresh = await ctx.db.outbox.get(entry.seq!);
    if (fresh) await ctx.db.outbox.put({ ...fresh, ...changes });
  });
}

async function retryLater(
  ctx: EngineContext,
  entry: OutboxEntry,
  error: string,
  offline: boolean,
  retryAfterMs = 0,
): Promise<SendOutcome> {
  const retryAt = ctx.now() + backoffDelay(ctx.backoff.streak + 1, ctx.random, retryAfterMs);
  await update(ctx, entry, {
    state: 'waiting',
    nextAttemptAt: retryAt,
    error,
    errorKey: offline ? 'offline' : null,
  });
  return { kind: 'transient', retryAt, error, offline };
}

function isTransientStatus(status: number): boolean {
  return status === 408 || status === 425 || status === 429 || status >= 500;
}

/** The other person a PATCH merged with, as the server named them. */
function mergedFromHeader(response: TransportResponse): string | null {
  const raw = response.headers.get(MERGED_FROM_HEADER);
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

async function classify(
  ctx: EngineContext,
  entry: OutboxEntry,
  response: TransportResponse,
): Promise<SendOutcome | 'resend'> {
  const { status } = response;
  if (status >= 200 && status < 300) {
    await noteMerged(ctx, entry, response.body, mergedFromHeader(response));
    await acknowledge(ctx, entry, response.body, await currentRecord(ctx, entry, response));
    return { kind: 'sent' };
  }
  const message = errorMessage(response);
  if (status === 401) {
    // Keep everything; the same user signing in again resumes. The attempt does not count.
    await update(ctx, entry, { state: 'waiting', attempts: Math.max(0, entry.attempts - 1), error: message });
    return { kind: 'auth' };
  }
  const retryAfter = parseRetryAfter(response.headers.get('retry-after'), ctx.now());
  if (status === 409) {
    const details = errorDetails(response) as { current?: unknown; reason?: unknown } | undefined;
    // The key's first request is still running: not a data conflict, ask again later.
    if (details?.reason === 'in_flight') return retryLater(ctx, entry, message, false, retryAfter);
    if (details && 'current' in details) {
      const fields = (details as { conflicts?: unknown }).conflicts;
      const outcome = await handleStaleWrite(
        ctx,
        entry,
        details.current,
        message,
        Array.isArray(fields) ? (fields as FieldConflict[]) : undefined,
      );
      if (outcome === 'gone') {
        await acknowledge(ctx, entry, null);
        return { kind: 'sent' };
      }
      return outcome === 'resend' ? 'resend' : { kind: outcome };
    }
  }
  if (isTransientStatus(status)) return retryLater(ctx, entry, message, false, retryAfter);
  if (entry.kind === 'delete' && (status === 404 || status === 410)) {
    // Already gone on the server: what the delete wanted.
    await acknowledge(ctx, entry, null);
    return { kind: 'sent' };
  }
  if (status === 404) await rememberGone(ctx, entry);
  await update(ctx, entry, { state: 'failed', error: message, errorKey: null, errorStatus: status });
  return { kind: 'blocked' };
}

/**
 * A repeated key answers what the server stored when the request first ran. Since then the record may
 * have changed or even been deleted (and, past tombstone retention, vanished from the pull), so where
 * the API reads single records the current one is fetched as well.
 */
async function currentRecord(
  ctx: EngineContext,
  entry: OutboxEntry,
  response: TransportResponse,
): Promise<CurrentRecord | null> {
  const replayed = response.headers.get(IDEMPOTENT_REPLAYED_HEADER) === 'true';
  if (!replayed || entry.kind === 'delete' || entry.kind === 'batch') return null;
  if (!COLLECTIONS[entry.collection].readOne) return null;
  try {
    const url = collectionUrl(entry.collection, entry.recordId);
    const fresh = await send(ctx, { method: 'GET', url, headers: {} });
    if (fresh.status === 200) return { body: fresh.body, gone: false };
    if (fresh.status === 404 || fresh.status === 410) return { body: null, gone: true };
  } catch {
    // Offline again: the stored answer is the best there is; the next pull corrects it.
  }
  return null;
}

async function sendEntry(ctx: EngineContext, seq: number): Promise<SendOutcome> {
  for (let merges = 0; ; merges++) {
    const entry = await claim(ctx, seq);
    if (entry === null) return { kind: 'skipped' };
    if (entry === 'blocked') return { kind: 'blocked' };
    let request: TransportRequest;
    try {
      request = await buildRequest(ctx, entry);
    } catch (error) {
      await update(ctx, entry, {
        state: 'failed',
        errorKey: 'fileMissing',
        error: String(error),
        errorStatus: null,
      });
      return { kind: 'blocked' };
    }
    let response: TransportResponse;
    try {
      response = await send(ctx, request);
    } catch (error) {
      return retryLater(ctx, entry, error instanceof Error ? error.message : String(error), true);
    }
    const outcome = await classify(ctx, entry, response);
    if (outcome !== 'resend') return outcome;
    if (merges + 1 >= MAX_MERGES_PER_RUN)
      return retryLater(ctx, entry, 'The record keeps changing on the server', false);
  }
}

/** The user's entries in FIFO order that may go now: not behind a failed or conflicting change of the same record. */
function sendable(entries: OutboxEntry[], userId: string, blocked: Set<string>): OutboxEntry[] {
  const result: OutboxEntry[] = [];
  for (const entry of entries) {
    if (entry.userId !== userId) continue;
    const key = recordKey(entry.collection, entry.recordId);
    if (entry.state === 'failed' || entry.state === 'conflict') blocked.add(key);
    else if (!blocked.has(key)) result.push(entry);
  }
  return result;
}

/**
 * How many entries are in flight at once. Entries start in FIFO order while a slot is free; one waits
 * while a change of its record is in flight (a record's changes stay in order) or while entries of
 * another collection are (a record another collection points to, like the excavator a report names,
 * is created before anything that names it, as it was written).
 */
export const REPLAY_WINDOW = 6;

type Stop = Extract<ReplayResult, { status: 'auth-required' | 'retry-later' }>;

export interface InFlight {
  key: string;
  collection: string;
}

/** May `entry` start now, next to the entries in flight? */
export function mayStart(entry: OutboxEntry, inFlight: readonly InFlight[]): boolean {
  if (inFlight.length === 0) return true;
  if (inFlight.length >= REPLAY_WINDOW) return false;
  const key = recordKey(entry.collection, entry.recordId);
  return inFlight.every((other) => other.collection === entry.collection && other.key !== key);
}

/**
 * One replay run under the replay lock: FIFO through the signed-in user's entries, up to REPLAY_WINDOW
 * independent ones in flight (see mayStart). Network errors, 5xx and 429 stop the run (back-off) once
 * the entries in flight have answered; 401 stops it until the user signs in again; a failed or
 * conflicting entry holds back later changes of its record while other records go on. `force` ignores
 * back-off (the browser came online, a person pressed Retry).
 */
export async function runReplay(ctx: EngineContext, force: boolean): Promise<ReplayResult> {
  const user = ctx.getUser();
  if (!user) return { status: 'no-user', sent: 0 };
  let sent = 0;
  const blocked = new Set<string>();
  const seen = new Set<number>();
  for (;;) {
    const queue = sendable(await ctx.db.outbox.orderBy('seq').toArray(), user.id, blocked).filter(
      (entry) => !seen.has(entry.seq!),
    );
    if (queue.length === 0) return { status: 'done', sent };
    const inFlight = new Map<number, InFlight & { done: Promise<[number, SendOutcome]> }>();
    const run: { stop: Stop | null; waitUntil: { at: number; error: string | null } | null } = {
      stop: null,
      waitUntil: null,
    };

    const settleOne = async () => {
      const [seq, outcome] = await Promise.race([...inFlight.values()].map((f) => f.done));
      const finished = inFlight.get(seq)!;
      inFlight.delete(seq);
      if (outcome.kind === 'sent') {
        sent++;
        ctx.backoff.streak = 0;
      } else if (outcome.kind === 'blocked') blocked.add(finished.key);
      // An auth stop outranks a transient one: the user must sign in before anything else helps.
      else if (outcome.kind === 'auth') run.stop = { status: 'auth-required', sent: 0, userId: user.id };
      else if (outcome.kind === 'transient' && run.stop === null) {
        run.stop = {
          status: 'retry-later',
          sent: 0,
          retryAt: outcome.retryAt,
          error: outcome.error,
          offline: outcome.offline,
        };
      }
    };

    for (const entry of queue) {
      while (run.stop === null && !mayStart(entry, [...inFlight.values()])) await settleOne();
      if (run.stop !== null) break;
      seen.add(entry.seq!);
      const key = recordKey(entry.collection, entry.recordId);
      if (blocked.has(key)) continue;
      if (!force && entry.nextAttemptAt > ctx.now()) {
        run.waitUntil = { at: entry.nextAttemptAt, error: entry.error };
        break;
      }
      const seq = entry.seq!;
      const done = sendEntry(ctx, seq).then((outcome): [number, SendOutcome] => [seq, outcome]);
      inFlight.set(seq, { key, collection: entry.collection, done });
    }
    while (inFlight.size > 0) await settleOne();
    if (run.stop?.status === 'retry-later') ctx.backoff.streak++;
    if (run.stop) return { ...run.stop, sent };
    if (run.waitUntil) {
      const { at, error } = run.waitUntil;
      return { status: 'retry-later', sent, retryAt: at, error, offline: false };
    }
  }
}
