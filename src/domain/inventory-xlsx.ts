import writeXlsxFile, { type Row } from 'write-excel-file/universal';
import type { InventoryItem } from './inventory';
import { INVENTORY_EXPORT_COLUMNS } from './inventory-csv';

/*
 * The Excel (.xlsx) export of the inventory. Isomorphic: the server answers
 * GET /api/inventory/export?format=xlsx with it, and the client may lazy-load it to export its offline
 * mirror. Same columns as the CSV; quantities and prices are numbers, text is stored as Unicode shared
 * strings, so umlauts, Cyrillic and Greek open intact.
 */

const WIDTHS: Record<string, number> = {
  name: 36,
  description: 40,
  category: 18,
  location: 20,
  supplier: 20,
  tags: 30,
  photo: 30,
  id: 38,
  updatedAt: 26,
};

export function inventorySheetRows(items: readonly InventoryItem[]): Row[] {
  const header: Row = INVENTORY_EXPORT_COLUMNS.map((c) => ({ value: c.header, fontWeight: 'bold' as const }));
  const rows: Row[] = items.map((item) =>
    INVENTORY_EXPORT_COLUMNS.map((column) => {
      const value = column.value(item);
      if (value === null) return null;
      if (typeof value === 'number') {
        return column.kind === 'money'
          ? { value, type: Number, format: '#,##0.00' }
          : { value, type: Number };
      }
      return { value, type: String };
    }),
  );
  return [header, ...rows];
}

/** The workbook as a Blob (one sheet "Inventory", header row kept in view). */
export function inventoryToXlsx(items: readonly InventoryItem[]): Promise<Blob> {
  return writeXlsxFile(inventorySheetRows(items), {
    sheet: 'Inventory',
    stickyRowsCount: 1,
    columns: INVENTORY_EXPORT_COLUMNS.map((c) => ({ width: WIDTHS[c.header] ?? 14 })),
  }).toBlob();
}
