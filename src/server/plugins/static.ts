import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiErrorBody } from '@/domain/errors';

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

/** Fastify's default for `maxParamLength`. */
const DEFAULT_MAX_PARAM_LENGTH = 100;

/** Paths that belong to the server, never to the PWA: they never fall back to index.html. */
const SERVER_PREFIXES = ['/api', '/uploads', '/socket.io'];

export const CLIENT_NOT_BUILT_MESSAGE =
  'The web app has not been built yet. Run "npm run build" and restart, or start with "npm start", which builds it first.';

function pathOf(request: FastifyRequest): string {
  const url = request.raw.url ?? '/';
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

function isServerPath(pathname: string): boolean {
  return SERVER_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

function notFoundBody(request: FastifyRequest): ApiErrorBody {
  return { message: `Route ${request.method} ${pathOf(request)} not found`, code: 'NOT_FOUND' };
}

/**
 * Serves the built PWA from `clientDir`: content-hashed files under /assets/ are cached for a year,
 * everything else (index.html, the service worker, the manifest, icons) is revalidated on every load so a
 * new release reaches users at once. Client-side routes (/excavators/…) get index.html. Unknown /api paths
 * answer 404 in the API's error shape. Without a build, app paths answer 503 with what to do.
 */
export const staticPlugin = fp(
  async (app: FastifyInstance, opts: { clientDir: string }) => {
    const indexFile = path.join(opts.clientDir, 'index.html');
    const built = fs.existsSync(indexFile);
    const assetsDir = path.join(opts.clientDir, 'assets') + path.sep;

    if (built) {
      // Encapsulated so the sendFile decorator stays here and other plugins may register their own.
      await app.register(async (scope) => {
        await scope.register(fastifyStatic, {
          root: opts.clientDir,
          prefix: '/',
          wildcard: true,
          decorateReply: false,
          dotfiles: 'ignore',
          // The build writes .br and .gz copies (vite.config.ts): served as they are, never recompressed.
          preCompressed: true,
          cacheControl: false,
          setHeaders: (reply: FastifyReply, filePath: string) => {
            reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE_CACHE : NO_CACHE);
          },
        });
      });
    } else {
      app.log.warn(`No web app in ${opts.clientDir}: ${CLIENT_NOT_BUILT_MESSAGE}`);
    }

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = pathOf(request);
      const readsPage = request.method === 'GET' || request.method === 'HEAD';
      // With the app built, the file server's catch-all takes the paths whose parameter the router found
      // too long, before Fastify can call them a framework error: answer them the same way here, so the
      // API behaves alike with and without a build (and never repeats such a path back).
      const longest = app.initialConfig.maxParamLength ?? DEFAULT_MAX_PARAM_LENGTH;
      if (isServerPath(pathname) && pathname.split('/').some((segment) => segment.length > longest)) {
        const body: ApiErrorBody = { message: 'A path parameter is too long', code: 'BAD_REQUEST' };
        return reply.status(400).send(body);
      }
      // A known path asked with a method it does not answer: 405 naming the ones it does.
      const allowed = isServerPath(pathname) ? app.allowedMethods(pathname) : [];
      if (allowed.length > 0 && !allowed.includes(request.method)) {
        const body: ApiErrorBody = { message: 'Method not allowed', code: 'METHOD_NOT_ALLOWED' };
        return reply.status(405).header('allow', allowed.join(', ')).send(body);
      }
      if (isServerPath(pathname) || !readsPage) return reply.status(404).send(notFoundBody(request));
      if (!built) {
        const body: ApiErrorBody = { message: CLIENT_NOT_BUILT_MESSAGE, code: 'SERVICE_UNAVAILABLE' };
        return reply.status(503).header('cache-control', 'no-store').send(body);
      }
      // A missing hashed asset or a request for data is a real 404, not the app shell.
      const wantsPage = (request.headers.accept ?? '').includes('text/html');
      if (!wantsPage || pathname.startsWith('/assets/')) return reply.status(404).send(notFoundBody(request));
      // Read on every fallback: a rebuild replaces index.html while the server keeps running.
      const html = await fs.promises.readFile(indexFile);
      return reply.status(200).type('text/html; charset=utf-8').header('cache-control', NO_CACHE).send(html);
    });
  },
  { name: 'static' },
);
