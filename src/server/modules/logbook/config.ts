import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DEFAULT_LOGBOOK_CONFIG,
  logbookConfigAnswerSchema,
  logbookConfigSchema,
  type LogbookConfig,
} from '@/domain/logbook';
import type { Executor } from '../../db/client';
import { changedFields } from '../../plugins/audit';
import { readConfigDocument, writeConfigDocument } from '../../services/config-documents';
import { errorBodySchema } from '../auth/schemas';

export const LOGBOOK_CONFIG_KEY = 'logbook';

/** The stored logbook configuration, or the default while none (or no valid one) is stored. */
export function readLogbookConfig(executor: Executor): Promise<LogbookConfig> {
  return readConfigDocument(executor, LOGBOOK_CONFIG_KEY, logbookConfigSchema, DEFAULT_LOGBOOK_CONFIG);
}

/**
 * GET /api/betriebstagebuch-config (any signed-in user: the form needs it offline) and PUT (admins,
 * replaces the document). A PUT the declaration refuses (an empty or repeated key, a latitude out of
 * range, a shift that ends when it starts) answers 400 like every entity's write: the English per
 * field, and the same issues as keys with params, which the settings form shows in its language.
 */
export async function logbookConfigRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

  r.get('/betriebstagebuch-config', {
    config: { access: 'signed-in' },
    schema: { tags: ['logbook'], response: { 200: logbookConfigAnswerSchema, 401: errorBodySchema } },
    handler: async () => readLogbookConfig(app.db),
  });

  r.put('/betriebstagebuch-config', {
    config: { access: 'settings:write' },
    schema: {
      tags: ['logbook'],
      body: logbookConfigSchema,
      response: { 200: logbookConfigAnswerSchema, ...errors },
    },
    handler: async (request, reply) =>
      app.runWrite(request, reply, {}, async (w) => {
        const next = request.body;
        const before = await readLogbookConfig(w.tx);
        await writeConfigDocument(w.tx, LOGBOOK_CONFIG_KEY, next, request.user!.id);
        const changes = changedFields(before, next);
        if (Object.keys(changes).length > 0) {
          await app.audit(
            request,
            {
              action: 'logbook-config.update',
              entity: 'logbook-config',
              entityId: LOGBOOK_CONFIG_KEY,
              changes,
            },
            w.tx,
          );
        }
        return { body: next };
      }),
  });
}
