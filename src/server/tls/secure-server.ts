import type { Server } from 'node:http';
import http2, { type Http2SecureServer, type Http2Session } from 'node:http2';
import type { FastifyServerFactory } from 'fastify';

export interface TlsCredentials {
  /** PEM private key. */
  key: string;
  /** PEM chain: the server certificate first. */
  cert: string;
}

/** An idle HTTP/2 connection is closed after this long (Fastify's own default). */
const SESSION_IDLE_MS = 72_000;

export interface SecureServers {
  /** For Fastify's `serverFactory`: every server Fastify asks for (one per listening address). */
  factory: FastifyServerFactory;
  /** New connections use these from now on; open connections keep theirs and are not dropped. */
  setCredentials(credentials: TlsCredentials): void;
  /** Asks every open HTTP/2 connection to finish its running requests and close. */
  closeSessions(): void;
}

/**
 * HTTPS servers that speak HTTP/2 (many small files over one connection: a tablet on a slow link
 * downloads the app in one go instead of six requests at a time) and HTTP/1.1 for everything else,
 * WebSocket upgrades included.
 */
export function secureServers(initial: TlsCredentials): SecureServers {
  const servers: Http2SecureServer[] = [];
  const sessions = new Set<Http2Session>();
  let credentials = initial;
  const factory: FastifyServerFactory = (handler) => {
    const server = http2.createSecureServer({ allowHTTP1: true, ...credentials }, handler as never);
    server.on('session', (session) => {
      sessions.add(session);
      session.once('close', () => sessions.delete(session));
      session.setTimeout(SESSION_IDLE_MS, () => session.close());
    });
    servers.push(server);
    // Fastify's types speak of an HTTP/1 server; the request and reply objects of HTTP/2's
    // compatibility API are what Fastify handles when it makes such a server itself.
    return server as unknown as Server;
  };
  return {
    factory,
    setCredentials(next) {
      credentials = next;
      for (const server of servers) server.setSecureContext(next);
    },
    closeSessions() {
      for (const session of sessions) if (!session.closed) session.close();
    },
  };
}
