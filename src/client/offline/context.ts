import type { OfflineDb } from './db';
import type { Transport, TransportRequest, TransportResponse } from './transport';
import type { SyncUser } from './types';

/** Everything the write path, replay and mirror need; injected so tests run them in-process. */
export interface EngineContext {
  db: OfflineDb;
  transport: Transport;
  getUser: () => SyncUser | null;
  getToken: () => string | null;
  now: () => number;
  random: () => number;
  newId: () => string;
  compress: (blob: Blob) => Promise<Blob>;
}

export const isoAt = (ms: number) => new Date(ms).toISOString();

/** Sends with the session token; the transport rejects only when no answer came. */
export function send(ctx: EngineContext, request: TransportRequest): Promise<TransportResponse> {
  const token = ctx.getToken();
  const headers = token ? { ...request.headers, 'x-auth-token': token } : request.headers;
  return ctx.transport({ ...request, headers });
}
