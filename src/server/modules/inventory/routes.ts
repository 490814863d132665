import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import {
  centsToPrice,
  crossesBelowMinimum,
  inventoryAdjustSchema,
  inventoryCreateSchema,
  inventoryItemSchema,
  inventoryListQuerySchema,
  inventoryListSchema,
  inventoryFieldsSchema,
  inventoryUpdateSchema,
  INVENTORY_FIELD_NAMES,
  INVENTORY_FILE_FIELDS,
  notEnoughStockMessage,
  type InventoryItem,
  type InventoryUpdate,
} from '@/domain/inventory';
import { versionTag } from '@/domain/sync';
import { inventoryItems } from '../../db/schema';
import { sendListPage } from '../../plugins/list-memo';
import { HttpError, badRequest, conflict, notFound } from '../../http-error';
import { parsePatchFields, readPatchInput, registerPatchRoute } from '../sync/patch';
import { changedFields } from '../../plugins/audit';
import { saveImage, type UploadedImage } from '../../plugins/uploads';
import { readIfMatch, type WriteContext } from '../../plugins/write';
import { defineRecordWrite, type RecordWriter } from '../sync/record-write';
import {
  COLLECTION,
  columnsOfFields,
  columnsOfRow,
  findItem,
  inventoryCollection,
  inventoryToApi,
  listItems,
  type InventoryRow,
} from './data';
import { inventoryExportRoutes } from './export';
import { inventoryImportRoutes } from './import';
import { readInventoryInput } from './input';
import { notifyStockLow } from './stock';
import { inventoryTagRoutes } from './tags';

const PHOTO_FOLDER = 'inventory';
export const idParams = z.object({ id: z.uuid({ error: 'Not a valid id' }) });

/** Stores the uploaded photo for this write; it is removed again if the write rolls back. */
async function storePhoto(app: FastifyInstance, w: WriteContext, photo: UploadedImage): Promise<string> {
  const path = await saveImage(app, PHOTO_FOLDER, photo);
  w.onRollback(() => app.storage.remove(path));
  return path;
}

type InventoryWriter = RecordWriter<typeof inventoryItems, InventoryItem>;

/** How an inventory item is written (the shared record write). */
function inventoryRecord(app: FastifyInstance): InventoryWriter {
  return defineRecordWrite(app, {
    collection: COLLECTION,
    table: inventoryItems,
    entity: 'inventory',
    notFoundMessage: 'Inventory item not found',
    load: findItem,
    toApi: async (_executor, row) => inventoryToApi(row),
  });
}

const userId = (request: FastifyRequest) => request.user!.id;

/**
 * The update step of PUT and PATCH: writes the editable fields of `input` and the photo change on the
 * locked row; returns the row unchanged (no new version) when nothing differs.
 */
async function updateItem(
  app: FastifyInstance,
  record: InventoryWriter,
  w: WriteContext,
  request: FastifyRequest,
  existing: InventoryRow,
  input: InventoryUpdate,
  photo: UploadedImage | null,
): Promise<InventoryRow> {
  const { removePhoto, quantity, ...fields } = input;
  const dropPhoto = photo !== null || removePhoto;
  const before = { ...columnsOfRow(existing), photo: existing.photo };
  const photoPath = photo ? await storePhoto(app, w, photo) : null;
  const next = {
    ...columnsOfFields({ ...fields, quantity: quantity ?? existing.quantity }),
    photo: photoPath ?? (dropPhoto ? null : existing.photo),
  };
  const changes = changedFields(before, next);
  // Nothing changed: no new version, no stamp, no poke.
  if (Object.keys(changes).length === 0) return existing;

  const row = await record.update(w, request, existing, next, { action: 'update', changes });
  if (crossesBelowMinimum(existing, row)) await notifyStockLow(app, w, [row]);
  // A replaced or removed photo leaves storage only once the new version is committed.
  if (dropPhoto && existing.photo) {
    const old = existing.photo;
    w.afterCommit(() => app.storage.remove(old));
  }
  return row;
}

/**
 * Parts inventory: reads for every signed-in user; create, edit, delete, import and tags for
 * 'inventory:write' (admin, manager); stock deltas for 'inventory:adjust' (operators too); all behind
 * the `inventory` flag (access plugin). Writes go through app.runWrite (Idempotency-Key, If-Match,
 * change cursor, `sync` poke); the 'inventory' sync collection is registered here.
 */
export async function inventoryRoutes(app: FastifyInstance) {
  app.sync.register(inventoryCollection);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const record = inventoryRecord(app);

  await app.register(inventoryImportRoutes);
  await app.register(inventoryExportRoutes);
  await app.register(inventoryTagRoutes);

  r.get('/inventory', {
    config: { access: 'inventory:read' },
    schema: {
      tags: ['inventory'],
      querystring: inventoryListQuerySchema,
      response: { 200: inventoryListSchema },
    },
    // Pages stay in memory until the items change.
    handler: async (request, reply) => {
      const memo = {
        tables: ['inventory_items'],
        key: `list ${JSON.stringify(request.query)}`,
        schema: inventoryListSchema,
      };
      return sendListPage(app, reply, memo, async () => {
        const { page, limit, ...filter } = request.query;
        const { rows, total } = await listItems(app.db, filter, { page, limit });
        return { items: rows.map(inventoryToApi), total, page, limit };
      });
    },
  });

  r.get('/inventory/:id', {
    config: { access: 'inventory:read' },
    schema: { tags: ['inventory'], params: idParams, response: { 200: inventoryItemSchema } },
    handler: async (request, reply) => {
      const row = await findItem(app.db, request.params.id);
      if (!row || row.deletedAt) throw notFound('Inventory item not found');
      reply.header('etag', versionTag(row.version));
      return inventoryToApi(row);
    },
  });

  r.post('/inventory', {
    config: { access: 'inventory:write' },
    // The body is multipart or JSON, validated in the handler with inventoryCreateSchema (src/domain).
    schema: {
      tags: ['inventory'],
      consumes: ['multipart/form-data', 'application/json'],
      response: { 200: inventoryItemSchema, 201: inventoryItemSchema },
    },
    handler: async (request, reply) => {
      const { input, photo, fingerprintBody } = await readInventoryInput(request, inventoryCreateSchema);
      const columns = columnsOfFields(input);
      return record.create(request, reply, { fingerprintBody }, async (w) => {
        if (input.id) {
          const existing = await findItem(w.tx, input.id);
          if (existing) {
            // The outbox repeating its own create (without the stored answer): the row it made.
            const same =
              existing.createdBy === userId(request) &&
              !existing.deletedAt &&
              JSON.stringify(columnsOfRow(existing)) === JSON.stringify(columns);
            if (same) return record.answer(200, inventoryToApi(existing));
            throw conflict('This id is already used by another record', {
              reason: 'id_taken',
              ...(existing.deletedAt ? {} : { current: inventoryToApi(existing) }),
            });
          }
        }
        const photoPath = photo ? await storePhoto(app, w, photo) : null;
        const row = await record.insert(
          w,
          request,
          { ...columns, id: input.id ?? uuidv7(), photo: photoPath },
          { action: 'create', changes: changedFields(null, { ...columns, photo: photoPath }) },
        );
        const body = inventoryToApi(row);
        return record.answer(201, body, { location: `/api/inventory/${body.id}` });
      });
    },
  });

  r.put('/inventory/:id', {
    config: { access: 'inventory:write' },
    schema: {
      tags: ['inventory'],
      params: idParams,
      consumes: ['multipart/form-data', 'application/json'],
      response: { 200: inventoryItemSchema },
    },
    handler: async (request, reply) => {
      const expected = readIfMatch(request);
      const { input, photo, fingerprintBody } = await readInventoryInput(request, inventoryUpdateSchema);
      const options = { id: request.params.id, expected, fingerprintBody };
      return record.write(request, reply, options, async (w, { row: existing }) => {
        const row = await updateItem(app, record, w, request, existing, input, photo);
        return record.answer(200, inventoryToApi(row));
      });
    },
  });

  registerPatchRoute(app, {
    collection: COLLECTION,
    path: '/inventory',
    access: 'inventory:write',
    table: inventoryItems,
    notFoundMessage: 'Inventory item not found',
    // Stock moves only by deltas (POST /inventory/{id}/adjust): a PATCH never sets the quantity.
    fieldsSchema: inventoryFieldsSchema,
    responseSchema: inventoryItemSchema,
    readInput: async (request) => {
      const { fields, files, fingerprintBody } = await readPatchInput(request, INVENTORY_FILE_FIELDS);
      const { removePhoto, ...rest } = fields;
      if (removePhoto !== undefined && typeof removePhoto !== 'boolean') {
        throw badRequest('removePhoto must be true or false', {
          fields: { removePhoto: ['removePhoto must be true or false'] },
        });
      }
      const sent = parsePatchFields(inventoryFieldsSchema, rest, ['quantity']);
      const photo = files[0] ?? null;
      return {
        fields: sent,
        extras: photo || removePhoto ? { photo, removePhoto: removePhoto === true } : {},
        fingerprintBody,
      };
    },
    historyField: (column, value) =>
      column === 'priceCents'
        ? ['price', centsToPrice(typeof value === 'number' ? value : null)]
        : [column, value],
    load: (executor, id) => findItem(executor, id, true),
    toApi: async (_executor, row) => inventoryToApi(row),
    fieldsOf: (api) => Object.fromEntries(INVENTORY_FIELD_NAMES.map((name) => [name, api[name]])),
    update: async (w, request, row, values, extras) => {
      const { photo = null, removePhoto = false } = extras as {
        photo?: UploadedImage | null;
        removePhoto?: boolean;
      };
      const { quantity: _quantity, ...fields } = values;
      const input = inventoryUpdateSchema.parse({ ...fields, removePhoto });
      return updateItem(app, record, w, request, row, input, photo);
    },
  });

  r.delete('/inventory/:id', {
    config: { access: 'inventory:write' },
    schema: { tags: ['inventory'], params: idParams, response: { 200: inventoryItemSchema } },
    handler: async (request, reply) => {
      const options = { id: request.params.id, allowDeleted: true };
      return record.write(request, reply, options, async (w, { row: existing }) => {
        return record.answer(200, inventoryToApi(await record.remove(w, request, existing)));
      });
    },
  });

  /*
   * Stock moves by deltas so that two devices adjusting offline both count: one statement adds the
   * delta where the result stays ≥ 0. No If-Match (deltas commute), but a new version and cursor value.
   */
  r.post('/inventory/:id/adjust', {
    config: { access: 'inventory:adjust' },
    schema: {
      tags: ['inventory'],
      params: idParams,
      body: inventoryAdjustSchema,
      response: { 200: inventoryItemSchema },
    },
    handler: async (request, reply) =>
      record.create(request, reply, {}, async (w) => {
        const { delta } = request.body;
        const t = inventoryItems;
        const [row] = await w.tx
          .update(t)
          .set({
            quantity: sql`${t.quantity} + ${delta}`,
            version: sql`${t.version} + 1`,
            updatedAt: w.at,
            updatedBy: userId(request),
            changeSeq: await w.stamp(COLLECTION),
          })
          .where(and(eq(t.id, request.params.id), isNull(t.deletedAt), sql`${t.quantity} + ${delta} >= 0`))
          .returning();
        if (!row) {
          const existing = await findItem(w.tx, request.params.id);
          if (!existing || existing.deletedAt) throw notFound('Inventory item not found');
          throw new HttpError('UNPROCESSABLE', notEnoughStockMessage(existing.quantity), {
            reason: 'insufficient_stock',
            available: existing.quantity,
            current: inventoryToApi(existing),
          });
        }
        const before = { quantity: row.quantity - delta, minQuantity: row.minQuantity };
        await record.audit(w, request, row.id, {
          action: 'adjust',
          changes: { quantity: { from: before.quantity, to: row.quantity }, delta },
        });
        if (crossesBelowMinimum(before, row)) await notifyStockLow(app, w, [row]);
        return record.answer(200, inventoryToApi(row));
      }),
  });
}
