import { OCCURRED_AT_HEADER } from '@/domain/action-time';
import type { FieldConflict } from '@/domain/merge';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_RETENTION_DAYS,
  IDEMPOTENT_REPLAYED_HEADER,
  isTransientStatus,
  MERGED_FROM_HEADER,
  SYNC_PUSH_NOT_APPLIED,
  syncPushResponseSchema,
  versionTag,
  type SyncPushEntry,
  type SyncPushResult,
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
  | {
      kind: 'transient';
      seq: number;
      retryAt: number;
      retryAfterMs: number;
      error: string;
      offline: boolean;
    };

/**
 * The JSON an entry sends. An update is sent as the record it builds on plus the change (PUT replaces the
 * editable fields); after a merge that base is the server's current row, so the resend carries both
 * sides' work. A field-level PATCH carries only the changed fields; the server merges them with what
 * changed there since If-Match. With files, the fields travel as JSON in the `patch` part.
 */
function payloadOf(entry: OutboxEntry): { patch: boolean; data: Record<string, unknown> | null } {
  const patch = entry.kind === 'update' && entry.method === 'PATCH';
  const data = patch
    ? patchPayload(entry.collection, bodyData(entry))
    : entry.kind === 'update'
      ? updatePayload(entry.collection, entry.baseRecord, bodyData(entry))
      : null;
  return { patch, data };
}

/** When the entry's change was made; an entry queued before that was kept has its queue time. */
function occurredAtOf(entry: OutboxEntry): string {
  return entry.occurredAt ?? entry.createdAt;
}

async function buildRequest(ctx: EngineContext, entry: OutboxEntry): Promise<TransportRequest> {
  const headers: Record<string, string> = {
    [IDEMPOTENCY_KEY_HEADER]: entry.idempotencyKey,
    [OCCURRED_AT_HEADER]: occurredAtOf(entry),
  };
  if (entry.ifMatch && entry.baseVersion > 0) headers['if-match'] = versionTag(entry.baseVersion);
  const request: TransportRequest = { method: entry.method, url: entry.url, headers };
  const { patch, data } = payloadOf(entry);
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
  return ctx.db.transaction('rw', ['outbox'], () => claimIn(ctx, seq));
}

/**
 * Claims a batch's entries in one transaction: a transaction per entry costs a commit each, which on
 * a tablet's storage adds up to seconds for a full batch before it even leaves.
 */
async function claimAll(
  ctx: EngineContext,
  seqs: readonly number[],
): Promise<Array<OutboxEntry | 'blocked' | null>> {
  return ctx.db.transaction('rw', ['outbox'], async () => {
    const claimed: Array<OutboxEntry | 'blocked' | null> = [];
    for (const seq of seqs) claimed.push(await claimIn(ctx, seq));
    return claimed;
  });
}

/** `claim` inside the caller's transaction. */
async function claimIn(ctx: EngineContext, seq: number): Promise<OutboxEntry | 'blocked' | null> {
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
  return { kind: 'transient', seq: entry.seq!, retryAt, retryAfterMs, error, offline };
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

/**
 * `known`: the record as it is now, when the answer brought it along (a batch reads it for a replayed
 * entry); undefined to ask the server here if needed.
 */
async function classify(
  ctx: EngineContext,
  entry: OutboxEntry,
  response: TransportResponse,
  known?: CurrentRecord | null,
): Promise<SendOutcome | 'resend'> {
  const { status } = response;
  if (status >= 200 && status < 300) {
    await noteMerged(ctx, entry, response.body, mergedFromHeader(response));
    await acknowledge(ctx, entry, response.body, await currentRecord(ctx, entry, response, known));
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
  known?: CurrentRecord | null,
): Promise<CurrentRecord | null> {
  const replayed = response.headers.get(IDEMPOTENT_REPLAYED_HEADER) === 'true';
  const url = readUrlOf(entry);
  if (!replayed || url === null) return null;
  if (known !== undefined) return known;
  try {
    return asCurrent(await send(ctx, { method: 'GET', url, headers: {} }));
  } catch {
    // Offline again: the stored answer is the best there is; the next pull corrects it.
    return null;
  }
}

/** Where the record an entry wrote can be read on its own; null where the API has no such read. */
function readUrlOf(entry: OutboxEntry): string | null {
  if (entry.kind === 'delete' || entry.kind === 'batch') return null;
  if (!COLLECTIONS[entry.collection].readOne) return null;
  return collectionUrl(entry.collection, entry.recordId);
}

/** What a read of the record answered: the row, gone, or nothing to go by. */
function asCurrent(answer: { status: number; body: unknown }): CurrentRecord | null {
  if (answer.status === 200) return { body: answer.body, gone: false };
  if (answer.status === 404 || answer.status === 410) return { body: null, gone: true };
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
 * How many entries are in flight at once when the server has no batch endpoint (older servers) and
 * entries go one request each. Entries start in FIFO order while a slot is free; one waits while a
 * change of its record is in flight (a record's changes stay in order) or while entries of another
 * collection are (a record another collection points to, like the excavator a report names, is
 * created before anything that names it, as it was written).
 */
export const REPLAY_WINDOW = 6;
/**
 * Bounds of one batch (POST /api/sync/push), well under the server's: on a 750 kbit/s uplink a full
 * batch goes up in about three seconds, so an answer comes long before any deadline and a lost one
 * costs little to send again.
 */
export const PUSH_MAX_ENTRIES = 100;
/** The smallest a batch gets after batches went unanswered (see sendBatch). */
export const PUSH_MIN_ENTRIES = 10;
export const PUSH_MAX_BYTES = 256 * 1024;
/** The server applies the entries one after another before it answers: time granted per entry. */
const PUSH_WORK_MS_PER_ENTRY = 100;
export const PUSH_URL = '/api/sync/push';

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

/** What a replay run knows across its rounds. */
interface Run {
  userId: string;
  force: boolean;
  sent: number;
  /** Records whose later changes wait: one of their changes failed or conflicts. */
  blocked: Set<string>;
  /** Entries this run has dealt with (sent, or found blocked). */
  seen: Set<number>;
  /** Merges per entry in this run (a record that keeps changing on the server). */
  merges: Map<number, number>;
  stop: Stop | null;
  /** Entries put back to wait by a transient failure in this run, and the longest Retry-After among them. */
  deferred: number[];
  retryAfterMs: number;
  waitUntil: { at: number; error: string | null } | null;
}

function note(ctx: EngineContext, run: Run, key: string, outcome: SendOutcome): void {
  if (outcome.kind === 'sent') {
    run.sent++;
    ctx.backoff.streak = 0;
  } else if (outcome.kind === 'blocked') run.blocked.add(key);
  // An auth stop outranks a transient one: the user must sign in before anything else helps.
  else if (outcome.kind === 'auth') run.stop = { status: 'auth-required', sent: 0, userId: run.userId };
  else if (outcome.kind === 'transient') {
    run.deferred.push(outcome.seq);
    run.retryAfterMs = Math.max(run.retryAfterMs, outcome.retryAfterMs);
  }
  if (outcome.kind === 'transient' && run.stop === null) {
    run.stop = {
      status: 'retry-later',
      sent: 0,
      retryAt: outcome.retryAt,
      error: outcome.error,
      offline: outcome.offline,
    };
  }
}

/** One request per entry, up to REPLAY_WINDOW independent ones in flight (see mayStart). */
async function windowRound(ctx: EngineContext, queue: OutboxEntry[], run: Run): Promise<void> {
  const inFlight = new Map<number, InFlight & { done: Promise<[number, SendOutcome]> }>();
  const settleOne = async () => {
    const [seq, outcome] = await Promise.race([...inFlight.values()].map((f) => f.done));
    const finished = inFlight.get(seq)!;
    inFlight.delete(seq);
    note(ctx, run, finished.key, outcome);
  };
  for (const entry of queue) {
    while (run.stop === null && !mayStart(entry, [...inFlight.values()])) await settleOne();
    if (run.stop !== null) break;
    run.seen.add(entry.seq!);
    const key = recordKey(entry.collection, entry.recordId);
    if (run.blocked.has(key)) continue;
    if (!run.force && entry.nextAttemptAt > ctx.now()) {
      run.waitUntil = { at: entry.nextAttemptAt, error: entry.error };
      break;
    }
    const seq = entry.seq!;
    const done = sendEntry(ctx, seq).then((outcome): [number, SendOutcome] => [seq, outcome]);
    inFlight.set(seq, { key, collection: entry.collection, done });
  }
  while (inFlight.size > 0) await settleOne();
}

/** The size an entry adds to a batch; null when it cannot go in one (files go up with their own route). */
function batchSize(entry: OutboxEntry): number | null {
  if (entry.body.type === 'multipart') return null;
  const body = entry.body.type === 'json' ? JSON.stringify(payloadOf(entry).data ?? entry.body.data) : '';
  return body.length + entry.url.length + 200;
}

/**
 * The record an entry changes, as the batch names it. Not the in-memory record key: that one joins
 * collection and id with NUL, and the server refuses any request whose body carries a control
 * character, so a batch grouped by it is refused whole (400) and every entry goes again on its own.
 */
function pushGroup(entry: Pick<OutboxEntry, 'collection' | 'recordId'>): string {
  return `${entry.collection}/${entry.recordId}`;
}

/**
 * The batch's entries in order. Two changes of one record in one batch: the later one was made on the
 * version the earlier one sends (what acknowledging that answer would rebase it onto), so it names the
 * earlier entry, and the server uses the version that entry produced as its If-Match — except a PATCH
 * after an update, which keeps its own base (see below).
 */
function pushEntries(batch: ReadonlyArray<{ entry: OutboxEntry; key: string }>): SyncPushEntry[] {
  const last = new Map<string, { index: number; version: number }>();
  return batch.map(({ entry, key }, index) => {
    const item: SyncPushEntry = {
      method: entry.method,
      url: entry.url,
      idempotencyKey: entry.idempotencyKey,
      group: pushGroup(entry),
      occurredAt: occurredAtOf(entry),
    };
    if (entry.ifMatch && entry.baseVersion > 0) item.ifMatch = entry.baseVersion;
    const previous = last.get(key);
    // A field-level PATCH keeps its own base unless it follows its record's create: rebasing it onto
    // the version an earlier PATCH produced would hide every change others made in between, and the
    // server could no longer see that they overlap. The server merges the fields per field anyway.
    const chain = entry.method !== 'PATCH' || previous?.version === 0;
    if (previous && chain && entry.ifMatch && previous.version === entry.baseVersion)
      item.ifMatchFrom = previous.index;
    if (entry.body.type === 'json') item.body = payloadOf(entry).data ?? entry.body.data;
    const readUrl = readUrlOf(entry);
    if (readUrl !== null) item.readUrl = readUrl;
    const sentVersion = entry.kind === 'create' ? 0 : entry.ifMatch ? entry.baseVersion : null;
    if (sentVersion === null) last.delete(key);
    else last.set(key, { index, version: sentVersion });
    return item;
  });
}

function readResults(response: TransportResponse, count: number): SyncPushResult[] | null {
  if (response.status !== 200) return null;
  const parsed = syncPushResponseSchema.safeParse(response.body);
  return parsed.success && parsed.data.results.length === count ? parsed.data.results : null;
}

function asResponse(result: SyncPushResult): TransportResponse {
  const headers = new Map(Object.entries(result.headers).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    status: result.status,
    body: result.body,
    headers: { get: (name) => headers.get(name.toLowerCase()) ?? null },
  };
}

/** The entry was not sent after all: it waits again, and the claim does not count as an attempt. */
async function release(ctx: EngineContext, entry: OutboxEntry): Promise<void> {
  await update(ctx, entry, { state: 'waiting', attempts: Math.max(0, entry.attempts - 1) });
}

/**
 * Sends claimed entries as one POST /api/sync/push and applies each entry's answer exactly as the
 * answer of its own request: in order, so a create is acknowledged before the edit that builds on it.
 */
async function sendBatch(
  ctx: EngineContext,
  batch: ReadonlyArray<{ entry: OutboxEntry; key: string }>,
  run: Run,
): Promise<void> {
  const claimed: Array<{ entry: OutboxEntry; key: string }> = [];
  const got = await claimAll(
    ctx,
    batch.map(({ entry }) => entry.seq!),
  );
  for (const [index, { entry, key }] of batch.entries()) {
    run.seen.add(entry.seq!);
    const one = got[index]!;
    if (one === 'blocked') note(ctx, run, key, { kind: 'blocked' });
    else if (one !== null) claimed.push({ entry: one, key });
  }
  if (claimed.length === 0) return;
  let response: TransportResponse;
  try {
    response = await send(ctx, {
      method: 'POST',
      url: PUSH_URL,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ entries: pushEntries(claimed) }),
      workMs: claimed.length * PUSH_WORK_MS_PER_ENTRY,
    });
  } catch (error) {
    // No answer: which entries went is unknown; each goes again under its key, so none applies twice.
    // The link may be too weak for a batch this size to get through between two drops: the next one
    // is smaller, and grows back once answers come.
    ctx.push.limit = Math.max(PUSH_MIN_ENTRIES, Math.floor(claimed.length / 2));
    const message = error instanceof Error ? error.message : String(error);
    const retryAt = ctx.now() + backoffDelay(ctx.backoff.streak + 1, ctx.random);
    await ctx.db.transaction('rw', ['outbox'], async () => {
      for (const { entry } of claimed) {
        const fresh = await ctx.db.outbox.get(entry.seq!);
        if (fresh) {
          await ctx.db.outbox.put({
            ...fresh,
            state: 'waiting',
            nextAttemptAt: retryAt,
            error: message,
            errorKey: 'offline',
          });
        }
      }
    });
    for (const { entry, key } of claimed) {
      const outcome: SendOutcome = {
        kind: 'transient',
        seq: entry.seq!,
        retryAt,
        retryAfterMs: 0,
        error: message,
        offline: true,
      };
      note(ctx, run, key, outcome);
    }
    return;
  }
  const results = readResults(response, claimed.length);
  if (!results) {
    if (response.status === 401 || isTransientStatus(response.status)) {
      // The batch as a whole was refused for a reason every entry shares (session, overload).
      for (const { entry, key } of claimed) {
        const outcome = await classify(ctx, entry, response);
        if (outcome !== 'resend') note(ctx, run, key, outcome);
      }
      return;
    }
    for (const { entry } of claimed) await release(ctx, entry);
    if (response.status === 404) {
      // An older server without the endpoint: this engine sends one request per entry from now on.
      ctx.push.supported = false;
      for (const { entry } of claimed) run.seen.delete(entry.seq!);
      return;
    }
    // Refused as a whole (too large, or an answer this client does not read): each on its own route.
    for (const { entry, key } of claimed) {
      if (run.stop !== null) break;
      if (!run.blocked.has(key)) note(ctx, run, key, await sendEntry(ctx, entry.seq!));
    }
    return;
  }
  ctx.push.limit = Math.min(PUSH_MAX_ENTRIES, ctx.push.limit * 2);
  // A replayed answer without the record as it is now (an older server): read those first, outside
  // the transaction below, which must not wait on the network.
  const known = await Promise.all(
    claimed.map(async ({ entry }, index): Promise<CurrentRecord | null> => {
      const result = results[index]!;
      if (result.current !== undefined) return asCurrent(result.current);
      if (result.status < 200 || result.status >= 300) return null;
      return currentRecord(ctx, entry, asResponse(result));
    }),
  );
  // Every answer of the batch in one transaction: one commit instead of one or two per entry, which
  // on a tablet's storage took longer than the batch's round trip.
  const tables = [...new Set(claimed.map(({ entry }) => entry.collection))];
  await ctx.db.transaction('rw', [...tables, 'outbox', 'files', 'shadows', 'meta'], async () => {
    for (const [index, { entry, key }] of claimed.entries()) {
      const result = results[index]!;
      const seq = entry.seq!;
      if (result.status === SYNC_PUSH_NOT_APPLIED) {
        // Held back behind a failed change of its record, or after the batch stopped: it goes again.
        await release(ctx, entry);
        run.seen.delete(seq);
        continue;
      }
      // Acknowledging an earlier answer may have rebased this entry: classify the stored one.
      const current = (await ctx.db.outbox.get(seq)) ?? entry;
      const outcome = await classify(ctx, current, asResponse(result), known[index]!);
      if (outcome !== 'resend') {
        note(ctx, run, key, outcome);
        continue;
      }
      const merges = (run.merges.get(seq) ?? 0) + 1;
      run.merges.set(seq, merges);
      if (merges >= MAX_MERGES_PER_RUN) {
        const stored = (await ctx.db.outbox.get(seq)) ?? current;
        note(ctx, run, key, await retryLater(ctx, stored, 'The record keeps changing on the server', false));
      } else run.seen.delete(seq);
    }
  });
}

/**
 * Batched replay: the FIFO head of entries that may go now, bounded by PUSH_MAX_ENTRIES and
 * PUSH_MAX_BYTES, in one request. An entry with files (or too large for a batch) goes alone on its own
 * route, in its turn, so the order of writes is kept.
 */
async function pushRound(ctx: EngineContext, queue: OutboxEntry[], run: Run): Promise<void> {
  const batch: Array<{ entry: OutboxEntry; key: string }> = [];
  let bytes = 0;
  for (const entry of queue) {
    const key = recordKey(entry.collection, entry.recordId);
    if (run.blocked.has(key)) {
      run.seen.add(entry.seq!);
      continue;
    }
    if (!run.force && entry.nextAttemptAt > ctx.now()) {
      if (batch.length === 0) run.waitUntil = { at: entry.nextAttemptAt, error: entry.error };
      break;
    }
    const size = batchSize(entry);
    if (size === null || size > PUSH_MAX_BYTES) {
      if (batch.length === 0) {
        run.seen.add(entry.seq!);
        note(ctx, run, key, await sendEntry(ctx, entry.seq!));
      }
      break;
    }
    if (batch.length >= ctx.push.limit || bytes + size > PUSH_MAX_BYTES) break;
    batch.push({ entry, key });
    bytes += size;
  }
  if (batch.length > 0) await sendBatch(ctx, batch, run);
}

/**
 * The run stopped on a transient failure: one back-off for the run, set on every entry it put back.
 * Each entry's own guess was made when its answer came, with the streak as it was then; in a batch an
 * early entry's failure is read before later entries' successes, and jitter drawn per entry would let
 * the queue trickle out one entry per timer. Anything sent in this run reset the streak (note), so a
 * run that made progress waits the shortest step, not minutes behind a link that works again.
 */
async function backOff(
  ctx: EngineContext,
  run: Run,
  stop: Extract<Stop, { status: 'retry-later' }>,
): Promise<void> {
  ctx.backoff.streak++;
  const retryAt = ctx.now() + backoffDelay(ctx.backoff.streak, ctx.random, run.retryAfterMs);
  await ctx.db.transaction('rw', ['outbox'], async () => {
    for (const seq of run.deferred) {
      const entry = await ctx.db.outbox.get(seq);
      if (entry && entry.state === 'waiting') await ctx.db.outbox.put({ ...entry, nextAttemptAt: retryAt });
    }
  });
  stop.retryAt = retryAt;
  run.deferred = [];
}

/**
 * One replay run under the replay lock: FIFO through the signed-in user's entries, in batches
 * (pushRound), or one request per entry against a server without batches (windowRound). Network
 * errors, 5xx and 429 stop the run (back-off); 401 stops it until the user signs in again; a failed or
 * conflicting entry holds back later changes of its record while other records go on. `force` ignores
 * back-off (the browser came online, a person pressed Retry).
 */
export async function runReplay(ctx: EngineContext, force: boolean): Promise<ReplayResult> {
  const user = ctx.getUser();
  if (!user) return { status: 'no-user', sent: 0 };
  const run: Run = {
    userId: user.id,
    force,
    sent: 0,
    blocked: new Set(),
    seen: new Set(),
    merges: new Map(),
    stop: null,
    deferred: [],
    retryAfterMs: 0,
    waitUntil: null,
  };
  for (;;) {
    const queue = sendable(await ctx.db.outbox.orderBy('seq').toArray(), user.id, run.blocked).filter(
      (entry) => !run.seen.has(entry.seq!),
    );
    if (queue.length === 0) return { status: 'done', sent: run.sent };
    if (ctx.push.supported) await pushRound(ctx, queue, run);
    else await windowRound(ctx, queue, run);
    if (run.stop?.status === 'retry-later') await backOff(ctx, run, run.stop);
    if (run.stop) return { ...run.stop, sent: run.sent };
    if (run.waitUntil) {
      const { at, error } = run.waitUntil;
      return { status: 'retry-later', sent: run.sent, retryAt: at, error, offline: false };
    }
  }
}
