import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http-error';
import { contentTypeForPath } from '../../services/storage';

/** Stored names are "<folder>/<yyyy-mm>/<random>.<ext>": plain segments, no dots of their own. */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** The stored relative path named by a request, or null for anything that could leave the root. */
export function safeUploadPath(raw: string): string | null {
  let value = raw;
  // Decode until stable, so "%252e%252e" cannot arrive at the disk as "..".
  for (let i = 0; i < 3 && value.includes('%'); i++) {
    try {
      value = decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  if (value.includes('%') || value.includes('\0') || value.includes('\\')) return null;
  const segments = value.split('/');
  if (!segments.every((s) => SEGMENT.test(s) && s !== '.' && s !== '..')) return null;
  return segments.join('/');
}

/**
 * GET /uploads/{path}: files from the storage. Public on purpose — stored names carry 128 random
 * bits and are never listed, so a URL is only known to those who were shown it (like the `<img>` tags
 * of the app, which cannot send the auth header). Names never change, so caches may keep them.
 */
export async function uploadsRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get('/uploads/*', {
    config: { access: 'public' },
    // No response schema: the body is the file's bytes, errors are the usual { message, code }.
    schema: { tags: ['uploads'], params: z.object({ '*': z.string() }) },
    handler: async (request, reply) => {
      const relative = safeUploadPath(request.params['*']);
      const file = relative ? await app.storage.open(relative) : null;
      if (!relative || !file) throw notFound('File not found');
      return reply
        .header('content-type', contentTypeForPath(relative))
        .header('content-length', String(file.size))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
        .send(file.stream());
    },
  });
}
