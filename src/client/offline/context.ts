import { tellsServerTime, type ServerClock } from './clock';
import { reportNetworkFailure, reportServerReached } from './connectivity';
import type { OfflineDb } from './db';
import { DeadlineError, type Transport, type TransportRequest, type TransportResponse } from './transport';
import type { SyncUser } from './types';
import { AUTH_TOKEN_HEADER } from '@/domain/constants';

/** Everything the write path, replay and mirror need; injected so tests run them in-process. */
export interface EngineContext {
  db: OfflineDb;
  transport: Transport;
  getUser: () => SyncUser | null;
  getToken: () => string | null;
  now: () => number;
  /** The server's time as the device can tell it: what actions are stamped with (`occurredAt`). */
  clock: ServerClock;
  random: () => number;
  newId: () => string;
  compress: (blob: Blob) => Promise<Blob>;
  /**
   * Replay runs in a row that stopped on a transient failure; the back-off grows with it. Kept in memory,
   * so a page load starts afresh, and reset by every sign of connectivity.
   */
  backoff: { streak: number };
  /**
   * `supported`: false once the server answered 404 for POST /api/sync/push (an older server): entries
   * go one by one. `limit`: entries in the next batch, smaller while batches go unanswered.
   */
  push: { supported: boolean; limit: number };
}

export const isoAt = (ms: number) => new Date(ms).toISOString();

/**
 * Sends with the session token; the transport rejects only when no answer came. Every request tells
 * the connection indicator what it saw: an answer and how long it took, a deadline, or no answer.
 */
export async function send(ctx: EngineContext, request: TransportRequest): Promise<TransportResponse> {
  const token = ctx.getToken();
  const headers = token ? { ...request.headers, [AUTH_TOKEN_HEADER]: token } : request.headers;
  const started = ctx.now();
  try {
    const response = await ctx.transport({ ...request, headers });
    const answered = ctx.now();
    if (tellsServerTime(request.method, request.url))
      ctx.clock.observe(response.headers.get('date'), started, answered);
    reportServerReached(answered - started);
    return response;
  } catch (error) {
    reportNetworkFailure(error instanceof DeadlineError ? 'timeout' : 'unreachable');
    throw error;
  }
}
