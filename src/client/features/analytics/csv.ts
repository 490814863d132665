import Papa from 'papaparse';
import { saveBlob } from '@/client/lib/files/save-blob';

export interface Column<Row> {
  key: string;
  label: string;
  /** The raw value: what the CSV holds (numbers unformatted, so spreadsheets can compute with them). */
  value: (row: Row) => string | number | null;
  /** How the table view shows the cell; defaults to the raw value. */
  format?: (row: Row) => string;
  numeric?: boolean;
}

/** The rows as CSV (header = column labels), through papaparse. */
export function toCsv<Row>(columns: ReadonlyArray<Column<Row>>, rows: readonly Row[]): string {
  return Papa.unparse({
    fields: columns.map((c) => c.label),
    data: rows.map((row) => columns.map((c) => c.value(row) ?? '')),
  });
}

/** Offers the text as a file download (Blob + a temporary link). */
export function downloadCsv(filename: string, csv: string): void {
  // The byte-order mark lets spreadsheet programs read umlauts and Cyrillic/Greek correctly.
  saveBlob(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }), filename);
}

/** `analytics-<name>-<range>.csv` with a file-name-safe name. */
export function csvFilename(name: string, range?: string): string {
  const safe = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `analytics-${safe}${range ? `-${range}` : ''}.csv`;
}
