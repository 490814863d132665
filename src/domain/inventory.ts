import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { DEFAULT_LIMIT, DEFAULT_PAGE, MAX_LIMIT, type Language } from './constants';
import {
  defineEntity,
  fieldError,
  keyedError,
  optionalChoice,
  optionalNumber,
  optionalText,
  requiredText,
  withFormDefault,
  type FieldDef,
} from './fields';
import { syncedMetaSchema } from './sync';

/*
 * Inventory of parts. Shared by the server (input validation, API answers)
 * and the client (forms, local search of the mirror, offline writes).
 *
 * Writes:
 * - POST /api/inventory and PUT /api/inventory/{id}: multipart/form-data (fields + one `photo` file) or
 *   JSON (the same fields, no file). POST may carry a client-made `id`. PUT replaces every editable
 *   field (an omitted optional field is cleared, omitted tags become none, an omitted minQuantity 0)
 *   EXCEPT `quantity`: omitted on PUT it stays as it is, because stock moves by deltas (adjust).
 *   PUT only: `removePhoto=true` drops the photo (a new `photo` file replaces it).
 * - POST /api/inventory/{id}/adjust {delta}: adds a whole number to the quantity; never below zero.
 * - `price` is a decimal amount (12.5 = 12.50); the server keeps integer cents, so it is rounded to cents.
 * - `tags` are trimmed, empty ones dropped, and unique per item ignoring case (the first spelling wins).
 * - Multipart numbers are decimal text ("12.5"); tags are repeated `tags` fields or one JSON array text.
 */

export const INVENTORY_MAINTENANCE_TYPES = [
  'routine',
  'preventive',
  'emergency',
  'inspection',
  'in_progress',
] as const;
export type InventoryMaintenanceType = (typeof INVENTORY_MAINTENANCE_TYPES)[number];

export const INVENTORY_FILE_FIELDS = ['photo'] as const;
export const INVENTORY_MAX_TAGS = 30;
export const INVENTORY_TAG_MAX_LENGTH = 50;
export const INVENTORY_MAX_QUANTITY = 100_000_000;
/** Highest price (a decimal amount); kept as integer cents in an int4 column. */
export const INVENTORY_MAX_PRICE = 10_000_000;
export const INVENTORY_MAX_DELTA = INVENTORY_MAX_QUANTITY;
/** Most ids one bulk tag change may name. */
export const INVENTORY_BULK_MAX_IDS = 1000;

/** "Not enough stock: only 3 left" — the answer to an adjust that would go below zero. */
export function notEnoughStockMessage(available: number): string {
  return `Not enough stock: only ${available} left`;
}

/** The key two tags are compared by: trimmed, Unicode-normalised, lower case. */
export function tagKey(tag: string): string {
  return tag.normalize('NFC').trim().toLowerCase();
}

/** Trimmed, empty ones dropped, unique ignoring case (the first spelling wins), order kept. */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.normalize('NFC').trim();
    const key = tagKey(tag);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}

/** Tags with `remove` taken out and `add` appended (none twice, ignoring case). */
export function applyTagChanges(
  tags: readonly string[],
  add: readonly string[],
  remove: readonly string[],
): string[] {
  const removed = new Set(remove.map(tagKey));
  return normalizeTags([...tags.filter((t) => !removed.has(tagKey(t))), ...add]);
}

/**
 * Renames tag `from` to `to` (ignoring case). When the item already carries `to`, the two merge into
 * one. Returns null when the item does not carry `from` (nothing to change).
 */
export function renameTag(tags: readonly string[], from: string, to: string): string[] | null {
  const fromKey = tagKey(from);
  if (!tags.some((t) => tagKey(t) === fromKey)) return null;
  return normalizeTags(tags.map((t) => (tagKey(t) === fromKey ? to : t)));
}

/** Tags share one CSV cell, separated by `,`, `;` or `|`: a tag cannot contain them. */
const TAG_SEPARATORS = /[,;|]/;
const noSeparator = (tag: string) => !TAG_SEPARATORS.test(tag);

const TAGS_LABEL = { label: 'inventory.fields.tags', en: 'Tags' };
const TAG_LABEL = { label: 'inventory.fields.tags', en: 'A tag' };
const separatorError = keyedError(TAG_LABEL, 'validation.characters', () => ({ characters: ', ; |' }));

export const tagSchema = lazySchema(() =>
  z
    .string({ error: fieldError(TAG_LABEL) })
    .trim()
    .min(1)
    .max(INVENTORY_TAG_MAX_LENGTH)
    .refine(noSeparator, separatorError),
);

/** A list of tags, or one text of comma-separated tags; normalised (see normalizeTags). */
export const tagsSchema = lazySchema(() =>
  z
    .preprocess(
      (v) => (v === undefined || v === null ? [] : typeof v === 'string' ? v.split(',') : v),
      z.array(
        z
          .string({ error: fieldError(TAG_LABEL) })
          .max(INVENTORY_TAG_MAX_LENGTH)
          .refine(noSeparator, separatorError),
        { error: fieldError(TAGS_LABEL) },
      ),
    )
    .transform(normalizeTags)
    .refine(
      (tags) => tags.length <= INVENTORY_MAX_TAGS,
      keyedError(TAGS_LABEL, 'validation.tooMany', () => ({ max: INVENTORY_MAX_TAGS })),
    ),
);

const tagsField: FieldDef<string[], string[]> = {
  ...TAGS_LABEL,
  schema: tagsSchema,
  formDefault: [],
  toForm: (tags) => [...(tags ?? [])],
  toPayload: (tags) => tags,
};

const quantity = { integer: true, min: 0, max: INVENTORY_MAX_QUANTITY };

/**
 * The editable fields, declared once: the API's schema, the form's empty values, the record → form
 * and form → payload mappings and the keyed validation messages all come from here.
 */
export const inventoryEntity = defineEntity({
  name: requiredText({ label: 'inventory.fields.name', en: 'Name' }, 200),
  maker: optionalText({ label: 'inventory.fields.maker', en: 'Maker' }, 200),
  type: optionalText({ label: 'inventory.fields.type', en: 'Type' }, 120),
  quantity: withFormDefault(
    optionalNumber({ label: 'inventory.fields.quantity', en: 'Quantity' }, quantity, 0),
    0,
  ),
  /** A decimal amount rounded to cents. */
  price: optionalNumber(
    { label: 'inventory.fields.price', en: 'Price' },
    { min: 0, max: INVENTORY_MAX_PRICE, decimals: 2 },
  ),
  notes: optionalText({ label: 'inventory.fields.notes', en: 'Notes' }, 5000),
  tags: tagsField,
  location: optionalText({ label: 'inventory.fields.location', en: 'Location' }, 200),
  minQuantity: withFormDefault(
    optionalNumber({ label: 'inventory.fields.minQuantity', en: 'Minimum quantity' }, quantity, 0),
    0,
  ),
  maintenanceType: optionalChoice(
    { label: 'inventory.fields.maintenanceType', en: 'Maintenance type' },
    INVENTORY_MAINTENANCE_TYPES,
  ),
});

/** The editable fields, as the form fills them and the API accepts them. */
export const inventoryFieldsSchema = inventoryEntity.schema;
export type InventoryFields = z.infer<typeof inventoryFieldsSchema>;
export type InventoryFieldsInput = z.input<typeof inventoryFieldsSchema>;
export type InventoryFieldName = keyof InventoryFields;
export const INVENTORY_FIELD_NAMES: readonly InventoryFieldName[] = inventoryEntity.names;

export const inventoryCreateSchema = lazySchema(() =>
  inventoryFieldsSchema.extend({
    id: z.uuid({ error: 'Id must be a UUID' }).optional(),
  }),
);
export type InventoryCreate = z.infer<typeof inventoryCreateSchema>;

export const inventoryUpdateSchema = lazySchema(() =>
  inventoryFieldsSchema.extend({
    /** Omitted: the quantity stays as it is (stock moves by deltas). */
    quantity: optionalNumber(
      { label: 'inventory.fields.quantity', en: 'Quantity' },
      quantity,
    ).schema.transform((v) => v ?? undefined),
    removePhoto: z.boolean({ error: 'removePhoto must be true or false' }).default(false),
  }),
);
export type InventoryUpdate = z.infer<typeof inventoryUpdateSchema>;

export const inventoryAdjustSchema = lazySchema(() =>
  z.object({
    delta: z
      .number({ error: 'Delta must be a whole number' })
      .int('Delta must be a whole number')
      .min(-INVENTORY_MAX_DELTA, `Delta must be at least -${INVENTORY_MAX_DELTA}`)
      .max(INVENTORY_MAX_DELTA, `Delta must be at most ${INVENTORY_MAX_DELTA}`)
      .refine((d) => d !== 0, 'Delta must not be zero'),
  }),
);
export type InventoryAdjust = z.infer<typeof inventoryAdjustSchema>;

const NUMBER_FIELDS = ['quantity', 'price', 'minQuantity'] as const;

/**
 * Multipart text fields → the object the schemas above parse. Decimal text becomes a number (anything
 * else is kept, so the schema reports it on its field); `tags` repeated fields or one JSON array text;
 * `removePhoto` "true"/"false". Empty fields are omitted.
 */
export function inventoryInputFromForm(fields: Record<string, string | string[]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(fields)) {
    const values = Array.isArray(raw) ? raw : [raw];
    if (name === 'tags') {
      out.tags = values.flatMap((v) => {
        const text = v.trim();
        if (!text.startsWith('[')) return text ? [text] : [];
        try {
          const parsed: unknown = JSON.parse(text);
          return Array.isArray(parsed) ? parsed : [parsed];
        } catch {
          return [text];
        }
      });
      continue;
    }
    const value = values[values.length - 1] ?? '';
    if (value.trim() === '') continue;
    if ((NUMBER_FIELDS as readonly string[]).includes(name)) {
      out[name] = /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
    } else if (name === 'removePhoto') {
      out.removePhoto =
        value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value;
    } else {
      out[name] = value;
    }
  }
  return out;
}

/** An inventory item as the API returns it (list items, single reads, pull `data`). */
export const inventoryItemSchema = lazySchema(() =>
  syncedMetaSchema.extend({
    name: z.string(),
    maker: z.string().nullable(),
    type: z.string().nullable(),
    quantity: z.number().int(),
    /** Decimal amount (cents / 100), null when unknown. */
    price: z.number().nullable(),
    notes: z.string().nullable(),
    tags: z.array(z.string()),
    /** Stored relative path, served at /uploads/{path}. */
    photo: z.string().nullable(),
    location: z.string().nullable(),
    minQuantity: z.number().int(),
    maintenanceType: z.enum(INVENTORY_MAINTENANCE_TYPES).nullable(),
  }),
);
export type InventoryItem = z.infer<typeof inventoryItemSchema>;

/** Below its minimum: the low-stock warning. */
export function isLowStock(item: Pick<InventoryItem, 'quantity' | 'minQuantity'>): boolean {
  return item.quantity < item.minQuantity;
}

/** Decimal amount → integer cents, and back. */
export const priceToCents = (price: number | null): number | null =>
  price === null ? null : Math.round(price * 100);
export const centsToPrice = (cents: number | null): number | null => (cents === null ? null : cents / 100);

export const INVENTORY_SORT_FIELDS = [
  'name',
  'maker',
  'type',
  'quantity',
  'price',
  'location',
  'minQuantity',
  'createdAt',
  'updatedAt',
] as const;
export type InventorySortField = (typeof INVENTORY_SORT_FIELDS)[number];
/** `name` ascending, `-quantity` descending. */
export const INVENTORY_SORTS = [
  ...INVENTORY_SORT_FIELDS,
  ...INVENTORY_SORT_FIELDS.map((f) => `-${f}` as const),
];

/** The filters of the list and the export. */
export const inventoryFilterSchema = lazySchema(() =>
  z.object({
    /** Matches name, maker, notes and tags (case-insensitive, substring). */
    q: z.string().trim().max(200).optional(),
    /** Items carrying this tag (case-insensitive). */
    tag: z.string().trim().max(INVENTORY_TAG_MAX_LENGTH).optional(),
    /** Exact type, case-insensitive. */
    type: z.string().trim().max(120).optional(),
    /** Exact location, case-insensitive. */
    location: z.string().trim().max(200).optional(),
    maintenanceType: z.enum(INVENTORY_MAINTENANCE_TYPES).optional(),
    /** `true`: only items below their minimum quantity. */
    lowStock: z.stringbool().optional(),
    sort: z.enum(INVENTORY_SORTS as [string, ...string[]]).default('name'),
  }),
);
export type InventoryFilter = z.infer<typeof inventoryFilterSchema>;

export const inventoryListQuerySchema = lazySchema(() =>
  inventoryFilterSchema.extend({
    page: z.coerce.number().int().min(1).default(DEFAULT_PAGE),
    limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT),
  }),
);
export type InventoryListQuery = z.infer<typeof inventoryListQuerySchema>;

export const INVENTORY_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type InventoryExportFormat = (typeof INVENTORY_EXPORT_FORMATS)[number];

export const inventoryExportQuerySchema = lazySchema(() =>
  inventoryFilterSchema.extend({
    format: z.enum(INVENTORY_EXPORT_FORMATS, { error: 'Format must be csv or xlsx' }).default('csv'),
    /** CSV only: `semicolon` writes `;` separators and decimal commas (German spreadsheet settings). */
    delimiter: z.enum(['comma', 'semicolon']).default('comma'),
  }),
);
export type InventoryExportQuery = z.infer<typeof inventoryExportQuerySchema>;

export const inventoryListSchema = lazySchema(() =>
  z.object({
    items: z.array(inventoryItemSchema),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  }),
);
export type InventoryList = z.infer<typeof inventoryListSchema>;

/**
 * What the search `q` looks through: name, maker, notes and tags, lower-cased, one per line. A search
 * text is one line (a search box cannot hold a line break), so it matches here exactly when it is
 * part of one of the fields. A list that searches often computes this once per item.
 */
export function inventorySearchText(item: Pick<InventoryItem, 'name' | 'maker' | 'notes' | 'tags'>): string {
  return [item.name, item.maker ?? '', item.notes ?? '', ...item.tags].join('\n').toLowerCase();
}

/** The search text a query `q` looks for in `inventorySearchText` (empty: no search). */
export function inventorySearchNeedle(q: string | undefined): string {
  return (q ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\r\n]+/g, ' ');
}

type FilterableItem = Pick<
  InventoryItem,
  'name' | 'maker' | 'notes' | 'tags' | 'type' | 'location' | 'maintenanceType' | 'quantity' | 'minQuantity'
>;

/**
 * The filter as a test of one item, the way the API filters (the client searches its mirror with it).
 * The filter's texts are normalised once here, not per item: the client runs it over 10,000 items per
 * keystroke. `searchText`: the item's `inventorySearchText`, when the caller keeps it.
 */
export function inventoryMatcher(
  filter: Partial<Omit<InventoryFilter, 'sort'>>,
): (item: FilterableItem, searchText?: string) => boolean {
  const needle = inventorySearchNeedle(filter.q);
  const tag = filter.tag ? tagKey(filter.tag) : '';
  const type = filter.type ? filter.type.trim().toLowerCase() : null;
  const location = filter.location ? filter.location.trim().toLowerCase() : null;
  const { maintenanceType, lowStock } = filter;
  return (item, searchText) => {
    if (needle && !(searchText ?? inventorySearchText(item)).includes(needle)) return false;
    if (tag && !item.tags.some((t) => tagKey(t) === tag)) return false;
    if (type !== null && (item.type ?? '').toLowerCase() !== type) return false;
    if (location !== null && (item.location ?? '').toLowerCase() !== location) return false;
    if (maintenanceType && item.maintenanceType !== maintenanceType) return false;
    if (lowStock && !isLowStock(item)) return false;
    return true;
  };
}

/** Filters one item locally the way the API does (`inventoryMatcher` for many items). */
export function matchesInventoryFilter(
  item: FilterableItem,
  filter: Partial<Omit<InventoryFilter, 'sort'>>,
  searchText?: string,
): boolean {
  return inventoryMatcher(filter)(item, searchText);
}

/** Orders items the way the API's `sort` does (nulls last, ties by id). */
export function compareInventoryItems(sort: string): (a: InventoryItem, b: InventoryItem) => number {
  const descending = sort.startsWith('-');
  const field = sort.replace(/^-/, '') as InventorySortField;
  return (a, b) => {
    const x = a[field];
    const y = b[field];
    if (x === null && y !== null) return 1;
    if (y === null && x !== null) return -1;
    let order = 0;
    if (typeof x === 'number' && typeof y === 'number') order = x - y;
    else if (x !== null && y !== null) order = String(x).localeCompare(String(y));
    if (order === 0) return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    return descending ? -order : order;
  };
}

export const inventoryTagsBulkSchema = lazySchema(() =>
  z
    .object({
      ids: z
        .array(z.uuid({ error: 'Not a valid id' }), { error: 'ids must list item ids' })
        .min(1, 'Select at least one item')
        .max(INVENTORY_BULK_MAX_IDS, `At most ${INVENTORY_BULK_MAX_IDS} items at once`),
      add: z.array(tagSchema).max(INVENTORY_MAX_TAGS).default([]),
      remove: z.array(tagSchema).max(INVENTORY_MAX_TAGS).default([]),
    })
    .refine((b) => b.add.length + b.remove.length > 0, {
      message: 'Name a tag to add or remove',
      path: ['add'],
    }),
);
export type InventoryTagsBulk = z.infer<typeof inventoryTagsBulkSchema>;

export const inventoryTagsBulkResultSchema = lazySchema(() =>
  z.object({
    /** Items whose tags changed. */
    updated: z.number().int(),
    items: z.array(inventoryItemSchema),
  }),
);
export type InventoryTagsBulkResult = z.infer<typeof inventoryTagsBulkResultSchema>;

export const inventoryTagRenameSchema = lazySchema(() => z.object({ from: tagSchema, to: tagSchema }));
export type InventoryTagRename = z.infer<typeof inventoryTagRenameSchema>;

export const inventoryTagRenameResultSchema = lazySchema(() => z.object({ updated: z.number().int() }));

export const inventoryTagListSchema = lazySchema(() =>
  z.object({
    tags: z.array(z.object({ tag: z.string(), count: z.number().int() })),
  }),
);
export type InventoryTagList = z.infer<typeof inventoryTagListSchema>;

/* ── Low-stock notification (event 'stock.low'), written by the server in the app's default language ── */

export const STOCK_LOW_EVENT = 'stock.low';

export interface StockLowTexts {
  /** `{item}`: name, with the maker in brackets when known. */
  title: string;
  /** `{item}`, `{quantity}`, `{minimum}`. */
  message: string;
  /** Several items crossed in one import: `{count}`. */
  manyTitle: string;
  manyMessage: string;
}

export const STOCK_LOW_TEXTS: Record<Language, StockLowTexts> = {
  en: {
    title: 'Low stock: {item}',
    message: '{item} is below its minimum stock: {quantity} left, minimum {minimum}.',
    manyTitle: 'Low stock: {count} parts',
    manyMessage: '{count} parts fell below their minimum stock in an import.',
  },
  de: {
    title: 'Niedriger Bestand: {item}',
    message: '{item} liegt unter dem Mindestbestand: noch {quantity} vorhanden, Minimum {minimum}.',
    manyTitle: 'Niedriger Bestand: {count} Teile',
    manyMessage: '{count} Teile sind durch einen Import unter ihren Mindestbestand gefallen.',
  },
  bg: {
    title: 'Ниска наличност: {item}',
    message: '{item} е под минималната наличност: остават {quantity}, минимум {minimum}.',
    manyTitle: 'Ниска наличност: {count} части',
    manyMessage: '{count} части паднаха под минималната си наличност при импорт.',
  },
  gr: {
    title: 'Χαμηλό απόθεμα: {item}',
    message: 'Το {item} είναι κάτω από το ελάχιστο απόθεμα: απομένουν {quantity}, ελάχιστο {minimum}.',
    manyTitle: 'Χαμηλό απόθεμα: {count} ανταλλακτικά',
    manyMessage: '{count} ανταλλακτικά έπεσαν κάτω από το ελάχιστο απόθεμα μετά από εισαγωγή.',
  },
};

/** True when a write takes an item from at or above its minimum to below it: one warning per crossing. */
export function crossesBelowMinimum(
  before: Pick<InventoryItem, 'quantity' | 'minQuantity'> | null,
  after: Pick<InventoryItem, 'quantity' | 'minQuantity'>,
): boolean {
  return before !== null && !isLowStock(before) && isLowStock(after);
}
