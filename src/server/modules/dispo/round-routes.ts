import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { assignmentSchema } from '@/domain/dispo/assignments';
import { roundDoneInputSchema, roundParamsSchema } from '@/domain/dispo/assignment-input';
import { applyDispoAction } from '@/domain/workflow/dispo';
import { errorBodySchema } from '../auth/schemas';
import { assignmentRecord, assignmentToApi, assignmentWorkflowView } from './assignment-data';
import { dispoRefusal } from './assignment-routes';

/**
 * PUT /api/containers/assignments/{id}/rounds/{index}/done {done} — the driver ticks a round in the
 * field. Allowed for the account linked to the assignment's driver once it is published, and for
 * 'dispo:write' roles: the shared workflow action decides (src/domain/workflow/dispo.ts), the same the
 * tablet applies to its copy while offline. A record write like any other: the tablet's outbox replays
 * it with its Idempotency-Key, and If-Match when sent.
 */
export async function roundRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const record = assignmentRecord(app);

  r.put('/containers/assignments/:id/rounds/:index/done', {
    config: { access: 'dispo:read' },
    schema: {
      tags: ['dispo'],
      params: roundParamsSchema,
      body: roundDoneInputSchema,
      response: {
        200: assignmentSchema,
        400: errorBodySchema,
        403: errorBodySchema,
        404: errorBodySchema,
        409: errorBodySchema,
      },
    },
    handler: async (request, reply) => {
      const { id, index } = request.params;
      const done = request.body.done;
      return record.write(request, reply, { id }, async (w, { row: existing, current }) => {
        const view = await assignmentWorkflowView(w.tx, existing);
        const result = applyDispoAction(view, { action: 'roundDone', index, done }, request.user!, w.at);
        if (!result.ok) throw dispoRefusal(result.reason, result.message, result.field);
        const rounds = result.changes.rounds;
        if (!rounds) return record.answer(200, current);
        const row = await record.update(
          w,
          request,
          existing,
          { rounds },
          {
            action: 'roundDone',
            changes: { [`rounds.${index}.done`]: { from: existing.rounds[index]?.done === true, to: done } },
          },
        );
        return record.answer(200, await assignmentToApi(w.tx, row));
      });
    },
  });
}
