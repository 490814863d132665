import type { InventoryExportFormat } from '@/domain/inventory';
import {
  INVENTORY_EXPORT_CONTENT_TYPES,
  inventoryExportFileName,
  inventoryToCsv,
} from '@/domain/inventory-csv';
import { apiFetch, ApiError } from '@/client/api/client';
import { isOnline } from '@/client/offline';
import { filterParams, type InventoryFilterState, type InventoryRecord } from './model';

export interface ExportFile {
  blob: Blob;
  fileName: string;
  /** Built by the server, or here from the device's copy (offline). */
  source: 'server' | 'device';
}

/** The file built on the device from the mirror, with the same shared code the server uses. */
export async function buildLocalExport(
  format: InventoryExportFormat,
  items: readonly InventoryRecord[],
): Promise<Blob> {
  if (format === 'csv') {
    return new Blob([inventoryToCsv(items)], { type: INVENTORY_EXPORT_CONTENT_TYPES.csv });
  }
  const { inventoryToXlsx } = await import('@/domain/inventory-xlsx');
  return inventoryToXlsx(items);
}

/**
 * CSV or Excel of the current filter: from the server when online, otherwise (or when the network
 * fails on the way) from the device's copy of the inventory.
 */
export async function exportInventory(
  format: InventoryExportFormat,
  filter: InventoryFilterState,
  items: readonly InventoryRecord[],
): Promise<ExportFile> {
  const fileName = inventoryExportFileName(format);
  if (isOnline()) {
    const params = new URLSearchParams({ format, ...filterParams(filter) });
    try {
      const blob = await apiFetch<Blob>(`/inventory/export?${params.toString()}`, { responseType: 'blob' });
      return { blob, fileName, source: 'server' };
    } catch (error) {
      if (!(error instanceof ApiError && error.isNetworkError)) throw error;
    }
  }
  return { blob: await buildLocalExport(format, items), fileName, source: 'device' };
}
