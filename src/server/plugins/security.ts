import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_PRELOAD_SCRIPTS } from '@/domain/session-preload';

/** Answers smaller than this many bytes go out uncompressed: packing them saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;

/** A Host header we are willing to echo into the CSP: host name or [IPv6], optional port. */
const SAFE_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** What a host-dependent CSP source reads of the request: its Host header only. */
type RequestHead = Pick<IncomingMessage, 'headers'>;
/** A CSP source: literal, or computed from the request's Host header. */
type CspSource = string | ((req: RequestHead) => string);
/** CSP directives by camelCase name (`connectSrc` → `connect-src`), in the order they are sent. */
export type CspDirectives = Readonly<Record<string, readonly CspSource[]>>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route's own Content-Security-Policy instead of the app's (the API docs). */
    csp?: CspDirectives;
  }
}

/**
 * The realtime socket connects to the page's own origin. CSP3 browsers already count same-origin
 * ws:/wss: as 'self', older WebKit does not, so the exact origin is named too — never the whole
 * ws: scheme, which would let an injected script talk to any host.
 */
function sameOriginSocket(scheme: 'ws' | 'wss') {
  return (req: RequestHead): string => {
    const host = req.headers.host;
    return host && SAFE_HOST.test(host) ? `${scheme}://${host}` : "'self'";
  };
}

/**
 * The page's one inline script, allowed by the hash of its exact text (the current one and the one an
 * older stored page may still carry): any other inline script, one an attacker injected included, is
 * still refused.
 */
export const SESSION_PRELOAD_SOURCES = SESSION_PRELOAD_SCRIPTS.map(
  (script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
);

/** The PWA's policy: only our own scripts; Mantine injects <style> tags, hence 'unsafe-inline' styles. */
export const APP_CSP_DIRECTIVES: CspDirectives = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'", ...SESSION_PRELOAD_SOURCES],
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
 * The hardening headers besides the CSP, in the order they are set: same-origin opener and resources
 * (photos under /uploads are loaded by the app itself only), referrer only to ourselves, no framing,
 * HSTS for this host only (FleetPilot often runs on a subdomain of a company domain it does not own),
 * and the legacy switches browsers still read. These are the values helmet produced for this
 * configuration; tests/server/plugins/security-headers.test.ts holds them against helmet itself.
 */
export const SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'same-origin'],
  ['Strict-Transport-Security', 'max-age=31536000'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'DENY'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

/** Directive names as the header spells them; a name or value that would break the header is refused. */
const DIRECTIVE_NAME = /^[a-z](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?$/;
const BREAKS_DIRECTIVE = /[;,]/;
/** CSP keywords that only mean something quoted; unquoted they would name a host. */
const MUST_BE_QUOTED = new Set([
  'none',
  'self',
  'strict-dynamic',
  'report-sample',
  'inline-speculation-rules',
  'unsafe-inline',
  'unsafe-eval',
  'unsafe-hashes',
  'wasm-unsafe-eval',
]);

function checkSource(directive: string, source: string) {
  if (
    BREAKS_DIRECTIVE.test(source) ||
    MUST_BE_QUOTED.has(source) ||
    /^(?:nonce|sha256|sha384|sha512)-/.test(source)
  ) {
    throw new Error(`Content-Security-Policy: invalid source ${JSON.stringify(source)} in ${directive}`);
  }
}

/** Most distinct Host values whose policy is kept; the header is the client's, so it is bounded. */
const MAX_HOSTS = 256;

/**
 * One policy, compiled once: the literal directives are joined at start, and the whole header value is
 * kept per Host header, so a request costs a map lookup instead of building the policy again.
 */
class CompiledPolicy {
  private readonly parts: Array<{ name: string; sources: readonly CspSource[] }> = [];
  private readonly byHost = new Map<string | undefined, string>();

  constructor(directives: CspDirectives) {
    for (const [key, sources] of Object.entries(directives)) {
      if (!DIRECTIVE_NAME.test(key)) throw new Error(`Content-Security-Policy: invalid directive ${key}`);
      const name = key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
      for (const source of sources) if (typeof source === 'string') checkSource(name, source);
      this.parts.push({ name, sources });
    }
    if (!this.parts.some((p) => p.name === 'default-src')) {
      throw new Error('Content-Security-Policy needs a default-src');
    }
  }

  value(host: string | undefined): string {
    let value = this.byHost.get(host);
    if (value === undefined) {
      const req: RequestHead = { headers: { host } };
      value = this.parts
        .map(({ name, sources }) => {
          if (sources.length === 0) return name;
          const text = sources.map((s) => (typeof s === 'string' ? s : s(req)));
          for (const source of text) checkSource(name, source);
          return `${name} ${text.join(' ')}`;
        })
        .join(';');
      if (this.byHost.size >= MAX_HOSTS) this.byHost.clear();
      this.byHost.set(host, value);
    }
    return value;
  }
}

/**
 * Security headers (the CSP above and the hardening headers) and response compression for every route
 * registered after this plugin. upgrade-insecure-requests is left out on purpose: FleetPilot is often
 * reached over plain HTTP inside a site network, where upgrading would break every request.
 *
 * The headers are set on the reply at the start of every request, so a route may still replace one (the
 * uploads send their own CSP) and error answers carry them too (Fastify keeps a reply's headers when an
 * error is answered). helmet rebuilt its whole configuration for every request and wrote each header
 * onto the raw response; here the values are built once and go out with Fastify's own headers in one
 * write. Nothing in this server sets X-Powered-By, which helmet removed.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    // Fastify lower-cases every name it is given; given lower-case, it has nothing to copy.
    const hardening = SECURITY_HEADERS.map(([name, value]) => [name.toLowerCase(), value] as const);
    const appPolicy = new CompiledPolicy(APP_CSP_DIRECTIVES);
    const routePolicies = new WeakMap<CspDirectives, CompiledPolicy>();
    const policyOf = (directives: CspDirectives | undefined): CompiledPolicy => {
      if (!directives) return appPolicy;
      let policy = routePolicies.get(directives);
      if (!policy) routePolicies.set(directives, (policy = new CompiledPolicy(directives)));
      return policy;
    };

    app.addHook(
      'onRequest',
      function securityHeaders(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
        reply.header(
          'content-security-policy',
          policyOf(request.routeOptions.config.csp).value(request.headers.host),
        );
        for (const [name, value] of hardening) reply.header(name, value);
        done();
      },
    );
    await app.register(compress, {
      global: true,
      threshold: COMPRESS_THRESHOLD,
      encodings: ['br', 'gzip', 'deflate'],
    });
  },
  { name: 'security' },
);
