import {
  decodeCsvBytes,
  mapInventoryCsv,
  validateInventoryImport,
  type InventoryImportError,
  type InventoryImportResult,
  type InventoryImportRow,
  type MappedInventoryCsv,
} from '@/domain/inventory-csv';
import { apiFetch } from '@/client/api/client';
import type { SyncEngine } from '@/client/offline';

export interface CsvPreview {
  fileName: string;
  mapped: MappedInventoryCsv;
  /** Rows that pass the item rules (what the import will take in). */
  validCount: number;
  errors: InventoryImportError[];
  /** The first valid rows, for the preview table. */
  sample: InventoryImportRow[];
}

const SAMPLE_ROWS = 8;

async function fileBytes(file: Blob): Promise<Uint8Array> {
  if (typeof file.arrayBuffer === 'function') return new Uint8Array(await file.arrayBuffer());
  return new TextEncoder().encode(await file.text());
}

/**
 * Reads a CSV on the device with the shared parser: UTF-8 with or without BOM, `,` or `;`, German
 * decimal commas, header detection. Nothing leaves the device until the person confirms the import.
 */
export async function readInventoryCsv(file: File): Promise<CsvPreview> {
  const { default: Papa } = await import('papaparse');
  const text = decodeCsvBytes(await fileBytes(file));
  const parsed = Papa.parse<string[]>(text);
  const mapped = mapInventoryCsv(parsed.data, { delimiter: parsed.meta.delimiter });
  const { valid, errors } = validateInventoryImport(mapped.rows);
  const validRows = new Set(valid.map((v) => v.row));
  return {
    fileName: file.name,
    mapped,
    validCount: valid.length,
    errors,
    sample: mapped.rows
      .filter((row) => row.row !== undefined && validRows.has(row.row))
      .slice(0, SAMPLE_ROWS),
  };
}

/** One batch; the key makes a retry of the same preview count once (the server also matches by name + maker). */
export function sendInventoryImport(rows: InventoryImportRow[], idempotencyKey: string) {
  return apiFetch<InventoryImportResult>('/inventory/import', {
    method: 'POST',
    body: { rows },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/**
 * The same batch through the outbox, for when there is no connection: it survives reloads and goes
 * out under the same key when the device is back online (a send that did reach the server before the
 * connection dropped then counts once). The items arrive with the pull afterwards.
 */
export function queueInventoryImport(
  engine: Pick<SyncEngine, 'enqueueBatch'>,
  preview: CsvPreview,
  idempotencyKey: string,
): Promise<string> {
  return engine.enqueueBatch({
    collection: 'inventory',
    url: '/api/inventory/import',
    body: { rows: preview.mapped.rows },
    size: preview.validCount,
    label: preview.fileName,
    id: idempotencyKey,
  });
}
