import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  applyTagChanges,
  inventoryTagListSchema,
  inventoryTagRenameResultSchema,
  inventoryTagRenameSchema,
  inventoryTagsBulkResultSchema,
  inventoryTagsBulkSchema,
  renameTag,
} from '@/domain/inventory';
import { inventoryItems } from '../../db/schema';
import { updateItems } from './bulk';
import { COLLECTION, columnsOfRow, hasTag, inventoryToApi, type InventoryRow } from './data';

/** The items whose tags a change really alters, with their new tags. */
function changedTags(rows: readonly InventoryRow[], next: (tags: string[]) => string[] | null) {
  const out: Array<{ row: InventoryRow; tags: string[] }> = [];
  for (const row of rows) {
    const tags = next(row.tags);
    if (tags && JSON.stringify(tags) !== JSON.stringify(row.tags)) out.push({ row, tags });
  }
  return out;
}

/**
 * Tags across items: the tag list (for the tag manager), bulk add/remove on selected items, and
 * rename — renaming onto a tag an item already carries merges the two (no duplicate on any item).
 */
export async function inventoryTagRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/inventory/tags', {
    config: { access: 'inventory:read' },
    schema: { tags: ['inventory'], response: { 200: inventoryTagListSchema } },
    handler: async () => {
      // Spellings that differ only in case count as one tag, shown in their most frequent spelling.
      const result = await app.db.execute(sql`
        select (array_agg(tag order by n desc, tag))[1] as tag, sum(n)::int as count
        from (
          select t.tag, count(*) as n
          from ${inventoryItems}, unnest(${inventoryItems.tags}) as t(tag)
          where ${inventoryItems.deletedAt} is null
          group by t.tag
        ) spellings
        group by lower(tag)
        order by lower(tag)`);
      const { rows } = result as unknown as { rows: Array<{ tag: string; count: number | string }> };
      return { tags: rows.map((row) => ({ tag: row.tag, count: Number(row.count) })) };
    },
  });

  r.post('/inventory/tags/bulk', {
    config: { access: 'inventory:write' },
    schema: {
      tags: ['inventory'],
      body: inventoryTagsBulkSchema,
      response: { 200: inventoryTagsBulkResultSchema },
    },
    handler: async (request, reply) =>
      app.runWrite(request, reply, { collections: [COLLECTION] }, async (w) => {
        const { ids, add, remove } = request.body;
        // Items deleted meanwhile (or never seen) are left out: the selection was made on a device.
        const rows = await w.tx
          .select()
          .from(inventoryItems)
          .where(and(inArray(inventoryItems.id, [...new Set(ids)]), isNull(inventoryItems.deletedAt)))
          .orderBy(inventoryItems.id)
          .for('update');
        const changes = changedTags(rows, (tags) => applyTagChanges(tags, add, remove));
        const written = await updateItems(
          w,
          request.user!.id,
          changes.map(({ row, tags }) => ({ id: row.id, columns: { ...columnsOfRow(row), tags } })),
        );
        await app.audit(
          request,
          {
            action: 'inventory.tags.bulk',
            entity: 'inventory',
            changes: { add, remove, ids: written.map((row) => row.id) },
          },
          w.tx,
        );
        return { body: { updated: written.length, items: written.map(inventoryToApi) } };
      }),
  });

  r.post('/inventory/tags/rename', {
    config: { access: 'inventory:write' },
    schema: {
      tags: ['inventory'],
      body: inventoryTagRenameSchema,
      response: { 200: inventoryTagRenameResultSchema },
    },
    handler: async (request, reply) =>
      app.runWrite(request, reply, { collections: [COLLECTION] }, async (w) => {
        const { from, to } = request.body;
        const rows = await w.tx
          .select()
          .from(inventoryItems)
          .where(and(isNull(inventoryItems.deletedAt), hasTag(from)))
          .orderBy(inventoryItems.id)
          .for('update');
        const changes = changedTags(rows, (tags) => renameTag(tags, from, to));
        const written = await updateItems(
          w,
          request.user!.id,
          changes.map(({ row, tags }) => ({ id: row.id, columns: { ...columnsOfRow(row), tags } })),
        );
        await app.audit(
          request,
          {
            action: 'inventory.tags.rename',
            entity: 'inventory',
            changes: { from, to, ids: written.map((row) => row.id) },
          },
          w.tx,
        );
        return { body: { updated: written.length } };
      }),
  });
}
