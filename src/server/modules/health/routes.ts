import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase, type Database } from '../../db/client';

const packageJson = z
  .object({ version: z.string() })
  .parse(JSON.parse(fs.readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')));

/** The running server's version, as released (package.json). */
export const SERVER_VERSION = packageJson.version;

/** A database that does not answer within this time counts as down: health checks must answer fast. */
const PING_TIMEOUT_MS = 2_000;

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'down']),
  version: z.string(),
});

async function databaseAnswers(db: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([pingDatabase(db), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** For load balancers and uptime checks: 200 when everything answers, 503 when the database does not. */
export async function healthRoutes(app: FastifyInstance, opts: { db: Database }) {
  app.withTypeProvider<ZodTypeProvider>().get('/health', {
    config: { access: 'public' },
    schema: {
      tags: ['health'],
      summary: 'Liveness and database reachability',
      response: { 200: healthSchema, 503: healthSchema },
    },
    handler: async (_request, reply) => {
      const up = await databaseAnswers(opts.db);
      return reply
        .status(up ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status: up ? 'ok' : 'degraded', database: up ? 'ok' : 'down', version: SERVER_VERSION });
    },
  });
}
