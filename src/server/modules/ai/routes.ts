import type { FastifyInstance } from 'fastify';
import { AiError } from '../../services/ai/errors';
import { aiAdminRoutes } from './admin-routes';
import { aiHelperRoutes } from './helper-routes';

/**
 * AI helpers and AI administration, all behind the `ai` feature flag (access plugin).
 *
 * AI failures carry their own codes (AI_ERROR_CODES in src/domain/ai.ts); this context answers them
 * and hands every other error on to the app's error handler.
 */
export async function aiRoutes(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => {
    if (!(error instanceof AiError)) throw error;
    request.log.warn({ code: error.code, details: error.details }, error.message);
    return reply.status(error.status).send({
      message: error.message,
      code: error.code,
      ...(error.details !== undefined && { details: error.details }),
    });
  });
  await app.register(aiHelperRoutes);
  await app.register(aiAdminRoutes);
}
