import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import {
  assignmentCreateSchema,
  assignmentFieldsSchema,
  assignmentUpdateSchema,
  type AssignmentFields,
  type AssignmentUpdate,
} from '@/domain/dispo/assignment-input';
import {
  assignmentListQuerySchema,
  assignmentListSchema,
  assignmentSchema,
  type Assignment,
} from '@/domain/dispo/assignments';
import { diffAssignment } from '@/domain/dispo/changes';
import { versionTag } from '@/domain/sync';
import { dispoAssignments, dispoDrivers } from '../../db/schema';
import type { Executor } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http-error';
import { changedFields } from '../../plugins/audit';
import { assertFreshVersion, readIfMatch, type WriteContext } from '../../plugins/write';
import { parsePatchFields, readPatchInput, registerPatchRoute } from '../sync/patch';
import { errorBodySchema } from '../auth/schemas';
import {
  ASSIGNMENTS,
  assignmentFieldsOf,
  assignmentToApi,
  assignmentsToApi,
  assignmentVisibility,
  findAssignment,
  listAssignments,
  type AssignmentRow,
} from './assignment-data';
import { notifyDriver } from './notify';
import { checkDuplicate, checkReferences } from './references';

export const assignmentIdParams = z.object({ id: z.uuid({ error: 'Not a valid id' }) });
const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const collections = [ASSIGNMENTS];
const tags = ['dispo'];

export function withEtag(status: number, body: Assignment) {
  return { status, body, headers: { etag: versionTag(body.version) } };
}

export const actorOf = (request: FastifyRequest) => ({
  id: request.user!.id,
  name: request.user!.name ?? request.user!.username,
});

async function linkedUser(executor: Executor, driverId: string): Promise<string | null> {
  const [row] = await executor
    .select({ userId: dispoDrivers.userId })
    .from(dispoDrivers)
    .where(eq(dispoDrivers.id, driverId));
  return row?.userId ?? null;
}

const notFoundError = () => notFound('Assignment not found');

/**
 * The save step of PUT and PATCH on the locked row: references, the duplicate check, the change
 * summary of a published assignment, the audit and the driver's notice. Answers the stored row.
 */
async function saveAssignment(
  app: FastifyInstance,
  request: FastifyRequest,
  w: WriteContext,
  existing: AssignmentRow,
  input: AssignmentUpdate,
): Promise<AssignmentRow> {
  const before = assignmentFieldsOf(existing);
  const after = assignmentFieldsOf(input);
  const driver = await checkReferences(w.tx, after, existing);
  await checkDuplicate(w.tx, input, existing);
  const changes = changedFields({ ...before }, { ...after });
  if (Object.keys(changes).length === 0) return existing;

  const published = existing.status === 'published';
  const summary = diffAssignment(before, after);
  const now = w.at;
  const [row] = await w.tx
    .update(dispoAssignments)
    .set({
      ...after,
      version: existing.version + 1,
      updatedAt: now,
      updatedBy: request.user!.id,
      changeSeq: await w.stamp(ASSIGNMENTS),
      ...(published && summary.length > 0
        ? { lastChange: { at: now.toISOString(), by: request.user!.id, changes: summary } }
        : {}),
    })
    .where(eq(dispoAssignments.id, existing.id))
    .returning();
  await app.audit(
    request,
    {
      action: 'dispoAssignment.update',
      entity: 'dispoAssignment',
      entityId: existing.id,
      changes: { ...changes, summary },
    },
    w.tx,
  );
  if (published && summary.length > 0) {
    const actor = actorOf(request);
    if (existing.driverId !== after.driverId) {
      const previous = await linkedUser(w.tx, existing.driverId);
      await notifyDriver(app, w, 'withdrawn', existing, previous, actor);
      await notifyDriver(app, w, 'published', row!, driver.userId, actor);
    } else {
      await notifyDriver(app, w, 'changed', row!, driver.userId, actor, summary);
    }
  }
  return row!;
}

/**
 * Assignments: the synced collection 'dispoAssignments'. Reads for 'dispo:read' with
 * the visibility rule of assignmentVisibility; writes for 'dispo:write' through app.runWrite
 * (Idempotency-Key, If-Match, change cursor, `sync` poke).
 */
export async function assignmentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/containers/assignments', {
    config: { access: 'dispo:read' },
    schema: { tags, querystring: assignmentListQuerySchema, response: { 200: assignmentListSchema } },
    handler: async (request) => {
      const { rows, total } = await listAssignments(app.db, request.query, request.user!);
      return {
        items: await assignmentsToApi(app.db, rows),
        total,
        page: request.query.page,
        limit: request.query.limit,
      };
    },
  });

  r.get('/containers/assignments/:id', {
    config: { access: 'dispo:read' },
    schema: { tags, params: assignmentIdParams, response: { 200: assignmentSchema, 404: errorBodySchema } },
    handler: async (request, reply) => {
      // What the viewer may not see does not exist for them.
      const [row] = await app.db
        .select()
        .from(dispoAssignments)
        .where(and(eq(dispoAssignments.id, request.params.id), assignmentVisibility(request.user!)));
      if (!row || row.deletedAt) throw notFoundError();
      const body = await assignmentToApi(app.db, row);
      reply.header('etag', versionTag(body.version));
      return body;
    },
  });

  r.post('/containers/assignments', {
    config: { access: 'dispo:write' },
    schema: {
      tags,
      body: assignmentCreateSchema,
      response: { 200: assignmentSchema, 201: assignmentSchema, ...errors },
    },
    handler: async (request, reply) =>
      app.runWrite(request, reply, { collections }, async (w) => {
        const input = request.body;
        const fields = assignmentFieldsOf(input);
        if (input.id) {
          const existing = await findAssignment(w.tx, input.id);
          if (existing) {
            const same =
              existing.createdBy === request.user!.id &&
              !existing.deletedAt &&
              JSON.stringify(assignmentFieldsOf(existing)) === JSON.stringify(fields);
            if (same) return withEtag(200, await assignmentToApi(w.tx, existing));
            throw conflict('This id is already used by another record', {
              reason: 'id_taken',
              ...(existing.deletedAt ? {} : { current: await assignmentToApi(w.tx, existing) }),
            });
          }
        }
        await checkReferences(w.tx, fields, null);
        await checkDuplicate(w.tx, input, null);
        const now = w.at;
        const [row] = await w.tx
          .insert(dispoAssignments)
          .values({
            ...fields,
            id: input.id ?? uuidv7(),
            version: 1,
            createdAt: now,
            createdBy: request.user!.id,
            updatedAt: now,
            updatedBy: request.user!.id,
            changeSeq: await w.stamp(ASSIGNMENTS),
            status: 'draft',
            issuedBy: request.user!.id,
          })
          .returning();
        const body = await assignmentToApi(w.tx, row!);
        await app.audit(
          request,
          {
            action: 'dispoAssignment.create',
            entity: 'dispoAssignment',
            entityId: body.id,
            changes: changedFields(null, { ...fields }),
          },
          w.tx,
        );
        return {
          ...withEtag(201, body),
          headers: { etag: versionTag(1), location: `/api/containers/assignments/${body.id}` },
        };
      }),
  });

  r.put('/containers/assignments/:id', {
    config: { access: 'dispo:write' },
    schema: {
      tags,
      params: assignmentIdParams,
      body: assignmentUpdateSchema,
      response: { 200: assignmentSchema, ...errors },
    },
    handler: async (request, reply) => {
      const expected = readIfMatch(request);
      return app.runWrite(request, reply, { collections }, async (w) => {
        const input = request.body;
        const existing = await findAssignment(w.tx, request.params.id, true);
        if (!existing || existing.deletedAt) throw notFoundError();
        assertFreshVersion(expected, existing.version, await assignmentToApi(w.tx, existing));
        const row = await saveAssignment(app, request, w, existing, input);
        return withEtag(200, await assignmentToApi(w.tx, row));
      });
    },
  });

  registerPatchRoute(app, {
    collection: ASSIGNMENTS,
    path: '/containers/assignments',
    access: 'dispo:write',
    table: dispoAssignments,
    notFoundMessage: 'Assignment not found',
    fieldsSchema: assignmentFieldsSchema,
    responseSchema: assignmentSchema,
    readInput: async (request) => {
      const { fields, fingerprintBody } = await readPatchInput(request);
      const { allowDuplicate, ...rest } = fields;
      const extras = z.object({ allowDuplicate: assignmentUpdateSchema.shape.allowDuplicate }).parse({
        allowDuplicate,
      });
      const sent = parsePatchFields(assignmentFieldsSchema, rest);
      return { fields: sent, extras: extras.allowDuplicate ? extras : {}, fingerprintBody };
    },
    load: (executor, id) => findAssignment(executor, id, true),
    toApi: (executor, row) => assignmentToApi(executor, row),
    fieldsOf: (api) => ({ ...assignmentFieldsOf(api as unknown as AssignmentFields) }),
    update: async (w, request, row, values, extras) => {
      const input = assignmentUpdateSchema.parse({ ...values, ...extras });
      return saveAssignment(app, request, w, row, input);
    },
  });

  r.delete('/containers/assignments/:id', {
    config: { access: 'dispo:write' },
    schema: { tags, params: assignmentIdParams, response: { 200: assignmentSchema, ...errors } },
    handler: async (request, reply) => {
      const expected = readIfMatch(request);
      return app.runWrite(request, reply, { collections }, async (w) => {
        const existing = await findAssignment(w.tx, request.params.id, true);
        if (!existing) throw notFoundError();
        if (existing.deletedAt) return withEtag(200, await assignmentToApi(w.tx, existing));
        assertFreshVersion(expected, existing.version, await assignmentToApi(w.tx, existing));
        const now = w.at;
        const [row] = await w.tx
          .update(dispoAssignments)
          .set({
            deletedAt: now,
            version: existing.version + 1,
            updatedAt: now,
            updatedBy: request.user!.id,
            changeSeq: await w.stamp(ASSIGNMENTS),
          })
          .where(eq(dispoAssignments.id, existing.id))
          .returning();
        await app.audit(
          request,
          {
            action: 'dispoAssignment.delete',
            entity: 'dispoAssignment',
            entityId: existing.id,
            changes: { deletedAt: { from: null, to: now.toISOString() } },
          },
          w.tx,
        );
        if (existing.status === 'published') {
          const userId = await linkedUser(w.tx, existing.driverId);
          await notifyDriver(app, w, 'withdrawn', existing, userId, actorOf(request));
        }
        return withEtag(200, await assignmentToApi(w.tx, row!));
      });
    },
  });

  r.put('/containers/assignments/:id/publish', {
    config: { access: 'dispo:write' },
    schema: { tags, params: assignmentIdParams, response: { 200: assignmentSchema, ...errors } },
    handler: async (request, reply) => {
      const expected = readIfMatch(request);
      return app.runWrite(request, reply, { collections }, async (w) => {
        const existing = await findAssignment(w.tx, request.params.id, true);
        if (!existing || existing.deletedAt) throw notFoundError();
        if (existing.status === 'published') return withEtag(200, await assignmentToApi(w.tx, existing));
        assertFreshVersion(expected, existing.version, await assignmentToApi(w.tx, existing));
        if (existing.rounds.length === 0) {
          const message = 'Add at least one round before publishing';
          throw badRequest(message, { fields: { rounds: [message] } });
        }
        const now = w.at;
        const [row] = await w.tx
          .update(dispoAssignments)
          .set({
            status: 'published',
            publishedAt: now,
            version: existing.version + 1,
            updatedAt: now,
            updatedBy: request.user!.id,
            changeSeq: await w.stamp(ASSIGNMENTS),
          })
          .where(eq(dispoAssignments.id, existing.id))
          .returning();
        await app.audit(
          request,
          {
            action: 'dispoAssignment.publish',
            entity: 'dispoAssignment',
            entityId: existing.id,
            changes: {
              status: { from: 'draft', to: 'published' },
              publishedAt: { from: null, to: now.toISOString() },
            },
          },
          w.tx,
        );
        const userId = await linkedUser(w.tx, existing.driverId);
        await notifyDriver(app, w, 'published', existing, userId, actorOf(request));
        return withEtag(200, await assignmentToApi(w.tx, row!));
      });
    },
  });
}
