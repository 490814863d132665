import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';

/**
 * Answers a list route from memory: the page as JSON, encoded by the route's own response schema (as its
 * serializer would), kept until one of `tables` changes (see `HotCache.memo`). A repeated page costs
 * neither a query nor an encoding; the JSON text goes out as is.
 */
export async function sendListPage<S extends z.ZodType>(
  app: FastifyInstance,
  reply: FastifyReply,
  memo: { tables: readonly string[]; key: string; schema: S },
  load: () => Promise<z.output<S>>,
): Promise<FastifyReply> {
  const json = await app.hotCache.memo(memo.tables, memo.key, async () =>
    JSON.stringify(memo.schema.encode(await load())),
  );
  return sendJsonText(reply, json);
}

/** Sends JSON text as is: a string payload with a JSON type skips the route's response serializer. */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json').send(json);
}
