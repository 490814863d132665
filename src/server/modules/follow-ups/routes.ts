import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import {
  FOLLOW_UP_FILE_FIELDS,
  followUpAssigneesSchema,
  followUpCreateSchema,
  followUpInputFromForm,
  followUpListQuerySchema,
  followUpListSchema,
  followUpSchema,
  followUpUpdateSchema,
} from '@/domain/followup';
import { can } from '@/domain/permissions';
import { versionTag } from '@/domain/sync';
import { excavators, users } from '../../db/schema';
import type { Executor } from '../../db/client';
import { badRequest, conflict, notFound, validationFailed } from '../../http-error';
import { changedFields } from '../../plugins/audit';
import { readImageParts, saveImage, type UploadedImage } from '../../plugins/uploads';
import { multipartFingerprintBody, readIfMatch, type WriteContext } from '../../plugins/write';
import { errorBodySchema } from '../auth/schemas';
import {
  findFollowUp,
  followUpRecord,
  followUpsCollection,
  followUpsToApi,
  listFollowUps,
  oneFollowUpToApi,
} from './data';
import { notifyFollowUpAssigned, notifyFollowUpsOpened, setFollowUpStatus } from './from-reports';

const PHOTO_FOLDER = 'follow-ups';
const idParams = z.object({ id: z.uuid({ error: 'Not a valid id' }) });
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
};

const actorName = (request: FastifyRequest) => request.user!.name?.trim() || request.user!.username;

/** A create or update, multipart (with a `photo` file) or JSON (without), validated with `schema`. */
async function readInput<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
): Promise<{ input: z.infer<S>; photo: UploadedImage | null; fingerprintBody: unknown }> {
  if (request.isMultipart()) {
    const form = await readImageParts(request, { fileFields: FOLLOW_UP_FILE_FIELDS, maxFiles: 1 });
    return {
      input: schema.parse(followUpInputFromForm(form.fields)),
      photo: form.files[0] ?? null,
      fingerprintBody: multipartFingerprintBody(form.fields, form.files),
    };
  }
  const body = request.body ?? {};
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('The body must be a JSON object or a multipart form');
  }
  return { input: schema.parse(body), photo: null, fingerprintBody: body };
}

/** 422 unless the machine is live and the assignee an active user. */
async function assertReferences(tx: Executor, excavatorId: string, assigneeId: string | null) {
  const [machine] = await tx
    .select({ id: excavators.id, deletedAt: excavators.deletedAt })
    .from(excavators)
    .where(eq(excavators.id, excavatorId));
  if (!machine || machine.deletedAt) {
    throw validationFailed('Excavator not found', { fields: { excavatorId: ['Excavator not found'] } });
  }
  if (!assigneeId) return;
  const [person] = await tx
    .select({ id: users.id, active: users.active })
    .from(users)
    .where(eq(users.id, assigneeId));
  if (!person?.active) {
    throw validationFailed('Assignee not found', { fields: { assigneeId: ['Assignee not found'] } });
  }
}

async function storePhoto(app: FastifyInstance, w: WriteContext, photo: UploadedImage): Promise<string> {
  const path = await saveImage(app, PHOTO_FOLDER, photo);
  w.onRollback(() => app.storage.remove(path));
  return path;
}

/**
 * Follow-ups of failed checks (src/domain/followup.ts): every signed-in user reads them; operators,
 * managers and admins open and close them; managers and admins plan them (title, note, photo, assignee,
 * due date). Behind the `reports` flag. Registers the 'followUps' sync collection; reports open and close
 * follow-ups when submitted (./from-reports.ts).
 */
export async function followUpRoutes(app: FastifyInstance) {
  app.sync.register(followUpsCollection);
  const record = followUpRecord(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/follow-ups', {
    config: { access: 'followup:read' },
    schema: {
      tags: ['follow-ups'],
      querystring: followUpListQuerySchema,
      response: { 200: followUpListSchema, ...errors },
    },
    handler: async (request) => {
      const items = await followUpsToApi(app.db, await listFollowUps(app.db, request.query));
      return { items, total: items.length };
    },
  });

  // Who a follow-up can be given to: the active people who may close it. Planners need the names
  // without the user administration.
  r.get('/follow-ups/assignees', {
    config: { access: 'followup:write' },
    schema: {
      tags: ['follow-ups'],
      response: { 200: followUpAssigneesSchema, ...errors },
    },
    handler: async () => {
      const rows = await app.db
        .select({ id: users.id, name: users.name, username: users.username, role: users.role })
        .from(users)
        .where(eq(users.active, true))
        .orderBy(asc(users.username));
      const items = rows
        .filter((row) => can({ id: row.id, role: row.role }, 'followup:close'))
        .map((row) => ({ id: row.id, name: row.name?.trim() || row.username }));
      return { items };
    },
  });

  r.get('/follow-ups/:id', {
    config: { access: 'followup:read' },
    schema: { tags: ['follow-ups'], params: idParams, response: { 200: followUpSchema, ...errors } },
    handler: async (request, reply) => {
      const row = await findFollowUp(app.db, request.params.id);
      if (!row || row.deletedAt) throw notFound('Follow-up not found');
      reply.header('etag', versionTag(row.version));
      return oneFollowUpToApi(app.db, row);
    },
  });

  r.post('/follow-ups', {
    config: { access: 'followup:create' },
    schema: {
      tags: ['follow-ups'],
      consumes: ['multipart/form-data', 'application/json'],
      response: { 200: followUpSchema, 201: followUpSchema, ...errors },
    },
    handler: async (request, reply) => {
      const { input, photo, fingerprintBody } = await readInput(request, followUpCreateSchema);
      const { id, ...fields } = input;
      return record.create(request, reply, { fingerprintBody }, async (w) => {
        if (id) {
          const existing = await findFollowUp(w.tx, id);
          if (existing) {
            // The outbox repeating its own create (without the stored answer): the row it made.
            if (existing.createdBy === request.user!.id && !existing.deletedAt)
              return record.answer(200, await oneFollowUpToApi(w.tx, existing));
            throw conflict('This id is already used by another record', { reason: 'id_taken' });
          }
        }
        await assertReferences(w.tx, fields.excavatorId, fields.assigneeId);
        const photoPath = photo ? await storePhoto(app, w, photo) : null;
        const row = await record.insert(
          w,
          request,
          { ...fields, photo: photoPath, status: 'open', id: id ?? uuidv7() },
          { action: 'create', changes: changedFields(null, { ...fields, photo: photoPath }) },
        );
        await notifyFollowUpsOpened(app, request, w, row.excavatorId, [row], true);
        const body = await oneFollowUpToApi(w.tx, row);
        return record.answer(201, body, { location: `/api/follow-ups/${body.id}` });
      });
    },
  });

  r.put('/follow-ups/:id', {
    config: { access: 'followup:write' },
    schema: {
      tags: ['follow-ups'],
      params: idParams,
      consumes: ['multipart/form-data', 'application/json'],
      response: { 200: followUpSchema, ...errors },
    },
    handler: async (request, reply) => {
      const expected = readIfMatch(request);
      const { input, photo, fingerprintBody } = await readInput(request, followUpUpdateSchema);
      const { removePhoto, ...fields } = input;
      const options = { id: request.params.id, expected, fingerprintBody };
      return record.write(request, reply, options, async (w, { row: existing, current }) => {
        if (fields.excavatorId !== existing.excavatorId || fields.assigneeId !== existing.assigneeId)
          await assertReferences(w.tx, fields.excavatorId, fields.assigneeId);
        const dropPhoto = photo !== null || removePhoto === true;
        const photoPath = photo ? await storePhoto(app, w, photo) : null;
        const before = {
          excavatorId: existing.excavatorId,
          title: existing.title,
          note: existing.note,
          assigneeId: existing.assigneeId,
          dueDate: existing.dueDate,
          photo: existing.photo,
        };
        const next = { ...fields, photo: photoPath ?? (dropPhoto ? null : existing.photo) };
        const changes = changedFields(before, next);
        if (Object.keys(changes).length === 0) return record.answer(200, current);
        // A title typed by hand replaces the checklist item's labels.
        const titleLabels = next.title === existing.title ? existing.titleLabels : null;
        const row = await record.update(
          w,
          request,
          existing,
          { ...next, titleLabels },
          { action: 'update', changes },
        );
        if (row.assigneeId !== existing.assigneeId)
          await notifyFollowUpAssigned(app, request, w, row, actorName(request));
        if (dropPhoto && existing.photo) {
          const old = existing.photo;
          w.afterCommit(() => app.storage.remove(old));
        }
        return record.answer(200, await oneFollowUpToApi(w.tx, row));
      });
    },
  });

  /**
   * Closing and reopening by hand; a closed follow-up closed again (or an open one reopened) is done.
   * If-Match is honoured when sent; without it the step applies to the follow-up as it is, since
   * closing needs no knowledge of the other fields.
   */
  for (const [action, status] of [
    ['close', 'closed'],
    ['reopen', 'open'],
  ] as const) {
    r.put(`/follow-ups/:id/${action}`, {
      config: { access: 'followup:close' },
      schema: {
        tags: ['follow-ups'],
        params: idParams,
        body: z.object({}).nullish(),
        response: { 200: followUpSchema, ...errors },
      },
      handler: async (request, reply) =>
        record.write(request, reply, { id: request.params.id }, async (w, { row: existing, current }) => {
          if (existing.status === status) return record.answer(200, current);
          const row = await setFollowUpStatus(app, request, w, existing, status);
          return record.answer(200, await oneFollowUpToApi(w.tx, row));
        }),
    });
  }
}
