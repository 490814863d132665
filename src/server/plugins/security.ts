import type { IncomingMessage } from 'node:http';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** A Host header we are willing to echo into the CSP: host name or [IPv6], optional port. */
const SAFE_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The realtime socket connects to the page's own origin. CSP3 browsers already count same-origin
 * ws:/wss: as 'self', older WebKit does not, so the exact origin is named too — never the whole
 * ws: scheme, which would let an injected script talk to any host.
 */
function sameOriginSocket(scheme: 'ws' | 'wss') {
  return (req: IncomingMessage): string => {
    const host = req.headers.host;
    return host && SAFE_HOST.test(host) ? `${scheme}://${host}` : "'self'";
  };
}

/** The PWA's policy: only our own scripts; Mantine injects <style> tags, hence 'unsafe-inline' styles. */
export const APP_CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", sameOriginSocket('ws'), sameOriginSocket('wss')],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
};

/**
 * Security headers (helmet, with the CSP above) and response compression for every route registered
 * after this plugin. upgrade-insecure-requests is left out on purpose: FleetPilot is often reached over
 * plain HTTP inside a site network, where upgrading would break every request.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: APP_CSP_DIRECTIVES },
      // Photos under /uploads are loaded by the app itself only.
      crossOriginResourcePolicy: { policy: 'same-origin' },
      referrerPolicy: { policy: 'same-origin' },
      frameguard: { action: 'deny' },
      // Only this host: FleetPilot often runs on a subdomain of a company domain it does not own.
      strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: false },
    });
    await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  },
  { name: 'security' },
);
