import type { IncomingMessage } from 'node:http';
import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { decodeJwt } from 'jose';
import pg from 'pg';
import { Server, type Socket } from 'socket.io';
import { REALTIME_PATH } from '@/domain/constants';
import type { Notification } from '@/domain/notification';
import { normalizeRole } from '@/domain/roles';
import type { UserRow } from '../modules/users/data';
import {
  DEFAULT_POKE_SPREAD,
  DEFAULT_POKE_WINDOW,
  deliverSpread,
  PokeThrottle,
  pokeSpreadMs,
  pokeWindowMs,
  type PokeSpread,
  type PokeWindow,
  type SyncPoke,
} from './poke-throttle';

/** Events the server sends. Data never travels over the socket except notifications. */
export interface ServerToClientEvents {
  'notification:new': (notification: Notification) => void;
  /**
   * Synced rows changed in these collections, up to `cursor` when given: pull, unless the mirror is
   * there already. Pokes are merged per instance (see poke-throttle.ts).
   */
  sync: (payload: SyncPoke) => void;
  /** Settings changed: reload GET /api/settings. */
  settings: () => void;
}
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- clients send nothing yet
export interface ClientToServerEvents {}
export interface SocketData {
  user: UserRow;
}
/** Between instances (through the adapter): a write on the sender, for the receiver's own sockets. */
export interface InterServerEvents {
  poke: (collections: string[], cursor: number | null) => void;
}
export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeServer;
  }
}

export interface RealtimeOptions {
  /** PostgreSQL URL: when set, socket.io's Postgres adapter fans events out to every instance. */
  databaseUrl?: string;
  /** The origin the app is published under (PUBLIC_URL); browsers from it may connect. */
  publicUrl?: string;
  /** How long `sync` pokes are gathered before they go out (tests shorten or lengthen it). */
  pokeWindow?: PokeWindow;
  pokeSpread?: PokeSpread;
}

export const userRoom = (userId: string) => `user:${userId}`;
export const roleRoom = (role: string) => `role:${normalizeRole(role)}`;

/** Payloads above PostgreSQL's NOTIFY limit travel through this table (the adapter's documented DDL). */
const ATTACHMENTS_TABLE = 'socket_io_attachments';
/** Arbitrary constant: two instances starting at once must not race on CREATE TABLE. */
const ATTACHMENTS_LOCK_ID = 724_311_201;
/** setTimeout's ceiling; longer token lifetimes are left to the next reconnect. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Which browser origins may open a socket. A browser always sends `Origin` on a WebSocket handshake, so a
 * handshake without one comes from a non-browser client (a script, a test, a native app): it cannot be a
 * cross-site page riding on a victim's browser, and it still needs a valid token. With `Origin`, only the
 * app's own origin is accepted: the one the request was addressed to (`Host`, or `X-Forwarded-Host` set by a
 * proxy — a page cannot forge either header on a WebSocket) or the configured PUBLIC_URL.
 * `Origin: null` (sandboxed frames, file://) is refused.
 */
export function isAllowedOrigin(req: IncomingMessage, publicOrigin: string | null): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (publicOrigin && url.origin === publicOrigin) return true;
  const forwarded = req.headers['x-forwarded-host'];
  const hosts = [req.headers.host, ...(typeof forwarded === 'string' ? forwarded.split(',') : [])];
  return hosts.some((host) => !!host && host.trim().toLowerCase() === url.host.toLowerCase());
}

async function createPostgresAdapter(app: FastifyInstance, databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  pool.on('error', (err) => app.log.warn({ err }, 'realtime adapter connection error'));
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [ATTACHMENTS_LOCK_ID]);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${ATTACHMENTS_TABLE} (
         id bigserial UNIQUE, created_at timestamptz DEFAULT now(), payload bytea)`,
    );
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    await pool.end();
    throw err;
  } finally {
    client.release();
  }
  const adapter = createAdapter(pool, {
    tableName: ATTACHMENTS_TABLE,
    errorHandler: (err) => app.log.warn({ err }, 'realtime adapter error'),
  });
  return { adapter, close: () => pool.end() };
}

/**
 * socket.io on the app's own HTTP server: websocket transport only, the token in
 * `auth.token`, rooms per user and per role. Domain events become socket messages; with PostgreSQL the
 * adapter fans them out across instances, otherwise they stay in this process.
 */
export const realtimePlugin = fp(
  async (app: FastifyInstance, opts: RealtimeOptions) => {
    const publicOrigin = opts.publicUrl ? new URL(opts.publicUrl).origin : null;
    const postgres = opts.databaseUrl ? await createPostgresAdapter(app, opts.databaseUrl) : null;

    const io: RealtimeServer = new Server(app.server, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      serveClient: false,
      allowRequest: (req, callback) => {
        const ok = isAllowedOrigin(req, publicOrigin);
        if (!ok)
          app.log.info({ origin: req.headers.origin }, 'realtime handshake from a foreign origin refused');
        callback(ok ? null : 'Origin not allowed', ok);
      },
      ...(postgres && { adapter: postgres.adapter }),
    });

    io.use(async (socket, next) => {
      const token: unknown = socket.handshake.auth?.token;
      const user =
        typeof token === 'string' && token ? await app.tokens.verify(token).catch(() => null) : null;
      if (!user) return next(new Error('UNAUTHENTICATED'));
      socket.data.user = user;
      scheduleExpiry(socket, token as string);
      next();
    });

    io.on('connection', (socket) => {
      const { user } = socket.data;
      void socket.join([userRoom(user.id), roleRoom(user.role)]);
    });

    const onNotification = (userId: string, notification: Notification) => {
      io.to(userRoom(userId)).emit('notification:new', notification);
    };
    // Each instance pokes only its own sockets, at most once per window. A write is relayed to the other
    // instances as it happens, and each merges it with its own writes: a socket hears of a busy minute
    // of the whole fleet once per window, not once per write per instance. Every socket is
    // authenticated (the middleware refuses others), so this reaches signed-in users only.
    const pokeWindow = opts.pokeWindow ?? DEFAULT_POKE_WINDOW;
    const pokeSpread = opts.pokeSpread ?? DEFAULT_POKE_SPREAD;
    let cancelSpread = () => {};
    const sendPoke = (poke: SyncPoke) => {
      const sockets = [...io.of('/').sockets.values()];
      const cancelEarlier = cancelSpread;
      const cancel = deliverSpread(sockets, pokeSpreadMs(pokeSpread, sockets.length), (socket) => {
        if (socket.connected) socket.emit('sync', poke);
      });
      // Spreads are shorter than the window, so one rarely overlaps the next; shutdown cancels both.
      cancelSpread = () => {
        cancelEarlier();
        cancel();
      };
    };
    const pokes = new PokeThrottle(sendPoke, () => pokeWindowMs(pokeWindow, io.of('/').sockets.size));
    const onSync = (collections: string[], cursor?: number) => {
      pokes.add(collections, cursor);
      if (postgres) io.serverSideEmit('poke', collections, cursor ?? null);
    };
    io.on('poke', (collections, cursor) => pokes.add(collections, cursor ?? undefined));
    const onSettings = () => {
      io.emit('settings');
    };
    const onRevoked = (userId: string) => {
      // Across instances through the adapter: no socket keeps listening on a revoked session or an
      // old role's rooms. The client reconnects with its current token, which is checked again.
      io.in(userRoom(userId)).disconnectSockets(true);
    };
    app.events.on('user:revoked', onRevoked);
    app.events.on('notification:created', onNotification);
    app.events.on('sync:changed', onSync);
    app.events.on('settings:changed', onSettings);

    app.decorate('realtime', io);

    // Sockets must go before the HTTP server closes: open WebSockets would keep it from closing.
    // io.close() also closes app.server; Fastify tolerates the server being closed already.
    app.addHook('preClose', async () => {
      app.events.off('user:revoked', onRevoked);
      app.events.off('notification:created', onNotification);
      app.events.off('sync:changed', onSync);
      app.events.off('settings:changed', onSettings);
      pokes.close();
      cancelSpread();
      await io.close();
    });
    if (postgres) app.addHook('onClose', async () => postgres.close());
  },
  { name: 'realtime', dependencies: ['auth', 'events'] },
);

/** A socket outlives no token: it is dropped when the token that opened it expires. */
function scheduleExpiry(socket: RealtimeSocket, token: string) {
  const { exp } = decodeJwt(token);
  if (!exp) return;
  const delay = exp * 1000 - Date.now();
  if (delay > MAX_TIMER_MS) return;
  const timer = setTimeout(() => socket.disconnect(true), Math.max(delay, 0));
  timer.unref();
  socket.once('disconnect', () => clearTimeout(timer));
}
