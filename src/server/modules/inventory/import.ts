import { and, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { v7 as uuidv7 } from 'uuid';
import { crossesBelowMinimum, priceToCents } from '@/domain/inventory';
import {
  inventoryImportKey,
  inventoryImportResultSchema,
  inventoryImportSchema,
  validateInventoryImport,
  type InventoryImportResult,
  type InventoryImportRow,
  type ValidInventoryImportRow,
} from '@/domain/inventory-csv';
import type { Executor } from '../../db/client';
import { inventoryItems } from '../../db/schema';
import type { WriteContext } from '../../plugins/write';
import { insertItems, updateItems } from './bulk';
import { COLLECTION, columnsOfRow, type InventoryColumns, type InventoryRow } from './data';
import { notifyStockLow } from './stock';

/** A 20,000-row import is a few MB of JSON; the app-wide limit is 2 MB. */
const IMPORT_BODY_LIMIT = 32 * 1024 * 1024;
/** Ids named in the audit record, at most. */
const AUDIT_MAX_IDS = 1000;

const NEW_ITEM: Omit<InventoryColumns, 'name'> = {
  maker: null,
  type: null,
  quantity: 0,
  priceCents: null,
  notes: null,
  tags: [],
  location: null,
  minQuantity: 0,
  maintenanceType: null,
};

/** A row's given fields on top of `columns`. Name and maker are the match key: an existing spelling stays. */
function overlay(columns: InventoryColumns, fields: ValidInventoryImportRow['fields'], keepKey: boolean) {
  const next: InventoryColumns = { ...columns, tags: [...columns.tags] };
  for (const [field, value] of Object.entries(fields) as Array<[keyof typeof fields, unknown]>) {
    if (keepKey && (field === 'name' || field === 'maker')) continue;
    if (field === 'price') next.priceCents = priceToCents(value as number | null);
    else (next as Record<string, unknown>)[field] = value;
  }
  return next;
}

/** Live items whose name + maker (ignoring case) one of the rows names; the oldest first. */
async function findMatches(executor: Executor, rows: readonly ValidInventoryImportRow[]) {
  const byKey = new Map<string, InventoryRow>();
  const names = [...new Set(rows.map((r) => r.fields.name))];
  for (let i = 0; i < names.length; i += 5000) {
    const chunk = JSON.stringify(names.slice(i, i + 5000));
    // No row locks needed: every synced write holds the change-counter lock (runWrite), so no other
    // writer changes these rows until this import commits.
    const found = await executor
      .select()
      .from(inventoryItems)
      .where(
        and(
          isNull(inventoryItems.deletedAt),
          sql`lower(${inventoryItems.name}) in (select lower(x) from jsonb_array_elements_text(${chunk}::jsonb) as x)`,
        ),
      )
      .orderBy(inventoryItems.createdAt, inventoryItems.id);
    for (const row of found) {
      const key = inventoryImportKey(row.name, row.maker);
      if (!byKey.has(key)) byKey.set(key, row);
    }
  }
  return byKey;
}

type Target =
  | { kind: 'new'; id: string; columns: InventoryColumns }
  | { kind: 'existing'; row: InventoryRow; columns: InventoryColumns };

/**
 * One import batch inside its write: rows validated again with the domain rules; a row whose name +
 * maker (ignoring case) matches a live item updates it, else creates one; a later row of the batch with
 * the same key updates what an earlier one wrote. Counted per row: created, updated (fields changed)
 * or unchanged.
 */
export async function importRows(
  app: FastifyInstance,
  request: FastifyRequest,
  w: WriteContext,
  rows: readonly InventoryImportRow[],
): Promise<InventoryImportResult> {
  const { valid, errors } = validateInventoryImport(rows);
  const matches = await findMatches(w.tx, valid);
  const targets = new Map<string, Target>();
  let created = 0;
  let updated = 0;
  let unchanged = 0;

  for (const { fields } of valid) {
    const key = inventoryImportKey(fields.name, fields.maker);
    let target = targets.get(key);
    if (!target) {
      const match = matches.get(key);
      if (!match) {
        targets.set(key, {
          kind: 'new',
          id: uuidv7(),
          columns: overlay({ name: fields.name, ...NEW_ITEM }, fields, false),
        });
        created++;
        continue;
      }
      target = { kind: 'existing', row: match, columns: columnsOfRow(match) };
      targets.set(key, target);
    }
    const next = overlay(target.columns, fields, true);
    if (JSON.stringify(next) === JSON.stringify(target.columns)) unchanged++;
    else updated++;
    target.columns = next;
  }

  const inserts: Array<{ id: string; columns: InventoryColumns }> = [];
  const updates: Array<{ id: string; columns: InventoryColumns; row: InventoryRow }> = [];
  for (const target of targets.values()) {
    if (target.kind === 'new') inserts.push({ id: target.id, columns: target.columns });
    else if (JSON.stringify(target.columns) !== JSON.stringify(columnsOfRow(target.row)))
      updates.push({ id: target.row.id, columns: target.columns, row: target.row });
  }
  const userId = request.user!.id;
  await insertItems(w, userId, inserts);
  const written = await updateItems(w, userId, updates);

  const before = new Map(updates.map((u) => [u.id, u.row]));
  const crossed = written.filter((row) => crossesBelowMinimum(before.get(row.id) ?? null, row));
  await notifyStockLow(app, w, crossed);

  const ids = (list: Array<{ id: string }>) => list.slice(0, AUDIT_MAX_IDS).map((x) => x.id);
  await app.audit(
    request,
    {
      action: 'inventory.import',
      entity: 'inventory',
      changes: {
        rows: rows.length,
        created,
        updated,
        unchanged,
        errors: errors.length,
        createdIds: ids(inserts),
        updatedIds: ids(updates),
        ...(inserts.length > AUDIT_MAX_IDS || updates.length > AUDIT_MAX_IDS ? { idsTruncated: true } : {}),
      },
    },
    w.tx,
  );
  return { imported: created + updated + unchanged, created, updated, unchanged, errors };
}

/**
 * POST /api/inventory/import {rows}: rows parsed and mapped on the device (src/domain/inventory-csv.ts),
 * validated again here, written as ONE idempotent batch (send an Idempotency-Key: the same file queued
 * twice by the outbox is imported once). Rows with errors are not imported and come back with their row
 * number and reason.
 */
export async function inventoryImportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/inventory/import', {
    bodyLimit: IMPORT_BODY_LIMIT,
    config: { access: 'inventory:write' },
    schema: {
      tags: ['inventory'],
      body: inventoryImportSchema,
      response: { 200: inventoryImportResultSchema },
    },
    handler: async (request, reply) =>
      app.runWrite(request, reply, { collections: [COLLECTION] }, async (w) => ({
        body: await importRows(app, request, w, request.body.rows),
      })),
  });
}
