import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { assignmentSchema } from '@/domain/dispo/assignments';
import { roundDoneInputSchema, roundParamsSchema } from '@/domain/dispo/assignment-input';
import { can } from '@/domain/permissions';
import { dispoAssignments, dispoDrivers } from '../../db/schema';
import { forbidden, notFound } from '../../http-error';
import { assertFreshVersion, readIfMatch } from '../../plugins/write';
import { errorBodySchema } from '../auth/schemas';
import { ASSIGNMENTS, assignmentToApi, findAssignment } from './assignment-data';
import { withEtag } from './assignment-routes';

export const ROUND_DONE_FORBIDDEN =
  'Only the driver of this published assignment or a dispatcher can mark rounds done';

/**
 * PUT /api/containers/assignments/{id}/rounds/{index}/done {done} — the driver ticks a round in the
 * field. Allowed for the account linked to the assignment's driver once it is
 * published, and for 'dispo:write' roles. A write like any other (runWrite): the tablet's outbox replays
 * it with its Idempotency-Key, and If-Match when sent.
 */
export async function roundRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
      const expected = readIfMatch(request);
      const { id, index } = request.params;
      const user = request.user!;
      return app.runWrite(request, reply, { collections: [ASSIGNMENTS] }, async (w) => {
        const existing = await findAssignment(w.tx, id, true);
        if (!existing || existing.deletedAt) throw notFound('Assignment not found');
        if (!can(user, 'dispo:write')) {
          const [driver] = await w.tx
            .select({ id: dispoDrivers.id })
            .from(dispoDrivers)
            .where(
              and(
                eq(dispoDrivers.id, existing.driverId),
                eq(dispoDrivers.userId, user.id),
                isNull(dispoDrivers.deletedAt),
              ),
            );
          if (!driver || existing.status !== 'published') throw forbidden(ROUND_DONE_FORBIDDEN);
        }
        const round = existing.rounds[index];
        if (!round) throw notFound(`This assignment has no round ${index + 1}`);
        assertFreshVersion(expected, existing.version, await assignmentToApi(w.tx, existing));
        const done = request.body.done;
        if ((round.done === true) === done) return withEtag(200, await assignmentToApi(w.tx, existing));

        const rounds = existing.rounds.map((r, i) => (i === index ? { ...r, done } : r));
        const [row] = await w.tx
          .update(dispoAssignments)
          .set({
            rounds,
            version: existing.version + 1,
            updatedAt: w.at,
            updatedBy: user.id,
            changeSeq: await w.stamp(ASSIGNMENTS),
          })
          .where(eq(dispoAssignments.id, existing.id))
          .returning();
        await app.audit(
          request,
          {
            action: 'dispoAssignment.roundDone',
            entity: 'dispoAssignment',
            entityId: existing.id,
            changes: { [`rounds.${index}.done`]: { from: round.done === true, to: done } },
          },
          w.tx,
        );
        return withEtag(200, await assignmentToApi(w.tx, row!));
      });
    },
  });
}
