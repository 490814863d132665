import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inventoryExportQuerySchema } from '@/domain/inventory';
import {
  INVENTORY_EXPORT_CONTENT_TYPES,
  inventoryExportFileName,
  inventoryToCsv,
} from '@/domain/inventory-csv';
import { inventoryToXlsx } from '@/domain/inventory-xlsx';
import { allItems, inventoryToApi } from './data';

/**
 * GET /api/inventory/export?format=csv|xlsx plus the list's filters (q, tag, type, location,
 * maintenanceType, lowStock, sort): every matching item, every field, as a download. CSV starts with a
 * BOM and xlsx stores Unicode text, so spreadsheet programs show umlauts, Cyrillic and Greek intact.
 */
export async function inventoryExportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/inventory/export', {
    config: { access: 'inventory:read' },
    schema: {
      tags: ['inventory'],
      querystring: inventoryExportQuerySchema,
      produces: [INVENTORY_EXPORT_CONTENT_TYPES.csv, INVENTORY_EXPORT_CONTENT_TYPES.xlsx],
    },
    handler: async (request, reply) => {
      const { format, delimiter, ...filter } = request.query;
      const items = (await allItems(app.db, filter)).map(inventoryToApi);
      const fileName = inventoryExportFileName(format);
      reply
        .header('content-type', INVENTORY_EXPORT_CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store');
      if (format === 'xlsx') return Buffer.from(await (await inventoryToXlsx(items)).arrayBuffer());
      return inventoryToCsv(items, { delimiter: delimiter === 'semicolon' ? ';' : ',' });
    },
  });
}
