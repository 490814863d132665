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
} from '@/domain/dispo/assignments';
import { diffAssignment } from '@/domain/dispo/changes';
import { versionTag } from '@/domain/sync';
import { applyDispoAction, type DispoRefusal } from '@/domain/workflow/dispo';
import { dispoAssignments, dispoDrivers } from '../../db/schema';
import type { Executor } from '../../db/client';
import { badRequest, conflict, forbidden, notFound, type HttpError } from '../../http-error';
import { changedFields } from '../../plugins/audit';
import type { WriteContext } from '../../plugins/write';
import { parsePatchFields, readPatchInput, registerPatchRoute } from '../sync/patch';
import { errorBodySchema } from '../auth/schemas';
import {
  ASSIGNMENTS,
  assignmentFieldsOf,
  assignmentRecord,
  assignmentsToApi,
  assignmentToApi,
  assignmentVisibility,
  assignmentWorkflowView,
  findAssignment,
  listAssignments,
  type AssignmentRow,
  type AssignmentWriter,
} from './assignment-data';
import { notifyDriver } from './notify';
import { checkDuplicate, checkReferences } from './references';

export const assignmentIdParams = z.object({ id: z.uuid({ error: 'Not a valid id' }) });
const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const tags = ['dispo'];

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

/** A refusal of the shared dispo workflow (src/domain/workflow/dispo.ts) as the HTTP error it is. */
export function dispoRefusal(reason: DispoRefusal, message: string, field?: 'rounds'): HttpError {
  switch (reason) {
    case 'forbidden':
      return forbidden(message);
    case 'not_found':
      return notFound(message);
    case 'invalid':
      return badRequest(message, field ? { fields: { [field]: [message] } } : undefined);
  }
}

/**
 * The save step of PUT and PATCH on the locked row: references, the duplicate check, the change
 * summary of a published assignment, the audit and the driver's notice. Answers the stored row.
 */
async function saveAssignment(
  app: FastifyInstance,
  record: AssignmentWriter,
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
  const told = published && summary.length > 0;
  const row = await record.update(
    w,
    request,
    existing,
    {
      ...after,
      ...(told ? { lastChange: { at: w.at.toISOString(), by: request.user!.id, changes: summary } } : {}),
    },
    { action: 'update', changes: { ...changes, summary } },
  );
  if (told) {
    const actor = actorOf(request);
    if (existing.driverId !== after.driverId) {
      const previous = await linkedUser(w.tx, existing.driverId);
      await notifyDriver(app, w, 'withdrawn', existing, previous, actor);
      await notifyDriver(app, w, 'published', row, driver.userId, actor);
    } else {
      await notifyDriver(app, w, 'changed', row, driver.userId, actor, summary);
    }
  }
  return row;
}

/**
 * Assignments: the synced collection 'dispoAssignments'. Reads for 'dispo:read' with
 * the visibility rule of assignmentVisibility; writes for 'dispo:write' as record writes
 * (docs/write-path.md: Idempotency-Key, If-Match, change cursor, `sync` poke).
 */
export async function assignmentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const record = assignmentRecord(app);

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
      record.create(request, reply, {}, async (w) => {
        const input = request.body;
        const fields = assignmentFieldsOf(input);
        if (input.id) {
          const existing = await findAssignment(w.tx, input.id);
          if (existing) {
            const same =
              existing.createdBy === request.user!.id &&
              !existing.deletedAt &&
              JSON.stringify(assignmentFieldsOf(existing)) === JSON.stringify(fields);
            if (same) return record.answer(200, await assignmentToApi(w.tx, existing));
            throw conflict('This id is already used by another record', {
              reason: 'id_taken',
              ...(existing.deletedAt ? {} : { current: await assignmentToApi(w.tx, existing) }),
            });
          }
        }
        await checkReferences(w.tx, fields, null);
        await checkDuplicate(w.tx, input, null);
        const row = await record.insert(
          w,
          request,
          { ...fields, id: input.id ?? uuidv7(), status: 'draft', issuedBy: request.user!.id },
          { action: 'create', changes: changedFields(null, { ...fields }) },
        );
        const body = await assignmentToApi(w.tx, row);
        return record.answer(201, body, { location: `/api/containers/assignments/${body.id}` });
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
    handler: async (request, reply) =>
      record.write(request, reply, { id: request.params.id }, async (w, { row: existing }) => {
        const row = await saveAssignment(app, record, request, w, existing, request.body);
        return record.answer(200, await assignmentToApi(w.tx, row));
      }),
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
      return saveAssignment(app, record, request, w, row, input);
    },
  });

  r.delete('/containers/assignments/:id', {
    config: { access: 'dispo:write' },
    schema: { tags, params: assignmentIdParams, response: { 200: assignmentSchema, ...errors } },
    handler: async (request, reply) =>
      record.write(
        request,
        reply,
        { id: request.params.id, allowDeleted: true },
        async (w, { row: existing }) => {
          const row = await record.remove(w, request, existing);
          if (existing.status === 'published') {
            const userId = await linkedUser(w.tx, existing.driverId);
            await notifyDriver(app, w, 'withdrawn', existing, userId, actorOf(request));
          }
          return record.answer(200, await assignmentToApi(w.tx, row));
        },
      ),
  });

  // Publishing goes through the shared workflow action, as the tablet's copy would: a draft without
  // rounds is refused, a published assignment published again is answered as it is.
  r.put('/containers/assignments/:id/publish', {
    config: { access: 'dispo:write' },
    schema: { tags, params: assignmentIdParams, response: { 200: assignmentSchema, ...errors } },
    handler: async (request, reply) =>
      record.write(request, reply, { id: request.params.id }, async (w, { row: existing, current }) => {
        const view = await assignmentWorkflowView(w.tx, existing);
        const result = applyDispoAction(view, { action: 'publish' }, request.user!, w.at);
        if (!result.ok) throw dispoRefusal(result.reason, result.message, result.field);
        const { publishedAt } = result.changes;
        if (!result.changes.status || !publishedAt) return record.answer(200, current);
        const row = await record.update(
          w,
          request,
          existing,
          { status: result.changes.status, publishedAt: new Date(publishedAt) },
          {
            action: 'publish',
            changes: {
              status: { from: existing.status, to: result.changes.status },
              publishedAt: { from: null, to: publishedAt },
            },
          },
        );
        const userId = await linkedUser(w.tx, existing.driverId);
        await notifyDriver(app, w, 'published', existing, userId, actorOf(request));
        return record.answer(200, await assignmentToApi(w.tx, row));
      }),
  });
}
