import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { isSetupPath } from '@/domain/setup';
import { httpsOrigin, requestHostname } from './modules/setup/request-info';

export interface HttpPort {
  server: http.Server;
  port: number;
  close(): Promise<void>;
}

/** Where a plain-HTTP request is sent: the same host and path on the HTTPS port (or PUBLIC_URL's origin). */
export function httpsLocation(app: FastifyInstance, hostHeader: string | undefined, url: string): string {
  const publicUrl = app.config.publicUrl;
  if (publicUrl && publicUrl.startsWith('https:')) return new URL(url, publicUrl).href;
  const { port } = app.server.address() as AddressInfo;
  const host = requestHostname(hostHeader) ?? 'localhost';
  return new URL(url, httpsOrigin(host, port)).href;
}

/**
 * The optional plain HTTP port (HTTP_PORT): every request goes to HTTPS, except the setup page, which a
 * tablet must be able to open before it trusts the server's certificate. Redirects are temporary, so
 * browsers do not remember them should the server ever run without HTTPS again.
 */
export async function listenHttpPort(
  app: FastifyInstance,
  options: { host: string; port: number },
): Promise<HttpPort> {
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    const pathname = url.split(/[?#]/)[0] ?? '/';
    if (isSetupPath(pathname)) {
      app.routing(req, res);
      return;
    }
    const location = httpsLocation(app, req.headers.host, url.startsWith('/') ? url : '/');
    const method = req.method ?? 'GET';
    res.writeHead(method === 'GET' || method === 'HEAD' ? 302 : 307, {
      location,
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
    });
    res.end(method === 'HEAD' ? undefined : `FleetPilot runs on HTTPS: ${location}\n`);
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
