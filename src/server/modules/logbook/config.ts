import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  CONFIG_KEYS_MESSAGE,
  DEFAULT_LOGBOOK_CONFIG,
  logbookConfigSchema,
  type LogbookConfig,
} from '@/domain/logbook';
import type { Executor } from '../../db/client';
import { validationFailed } from '../../http-error';
import { changedFields } from '../../plugins/audit';
import { readConfigDocument, writeConfigDocument } from '../../services/config-documents';
import { errorBodySchema } from '../auth/schemas';

export const LOGBOOK_CONFIG_KEY = 'logbook';

/** The stored logbook configuration, or the default while none (or no valid one) is stored. */
export function readLogbookConfig(executor: Executor): Promise<LogbookConfig> {
  return readConfigDocument(executor, LOGBOOK_CONFIG_KEY, logbookConfigSchema, DEFAULT_LOGBOOK_CONFIG);
}

/** Field → messages, as the error handler shapes validation details. */
function fieldMessages(issues: ReadonlyArray<z.core.$ZodIssue>) {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    (fields[key] ??= []).push(issue.message);
  }
  return { fields };
}

/**
 * GET /api/betriebstagebuch-config (any signed-in user: the form needs it offline) and PUT (admins,
 * replaces the document). A PUT with empty or duplicate keys answers 400 with the message
 * "Fix duplicate/empty keys before saving" and the offending fields.
 */
export async function logbookConfigRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

  r.get('/betriebstagebuch-config', {
    config: { access: 'signed-in' },
    schema: { tags: ['logbook'], response: { 200: logbookConfigSchema, 401: errorBodySchema } },
    handler: async () => readLogbookConfig(app.db),
  });

  r.put('/betriebstagebuch-config', {
    config: { access: 'settings:write' },
    // Validated here first so key problems answer with the form's own summary message.
    preValidation: async (request) => {
      const parsed = logbookConfigSchema.safeParse(request.body);
      if (parsed.success) return;
      const keys = parsed.error.issues.some((i) => i.message === CONFIG_KEYS_MESSAGE);
      throw validationFailed(
        keys ? CONFIG_KEYS_MESSAGE : 'Validation failed',
        fieldMessages(parsed.error.issues),
      );
    },
    schema: {
      tags: ['logbook'],
      body: logbookConfigSchema,
      response: { 200: logbookConfigSchema, ...errors },
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
