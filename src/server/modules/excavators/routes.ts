import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import {
  EXCAVATOR_FILE_FIELDS,
  EXCAVATOR_MAX_GALLERY,
  excavatorCreateSchema,
  excavatorFieldsSchema,
  excavatorListQuerySchema,
  excavatorListSchema,
  excavatorSchema,
  excavatorUpdateSchema,
  type ExcavatorFields,
  type ExcavatorUpdate,
} from '@/domain/excavator';
import { versionTag } from '@/domain/sync';
import { excavators } from '../../db/schema';
import { parsePatchFields, readPatchInput, registerPatchRoute } from '../sync/patch';
import { badRequest, conflict, notFound, type HttpError } from '../../http-error';
import { changedFields } from '../../plugins/audit';
import { saveImage, type UploadedImage } from '../../plugins/uploads';
import { readIfMatch, type WriteContext } from '../../plugins/write';
import { normalizeUploadPath } from '../../services/storage';
import {
  EXCAVATOR_FIELD_NAMES,
  type ExcavatorFieldName,
  excavatorsCollection,
  excavatorRecord,
  type ExcavatorWriter,
  excavatorToApi,
  excavatorsToApi,
  findExcavator,
  findSerialOwner,
  listExcavators,
  loadServiceInterval,
  type ExcavatorRow,
} from './data';
import { readExcavatorInput } from './input';
import { excavatorPdfRoute } from './pdf-route';
import { sendListPage } from '../../plugins/list-memo';

const COLLECTION = 'excavators';
const IMAGE_FOLDER = 'excavators';
const excavatorPatchExtrasSchema = z.object({
  removeGallery: z.array(z.string().min(1)).max(EXCAVATOR_MAX_GALLERY).default([]),
  removeProfileImage: z.boolean().default(false),
});
const idParams = z.object({ id: z.uuid({ error: 'Not a valid id' }) });

type FieldValues = { [K in ExcavatorFieldName]: ExcavatorRow[K] };

/** The editable columns of a row or an input: what "same content" compares and the audit records. */
function fieldsOf(source: FieldValues | ExcavatorFields): FieldValues {
  return Object.fromEntries(EXCAVATOR_FIELD_NAMES.map((name) => [name, source[name] ?? null])) as FieldValues;
}

function serialTaken(): HttpError {
  return conflict('This serial number is already registered', {
    fields: { serialNumber: ['This serial number is already registered'] },
  });
}

/** Stores uploaded images for this write; they are removed again if the write rolls back. */
async function storeImages(
  app: FastifyInstance,
  w: WriteContext,
  images: UploadedImage[],
): Promise<string[]> {
  const paths: string[] = [];
  w.onRollback(() => Promise.all(paths.map((p) => app.storage.remove(p))));
  for (const image of images) paths.push(await saveImage(app, IMAGE_FOLDER, image));
  return paths;
}

function tooManyImages(): HttpError {
  return badRequest(`At most ${EXCAVATOR_MAX_GALLERY} gallery images`, {
    fields: { gallery: [`At most ${EXCAVATOR_MAX_GALLERY} gallery images`] },
  });
}

/**
 * The update step of PUT and PATCH: writes every editable field of `input` and the image changes on
 * the locked row; returns the row unchanged (no new version) when nothing differs.
 */
const userId = (request: FastifyRequest) => request.user!.id;

async function updateExcavator(
  app: FastifyInstance,
  record: ExcavatorWriter,
  w: WriteContext,
  request: FastifyRequest,
  existing: ExcavatorRow,
  input: ExcavatorUpdate,
  profileImage: UploadedImage | null,
  gallery: UploadedImage[],
): Promise<ExcavatorRow> {
  if (
    input.serialNumber.toLowerCase() !== existing.serialNumber.toLowerCase() &&
    (await findSerialOwner(w.tx, input.serialNumber, existing.id))
  ) {
    throw serialTaken();
  }

  // Paths already gone (removed by another edit) are ignored: the wish is fulfilled.
  const remove = new Set(input.removeGallery.map(normalizeUploadPath));
  const kept = existing.gallery.filter((p) => !remove.has(normalizeUploadPath(p)));
  if (kept.length + gallery.length > EXCAVATOR_MAX_GALLERY) throw tooManyImages();
  const dropProfile = profileImage !== null || input.removeProfileImage;
  const dropped = [
    ...existing.gallery.filter((p) => !kept.includes(p)),
    ...(dropProfile && existing.profileImage ? [existing.profileImage] : []),
  ];

  const before = {
    ...fieldsOf(existing),
    profileImage: existing.profileImage,
    gallery: existing.gallery,
  };
  const [profilePath] = await storeImages(app, w, profileImage ? [profileImage] : []);
  const next = {
    ...fieldsOf(input),
    profileImage: profilePath ?? (dropProfile ? null : existing.profileImage),
    gallery: [...kept, ...(await storeImages(app, w, gallery))],
  };
  const changes = changedFields(before, next);
  // Nothing changed: no new version, no stamp, no poke.
  if (Object.keys(changes).length === 0) return existing;

  const row = await record.update(w, request, existing, next, { action: 'update', changes });
  // Replaced and removed images leave storage only once the new version is committed.
  w.afterCommit(() => Promise.all(dropped.map((p) => app.storage.remove(p))));
  return row;
}

/**
 * Excavator fleet register: list and read for every signed-in user, writes for fleet:write
 * (admin, manager), all behind the `excavators` flag (access plugin). Writes go through app.runWrite:
 * Idempotency-Key, If-Match, change cursor and the `sync` poke. Registers the 'excavators' collection.
 */
export async function excavatorRoutes(app: FastifyInstance) {
  app.sync.register(excavatorsCollection);
  const record = excavatorRecord(app);
  await app.register(excavatorPdfRoute);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/excavators', {
    config: { access: 'fleet:read' },
    schema: {
      tags: ['excavators'],
      querystring: excavatorListQuerySchema,
      response: { 200: excavatorListSchema },
    },
    // Pages stay in memory until the machines or the settings (the service interval) change.
    handler: async (request, reply) =>
      sendListPage(
        app,
        reply,
        {
          tables: ['excavators', 'app_settings'],
          key: `list ${JSON.stringify(request.query)}`,
          schema: excavatorListSchema,
        },
        async () => {
          const { rows, total } = await listExcavators(app.db, request.query);
          return {
            items: await excavatorsToApi(app.db, rows),
            total,
            page: request.query.page,
            limit: request.query.limit,
          };
        },
      ),
  });

  r.get('/excavators/:id', {
    config: { access: 'fleet:read' },
    schema: { tags: ['excavators'], params: idParams, response: { 200: excavatorSchema } },
    handler: async (request, reply) => {
      const row = await findExcavator(app.db, request.params.id);
      if (!row || row.deletedAt) throw notFound('Excavator not found');
      const body = excavatorToApi(row, await loadServiceInterval(app.db));
      reply.header('etag', versionTag(body.version));
      return body;
    },
  });

  r.post('/excavators', {
    config: { access: 'fleet:write' },
    // The body is multipart or JSON, validated in the handler with excavatorCreateSchema (src/domain).
    schema: {
      tags: ['excavators'],
      consumes: ['multipart/form-data', 'application/json'],
      response: { 200: excavatorSchema, 201: excavatorSchema },
    },
    handler: async (request, reply) => {
      const { input, profileImage, gallery, fingerprintBody } = await readExcavatorInput(
        request,
        excavatorCreateSchema,
      );
      if (gallery.length > EXCAVATOR_MAX_GALLERY) throw tooManyImages();
      return record.create(request, reply, { fingerprintBody }, async (w) => {
        const interval = await loadServiceInterval(w.tx);
        if (input.id) {
          const existing = await findExcavator(w.tx, input.id);
          if (existing) {
            const same =
              existing.createdBy === userId(request) &&
              !existing.deletedAt &&
              JSON.stringify(fieldsOf(existing)) === JSON.stringify(fieldsOf(input));
            if (same) return record.answer(200, excavatorToApi(existing, interval));
            throw conflict('This id is already used by another record', {
              reason: 'id_taken',
              ...(existing.deletedAt ? {} : { current: excavatorToApi(existing, interval) }),
            });
          }
        }
        if (await findSerialOwner(w.tx, input.serialNumber)) throw serialTaken();

        const [profilePath] = await storeImages(app, w, profileImage ? [profileImage] : []);
        const galleryPaths = await storeImages(app, w, gallery);
        const values = {
          ...fieldsOf(input),
          id: input.id ?? uuidv7(),
          profileImage: profilePath ?? null,
          gallery: galleryPaths,
        };
        const row = await record.insert(w, request, values, {
          action: 'create',
          changes: changedFields(null, {
            ...fieldsOf(input),
            profileImage: values.profileImage,
            gallery: values.gallery,
          }),
        });
        const body = excavatorToApi(row, interval);
        return record.answer(201, body, { location: `/api/excavators/${body.id}` });
      });
    },
  });

  r.put('/excavators/:id', {
    config: { access: 'fleet:write' },
    schema: {
      tags: ['excavators'],
      params: idParams,
      consumes: ['multipart/form-data', 'application/json'],
      response: { 200: excavatorSchema },
    },
    handler: async (request, reply) => {
      const expected = readIfMatch(request);
      const { input, profileImage, gallery, fingerprintBody } = await readExcavatorInput(
        request,
        excavatorUpdateSchema,
      );
      const options = { id: request.params.id, expected, fingerprintBody };
      return record.write(request, reply, options, async (w, { row: existing }) => {
        const row = await updateExcavator(app, record, w, request, existing, input, profileImage, gallery);
        return record.answer(200, await record.toApi(w.tx, row));
      });
    },
  });

  registerPatchRoute(app, {
    collection: COLLECTION,
    path: '/excavators',
    access: 'fleet:write',
    table: excavators,
    notFoundMessage: 'Excavator not found',
    fieldsSchema: excavatorFieldsSchema,
    responseSchema: excavatorSchema,
    readInput: async (request) => {
      const { fields, files, fingerprintBody } = await readPatchInput(request, EXCAVATOR_FILE_FIELDS);
      const { removeGallery, removeProfileImage, ...rest } = fields;
      const extras = excavatorPatchExtrasSchema.parse({ removeGallery, removeProfileImage });
      const profileImages = files.filter((f) => f.fieldname === 'profileImage');
      const gallery = files.filter((f) => f.fieldname === 'gallery');
      if (profileImages.length > 1) {
        throw badRequest('Only one profile image can be sent', {
          fields: { profileImage: ['Only one profile image can be sent'] },
        });
      }
      const sent = parsePatchFields(excavatorFieldsSchema, rest);
      const hasExtras =
        extras.removeGallery.length > 0 ||
        extras.removeProfileImage ||
        profileImages.length + gallery.length > 0;
      return {
        fields: sent,
        extras: hasExtras ? { ...extras, profileImage: profileImages[0] ?? null, gallery } : {},
        fingerprintBody,
      };
    },
    load: (executor, id) => findExcavator(executor, id, true),
    toApi: async (executor, row) => excavatorToApi(row, await loadServiceInterval(executor)),
    fieldsOf: (api) => fieldsOf(api as unknown as FieldValues),
    update: async (w, request, row, values, extras) => {
      const parsed = excavatorPatchExtrasSchema.parse(extras);
      const input = excavatorUpdateSchema.parse({ ...values, ...parsed });
      const files = extras as { profileImage?: UploadedImage | null; gallery?: UploadedImage[] };
      return updateExcavator(
        app,
        record,
        w,
        request,
        row,
        input,
        files.profileImage ?? null,
        files.gallery ?? [],
      );
    },
  });

  r.delete('/excavators/:id', {
    config: { access: 'fleet:write' },
    schema: { tags: ['excavators'], params: idParams, response: { 200: excavatorSchema } },
    handler: async (request, reply) => {
      const options = { id: request.params.id, allowDeleted: true };
      return record.write(request, reply, options, async (w, { row: existing }) => {
        const row = await record.remove(w, request, existing);
        return record.answer(200, await record.toApi(w.tx, row));
      });
    },
  });
}
