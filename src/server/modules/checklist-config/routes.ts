import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checklistConfigSchema } from '@/domain/checklist';
import { validationFailed } from '../../http-error';
import { changedFields } from '../../plugins/audit';
import { errorBodySchema } from '../auth/schemas';
import { readChecklistConfig, writeChecklistConfig } from './store';

/** Field path → messages, as the error handler reports schema failures. */
function fieldMessages(error: FastifyError): { message: string; fields: Record<string, string[]> } {
  const fields: Record<string, string[]> = {};
  for (const v of error.validation ?? []) {
    const key = (v.instancePath || '').split('/').filter(Boolean).join('.') || '_';
    (fields[key] ??= []).push(v.message ?? 'Invalid value');
  }
  const first = error.validation?.[0]?.message;
  return { message: first ?? 'Validation failed', fields };
}

/**
 * The report checklist configuration: read by every signed-in user (the report form
 * needs it, offline too — the client caches it), replaced as a whole by admins. Gated by the `reports`
 * flag (src/domain/features.ts). Existing reports keep their own snapshot, so a change never breaks them.
 */
export async function checklistConfigRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/checklist-config', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['reports'],
      response: { 200: checklistConfigSchema, 401: errorBodySchema, 403: errorBodySchema },
    },
    handler: async () => readChecklistConfig(app.db),
  });

  r.put('/checklist-config', {
    config: { access: 'settings:write' },
    // Validation failures answer with the first rule broken as the message ("Fix duplicate/empty keys
    // before saving"), the per-field messages in details, so the Settings editor can show both.
    attachValidation: true,
    schema: {
      tags: ['reports'],
      body: checklistConfigSchema,
      response: {
        200: checklistConfigSchema,
        400: errorBodySchema,
        401: errorBodySchema,
        403: errorBodySchema,
      },
    },
    handler: async (request, reply) => {
      if (request.validationError) {
        const { message, fields } = fieldMessages(request.validationError as FastifyError);
        throw validationFailed(message, { fields });
      }
      return app.runWrite(request, reply, {}, async (w) => {
        const before = await readChecklistConfig(w.tx);
        const changes = changedFields(before, request.body);
        if (Object.keys(changes).length === 0) return { body: before };
        await writeChecklistConfig(w.tx, request.body, request.user!.id);
        await app.audit(
          request,
          { action: 'checklist.update', entity: 'checklist-config', entityId: 'checklist', changes },
          w.tx,
        );
        return { body: await readChecklistConfig(w.tx) };
      });
    },
  });
}
