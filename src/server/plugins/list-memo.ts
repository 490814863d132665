import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * `data` as JSON, encoded by a route's response schema exactly as the route's serializer does: a value
 * that does not match fails the same way (a 500 logged as "response does not match its schema").
 */
export function encodeResponse<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
  data: z.output<S>,
): string {
  const result = schema.safeEncode(data);
  if (!result.success)
    throw new ResponseSerializationError(request.method, request.url, { cause: result.error });
  return JSON.stringify(result.data);
}

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
    encodeResponse(reply.request, memo.schema, await load()),
  );
  return sendJsonText(reply, json);
}

/** Sends JSON text as is: a string payload with a JSON type skips the route's response serializer. */
export function sendJsonText(reply: FastifyReply, json: string, type = 'application/json'): FastifyReply {
  return reply.type(type).send(json);
}

/** Sends JSON already packed with gzip, as is: the compress hook leaves an answer that names its encoding. */
export function sendGzippedJson(reply: FastifyReply, gzipped: Buffer): FastifyReply {
  return reply
    .type('application/json')
    .header('content-encoding', 'gzip')
    .header('vary', 'accept-encoding')
    .send(gzipped);
}
