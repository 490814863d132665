import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { keyedIssues } from './fields';
import {
  inventoryFieldsSchema,
  normalizeTags,
  type InventoryFields,
  type InventoryItem,
  type InventoryMaintenanceType,
} from './inventory';

/*
 * CSV import and export of the inventory. Pure and isomorphic: the client
 * parses the file on the device with papaparse (so an offline import is queued as one batch) and maps
 * and validates it here for the preview; the server validates the rows it receives again with the same
 * functions (POST /api/inventory/import).
 *
 *   const text = decodeCsvBytes(new Uint8Array(await file.arrayBuffer()));   // UTF-8 ± BOM, or ANSI
 *   const parsed = Papa.parse<string[]>(text);                              // no skipEmptyLines
 *   const mapped = mapInventoryCsv(parsed.data, { delimiter: parsed.meta.delimiter });
 *   const { valid, errors } = validateInventoryImport(mapped.rows);         // preview
 *   POST /api/inventory/import { rows: mapped.rows }
 *
 * - Header detection: the first non-empty row is a header when its cells name known columns (English,
 *   German, Bulgarian or Greek names; case, accents and "(EUR)"-like suffixes ignored). Without a header
 *   the columns are in the standard order: name, description, quantity, price, category, location, supplier.
 * - Standard columns → fields: name → name, description → notes, quantity, price, category → type, location,
 *   supplier → maker. Also understood: tags, minQuantity, maintenanceType (and the field names).
 * - Numbers: "1.234,56", "1,234.56", "12,50", "12.5", "1 234,5", "12,50 €". A single separator followed
 *   by exactly three digits is read by the file's decimal separator (`;` files and decimal-comma values
 *   mean ',').
 * - Row numbers are the file's (1-based, the header being row 1), so pass papaparse's rows unfiltered:
 *   blank rows are skipped here.
 * - Empty cells leave a stored value as it is on update (a new item takes the default).
 */

export type InventoryImportField =
  | 'name'
  | 'notes'
  | 'quantity'
  | 'price'
  | 'type'
  | 'location'
  | 'maker'
  | 'tags'
  | 'minQuantity'
  | 'maintenanceType';

/** The standard CSV columns, in their order (also the order of a file without a header). */
export const INVENTORY_CSV_COLUMNS = [
  'name',
  'description',
  'quantity',
  'price',
  'category',
  'location',
  'supplier',
] as const;

const SPEC_COLUMN_FIELDS: Record<(typeof INVENTORY_CSV_COLUMNS)[number], InventoryImportField> = {
  name: 'name',
  description: 'notes',
  quantity: 'quantity',
  price: 'price',
  category: 'type',
  location: 'location',
  supplier: 'maker',
};

const HEADER_ALIASES: Record<InventoryImportField, readonly string[]> = {
  name: [
    'name',
    'item',
    'item name',
    'part',
    'part name',
    'bezeichnung',
    'artikel',
    'artikelname',
    'teil',
    'име',
    'наименование',
    'όνομα',
    'ονομασία',
  ],
  notes: [
    'description',
    'notes',
    'note',
    'comment',
    'beschreibung',
    'notizen',
    'bemerkung',
    'bemerkungen',
    'описание',
    'бележки',
    'περιγραφή',
    'σημειώσεις',
  ],
  quantity: [
    'quantity',
    'qty',
    'stock',
    'on hand',
    'menge',
    'anzahl',
    'bestand',
    'количество',
    'наличност',
    'ποσότητα',
    'απόθεμα',
  ],
  price: [
    'price',
    'unit price',
    'cost',
    'preis',
    'einzelpreis',
    'stückpreis',
    'цена',
    'единична цена',
    'τιμή',
    'τιμή μονάδας',
  ],
  type: ['category', 'type', 'kategorie', 'typ', 'art', 'категория', 'тип', 'κατηγορία', 'τύπος'],
  location: [
    'location',
    'storage location',
    'bin',
    'lagerort',
    'standort',
    'lagerplatz',
    'lager',
    'местоположение',
    'склад',
    'τοποθεσία',
    'αποθήκη',
  ],
  maker: [
    'supplier',
    'maker',
    'manufacturer',
    'vendor',
    'brand',
    'lieferant',
    'hersteller',
    'marke',
    'доставчик',
    'производител',
    'προμηθευτής',
    'κατασκευαστής',
  ],
  tags: ['tags', 'tag', 'labels', 'schlagworte', 'schlagwörter', 'etiketten', 'етикети', 'ετικέτες'],
  minQuantity: [
    'minquantity',
    'min quantity',
    'minimum quantity',
    'min stock',
    'minimum stock',
    'reorder level',
    'mindestbestand',
    'mindestmenge',
    'минимално количество',
    'ελάχιστη ποσότητα',
  ],
  maintenanceType: [
    'maintenancetype',
    'maintenance type',
    'maintenance',
    'wartungsart',
    'вид поддръжка',
    'τύπος συντήρησης',
  ],
};

/** Lower case, accents and a "(EUR)"/"[€]" suffix removed, `_`/`-` as spaces, spaces collapsed. */
function headerKey(cell: string): string {
  return cell
    .replace(/^\uFEFF/, '')
    .replace(/[([][^)\]]*[)\]]\s*$/, '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[_\-.:*]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const FIELD_BY_HEADER = new Map<string, InventoryImportField>();
for (const [field, aliases] of Object.entries(HEADER_ALIASES) as Array<
  [InventoryImportField, readonly string[]]
>) {
  for (const alias of aliases) {
    FIELD_BY_HEADER.set(headerKey(alias), field);
    FIELD_BY_HEADER.set(headerKey(alias).replace(/ /g, ''), field);
  }
}

/** The field a header cell names, or null. */
export function inventoryFieldForHeader(cell: string): InventoryImportField | null {
  const key = headerKey(cell);
  return FIELD_BY_HEADER.get(key) ?? FIELD_BY_HEADER.get(key.replace(/ /g, '')) ?? null;
}

/** File bytes → text: UTF-8 with or without BOM; bytes that are not UTF-8 are read as Windows-1252. */
export function decodeCsvBytes(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    // Excel's "CSV" on a German Windows writes ANSI (Windows-1252).
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return text.replace(/^\uFEFF/, '');
}

export type DecimalSeparator = ',' | '.';

const CURRENCY = /^(?:€|\$|£|eur|usd|bgn|лв\.?)|(?:€|\$|£|eur|usd|bgn|лв\.?)$/i;

/**
 * A number written with thousands separators and a decimal comma or point; null when it is not one.
 * `preferred` decides a lone separator followed by exactly three digits ("1.234": 1234 with ',').
 */
export function parseDecimal(text: string, preferred: DecimalSeparator = '.'): number | null {
  let s = text.replace(/[\s\u00a0\u202f']/g, '');
  s = s.replace(CURRENCY, '').replace(CURRENCY, '');
  if (!/^[+-]?[\d.,]+$/.test(s) || !/\d/.test(s)) return null;
  const sign = s.startsWith('-') ? -1 : 1;
  s = s.replace(/^[+-]/, '');
  const lastComma = s.lastIndexOf(',');
  const lastDot = s.lastIndexOf('.');
  let decimal: DecimalSeparator | null;
  if (lastComma >= 0 && lastDot >= 0) {
    decimal = lastComma > lastDot ? ',' : '.';
  } else if (lastComma < 0 && lastDot < 0) {
    decimal = null;
  } else {
    const sep: DecimalSeparator = lastComma >= 0 ? ',' : '.';
    const count = s.split(sep).length - 1;
    const after = s.length - s.lastIndexOf(sep) - 1;
    decimal = count > 1 || (after === 3 && sep !== preferred) ? null : sep;
  }
  const thousands = decimal === ',' ? '.' : ',';
  const cut = decimal ? s.lastIndexOf(decimal) : s.length;
  let whole = s.slice(0, cut);
  const fraction = decimal ? s.slice(cut + 1) : undefined;
  if (whole.includes(thousands) || (decimal === null && /[.,]/.test(whole))) {
    const group = decimal === null ? /[.,]/ : thousands;
    const parts = whole.split(group);
    if (parts.slice(1).some((p) => p.length !== 3) || parts[0]!.length > 3 || parts[0]!.length === 0)
      return null;
    whole = parts.join('');
  }
  if (/[.,]/.test(whole) || (fraction !== undefined && !/^\d*$/.test(fraction))) return null;
  const value = Number(`${whole || '0'}${fraction ? `.${fraction}` : ''}`);
  return Number.isFinite(value) ? sign * value : null;
}

/** The decimal separator a file's numbers use: by their shapes, else by the delimiter (`;` → ','). */
export function detectDecimalSeparator(values: readonly string[], delimiter?: string): DecimalSeparator {
  let comma = 0;
  let dot = 0;
  for (const raw of values) {
    const v = raw.replace(/[\s\u00a0\u202f]/g, '');
    if (/\d,\d{1,2}(?!\d)/.test(v) || /\.\d{3},/.test(v)) comma++;
    if (/\d\.\d{1,2}(?!\d)/.test(v) || /,\d{3}\./.test(v)) dot++;
  }
  if (comma !== dot) return comma > dot ? ',' : '.';
  return delimiter === ';' ? ',' : '.';
}

const MAINTENANCE_ALIASES: Record<string, InventoryMaintenanceType> = {
  routine: 'routine',
  routinewartung: 'routine',
  preventive: 'preventive',
  preventative: 'preventive',
  praventiv: 'preventive',
  vorbeugend: 'preventive',
  emergency: 'emergency',
  notfall: 'emergency',
  inspection: 'inspection',
  inspektion: 'inspection',
  in_progress: 'in_progress',
  inprogress: 'in_progress',
  in_bearbeitung: 'in_progress',
};

/** "In progress", "in-progress", "Inspektion" → the maintenance type; unknown text is kept as it is. */
export function parseMaintenanceType(text: string): string {
  const key = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return MAINTENANCE_ALIASES[key] ?? MAINTENANCE_ALIASES[key.replace(/_/g, '')] ?? text.trim();
}

/** Tags written in one cell: separated by `,`, `;` or `|`. */
export function splitTagCell(text: string): string[] {
  return normalizeTags(text.split(/[,;|]/));
}

/** A cell our export escaped against formula injection ("'=SUM…") back to its text. */
function unescapeCell(text: string): string {
  const t = text.trim();
  return /^'[=+\-@]/.test(t) ? t.slice(1) : t;
}

const cellSchema = lazySchema(() => z.union([z.string().max(10_000), z.number()]).nullish());

/**
 * One row of an import as the device sends it: the file's row number and the mapped cells (numbers
 * already read with the file's decimal separator; text that is not a number is kept for the message).
 */
export const inventoryImportRowSchema = lazySchema(() =>
  z.object({
    row: z.number().int().min(1).optional(),
    name: cellSchema,
    maker: cellSchema,
    type: cellSchema,
    quantity: cellSchema,
    price: cellSchema,
    notes: cellSchema,
    location: cellSchema,
    tags: z.union([z.string().max(10_000), z.array(z.string().max(200)).max(200)]).nullish(),
    minQuantity: cellSchema,
    maintenanceType: cellSchema,
  }),
);
export type InventoryImportRow = z.infer<typeof inventoryImportRowSchema>;

export const INVENTORY_IMPORT_MAX_ROWS = 20_000;

export const inventoryImportSchema = lazySchema(() =>
  z.object({
    rows: z
      .array(inventoryImportRowSchema, { error: 'rows must be a list' })
      .min(1, 'The file has no rows to import')
      .max(INVENTORY_IMPORT_MAX_ROWS, `At most ${INVENTORY_IMPORT_MAX_ROWS} rows at once`),
  }),
);
export type InventoryImport = z.infer<typeof inventoryImportSchema>;

export const inventoryImportErrorSchema = lazySchema(() =>
  z.object({ row: z.number().int(), reason: z.string() }),
);
export type InventoryImportError = z.infer<typeof inventoryImportErrorSchema>;

export const inventoryImportResultSchema = lazySchema(() =>
  z.object({
    /** Rows taken in: created + updated + unchanged. The count in "Imported {{imported}} items." */
    imported: z.number().int(),
    created: z.number().int(),
    /** Existing items (same name and maker, ignoring case) whose fields changed. */
    updated: z.number().int(),
    /** Existing items the row matched exactly (e.g. the same file imported again). */
    unchanged: z.number().int(),
    /** Rows not imported, with the file's row number and the reason. */
    errors: z.array(inventoryImportErrorSchema),
  }),
);
export type InventoryImportResult = z.infer<typeof inventoryImportResultSchema>;

export interface MappedInventoryCsv {
  hasHeader: boolean;
  /** Field per column (null: not imported). */
  columns: Array<InventoryImportField | null>;
  /** Header cells that name no known column (or repeat one). */
  ignoredColumns: string[];
  /** Known columns the file lacks that an import needs. */
  missingColumns: InventoryImportField[];
  decimalSeparator: DecimalSeparator;
  rows: InventoryImportRow[];
}

const NUMERIC_FIELDS = new Set<InventoryImportField>(['quantity', 'price', 'minQuantity']);
const isBlankRow = (row: readonly unknown[]) => row.every((c) => String(c ?? '').trim() === '');

/**
 * papaparse's rows (arrays of cells) → import rows. Detects the header, maps the columns and reads the
 * numbers with the file's decimal separator. Validation is `validateInventoryImport`.
 */
export function mapInventoryCsv(
  data: ReadonlyArray<readonly unknown[]>,
  options: { delimiter?: string; decimalSeparator?: DecimalSeparator } = {},
): MappedInventoryCsv {
  const cells = data.map((row) => row.map((c) => (c === null || c === undefined ? '' : String(c))));
  const first = cells.findIndex((row) => !isBlankRow(row));
  const head = first >= 0 ? cells[first]! : [];
  const named = head.map(inventoryFieldForHeader);
  const matches = named.filter(Boolean).length;
  const hasNumber = head.some((c) => parseDecimal(c) !== null);
  const hasHeader = matches >= 2 || (matches === 1 && !hasNumber);

  const columns: Array<InventoryImportField | null> = [];
  const ignoredColumns: string[] = [];
  if (hasHeader) {
    const taken = new Set<InventoryImportField>();
    head.forEach((cell, i) => {
      const field = named[i] ?? null;
      if (field && !taken.has(field)) {
        taken.add(field);
        columns.push(field);
      } else {
        columns.push(null);
        if (cell.trim()) ignoredColumns.push(cell.replace(/^\uFEFF/, '').trim());
      }
    });
  } else {
    columns.push(...INVENTORY_CSV_COLUMNS.map((c) => SPEC_COLUMN_FIELDS[c]));
  }

  const dataStart = hasHeader ? first + 1 : Math.max(first, 0);
  const numericValues: string[] = [];
  for (let r = dataStart; r < cells.length; r++) {
    columns.forEach((field, i) => {
      if (field && NUMERIC_FIELDS.has(field)) numericValues.push(cells[r]![i] ?? '');
    });
  }
  const decimalSeparator =
    options.decimalSeparator ?? detectDecimalSeparator(numericValues, options.delimiter);

  const rows: InventoryImportRow[] = [];
  for (let r = dataStart; r < cells.length; r++) {
    const line = cells[r]!;
    if (isBlankRow(line)) continue;
    const out: Record<string, unknown> = { row: r + 1 };
    columns.forEach((field, i) => {
      const text = unescapeCell(line[i] ?? '');
      if (!field || text === '') return;
      if (NUMERIC_FIELDS.has(field)) out[field] = parseDecimal(text, decimalSeparator) ?? text;
      else if (field === 'tags') out.tags = splitTagCell(text);
      else if (field === 'maintenanceType') out.maintenanceType = parseMaintenanceType(text);
      else out[field] = text;
    });
    rows.push(out as InventoryImportRow);
  }
  const missingColumns: InventoryImportField[] = columns.includes('name') ? [] : ['name'];
  return { hasHeader, columns, ignoredColumns, missingColumns, decimalSeparator, rows };
}

const IMPORT_FIELDS = [
  'name',
  'maker',
  'type',
  'quantity',
  'price',
  'notes',
  'tags',
  'location',
  'minQuantity',
  'maintenanceType',
] as const satisfies ReadonlyArray<keyof InventoryFields & InventoryImportField>;

/** A valid row: the fields its cells gave (empty cells left out), name always present. */
export interface ValidInventoryImportRow {
  row: number;
  fields: Partial<InventoryFields> & { name: string };
}

/** The key an import matches existing items by: name and maker, ignoring case and outer spaces. */
export function inventoryImportKey(name: string, maker: string | null | undefined): string {
  return `${name.trim().toLowerCase()}\u0000${(maker ?? '').trim().toLowerCase()}`;
}

const importSchemas = new Map<string, z.ZodType>();

/** The item rules for the fields a row gives (name always): other fields keep their stored values. */
function importSchemaFor(fields: readonly string[]): z.ZodType {
  const names = ['name', ...IMPORT_FIELDS.filter((f) => f !== 'name' && fields.includes(f))];
  const key = names.join(',');
  let schema = importSchemas.get(key);
  if (!schema) {
    schema = inventoryFieldsSchema.pick(
      Object.fromEntries(names.map((n) => [n, true])) as Record<
        InventoryImportField & keyof InventoryFields,
        true
      >,
    );
    importSchemas.set(key, schema);
  }
  return schema;
}

function isBlankCell(v: unknown): boolean {
  return (
    v === undefined ||
    v === null ||
    (typeof v === 'string' && v.trim() === '') ||
    (Array.isArray(v) && v.length === 0)
  );
}

/**
 * Validates import rows with the item rules. A row without a number gets its
 * position (1-based) as its number. Reasons name every failing field, joined with "; ".
 */
export function validateInventoryImport(rows: readonly InventoryImportRow[]): {
  valid: ValidInventoryImportRow[];
  errors: InventoryImportError[];
} {
  const valid: ValidInventoryImportRow[] = [];
  const errors: InventoryImportError[] = [];
  rows.forEach((raw, index) => {
    const row = raw.row ?? index + 1;
    const given: Record<string, unknown> = {};
    for (const field of IMPORT_FIELDS) {
      let value: unknown = raw[field];
      if (isBlankCell(value)) continue;
      if (NUMERIC_FIELDS.has(field)) {
        if (typeof value === 'string') value = parseDecimal(value) ?? value;
      } else if (typeof value === 'number') {
        value = String(value);
      }
      if (field === 'maintenanceType' && typeof value === 'string') value = parseMaintenanceType(value);
      given[field] = value;
    }
    const result = importSchemaFor(Object.keys(given)).safeParse(given);
    if (!result.success) {
      // The reason is read in English (the import's summary is one text per row, for the log too).
      const reasons = [...new Set(keyedIssues(result.error.issues).map((i) => i.english))];
      errors.push({ row, reason: reasons.join('; ') });
      return;
    }
    valid.push({ row, fields: result.data as ValidInventoryImportRow['fields'] });
  });
  return { valid, errors };
}

/* ── Export ─────────────────────────────────────────────────────────────────────────────────────── */

export interface InventoryExportColumn {
  header: string;
  kind: 'text' | 'integer' | 'money';
  value(item: InventoryItem): string | number | null;
}

/**
 * Every field, the standard CSV columns first under their column names, so an exported file imports again
 * (tags joined with ", ").
 */
export const INVENTORY_EXPORT_COLUMNS: readonly InventoryExportColumn[] = [
  { header: 'name', kind: 'text', value: (i) => i.name },
  { header: 'description', kind: 'text', value: (i) => i.notes },
  { header: 'quantity', kind: 'integer', value: (i) => i.quantity },
  { header: 'price', kind: 'money', value: (i) => i.price },
  { header: 'category', kind: 'text', value: (i) => i.type },
  { header: 'location', kind: 'text', value: (i) => i.location },
  { header: 'supplier', kind: 'text', value: (i) => i.maker },
  { header: 'tags', kind: 'text', value: (i) => (i.tags.length ? i.tags.join(', ') : null) },
  { header: 'minQuantity', kind: 'integer', value: (i) => i.minQuantity },
  { header: 'maintenanceType', kind: 'text', value: (i) => i.maintenanceType },
  { header: 'photo', kind: 'text', value: (i) => i.photo },
  { header: 'id', kind: 'text', value: (i) => i.id },
  { header: 'updatedAt', kind: 'text', value: (i) => i.updatedAt },
];

/** Text a spreadsheet would run as a formula gets a leading apostrophe (the import strips it again). */
export function escapeFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function csvCell(text: string, delimiter: string): string {
  return text.includes(delimiter) || /["\r\n]/.test(text) || text !== text.trim()
    ? `"${text.replace(/"/g, '""')}"`
    : text;
}

/**
 * Items → CSV text starting with a UTF-8 BOM (so Excel reads umlauts, Cyrillic and Greek), CRLF line
 * ends, quoted where needed. `;` writes decimal commas, as German spreadsheet settings expect.
 */
export function inventoryToCsv(
  items: readonly InventoryItem[],
  options: { delimiter?: ',' | ';' } = {},
): string {
  const delimiter = options.delimiter ?? ',';
  const lines = [INVENTORY_EXPORT_COLUMNS.map((c) => csvCell(c.header, delimiter)).join(delimiter)];
  for (const item of items) {
    const cells = INVENTORY_EXPORT_COLUMNS.map((column) => {
      const value = column.value(item);
      if (value === null) return '';
      if (column.kind === 'money' && typeof value === 'number') {
        const text = value.toFixed(2);
        return csvCell(delimiter === ';' ? text.replace('.', ',') : text, delimiter);
      }
      if (typeof value === 'number') return String(value);
      return csvCell(escapeFormula(value), delimiter);
    });
    lines.push(cells.join(delimiter));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** `inventory-2026-05-14.csv` */
export function inventoryExportFileName(format: 'csv' | 'xlsx', date: Date = new Date()): string {
  return `inventory-${date.toISOString().slice(0, 10)}.${format}`;
}

export const INVENTORY_EXPORT_CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
