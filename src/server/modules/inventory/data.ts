import { and, asc, count, eq, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  INVENTORY_MAINTENANCE_TYPES,
  centsToPrice,
  priceToCents,
  type InventoryFields,
  type InventoryFilter,
  type InventoryItem,
  type InventoryMaintenanceType,
  type InventorySortField,
} from '@/domain/inventory';
import type { Executor } from '../../db/client';
import { inventoryItems } from '../../db/schema';
import { defineSyncCollection } from '../sync/registry';

export type InventoryRow = typeof inventoryItems.$inferSelect;
export const COLLECTION = 'inventory';

/** The editable columns (price as cents), what "same content" compares and the audit records. */
export type InventoryColumns = Omit<InventoryFields, 'price'> & { priceCents: number | null };

export function columnsOfRow(row: InventoryRow): InventoryColumns {
  return {
    name: row.name,
    maker: row.maker,
    type: row.type,
    quantity: row.quantity,
    priceCents: row.priceCents,
    notes: row.notes,
    tags: row.tags,
    location: row.location,
    minQuantity: row.minQuantity,
    maintenanceType: asMaintenanceType(row.maintenanceType),
  };
}

/** The columns of validated input (extra keys such as `id` left out), in the order of columnsOfRow. */
export function columnsOfFields(fields: InventoryFields): InventoryColumns {
  return {
    name: fields.name,
    maker: fields.maker,
    type: fields.type,
    quantity: fields.quantity,
    priceCents: priceToCents(fields.price),
    notes: fields.notes,
    tags: fields.tags,
    location: fields.location,
    minQuantity: fields.minQuantity,
    maintenanceType: fields.maintenanceType,
  };
}

const asMaintenanceType = (v: string | null): InventoryMaintenanceType | null =>
  v !== null && (INVENTORY_MAINTENANCE_TYPES as readonly string[]).includes(v)
    ? (v as InventoryMaintenanceType)
    : null;

export function inventoryToApi(row: InventoryRow): InventoryItem {
  return {
    id: row.id,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
    deletedAt: row.deletedAt ? row.deletedAt.toISOString() : null,
    name: row.name,
    maker: row.maker,
    type: row.type,
    quantity: row.quantity,
    price: centsToPrice(row.priceCents),
    notes: row.notes,
    tags: row.tags,
    photo: row.photo,
    location: row.location,
    minQuantity: row.minQuantity,
    maintenanceType: asMaintenanceType(row.maintenanceType),
  };
}

/** The sync collection 'inventory' (registered by the routes plugin). */
export const inventoryCollection = defineSyncCollection({
  name: COLLECTION,
  table: inventoryItems,
  feature: 'inventory',
  readAction: 'inventory:read',
  toApi: async (rows) => rows.map(inventoryToApi),
  filesOf: (row) => (row.photo ? [row.photo] : []),
});

export async function findItem(executor: Executor, id: string, forUpdate = false) {
  const query = executor.select().from(inventoryItems).where(eq(inventoryItems.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

const SORT_COLUMNS = {
  name: inventoryItems.name,
  maker: inventoryItems.maker,
  type: inventoryItems.type,
  quantity: inventoryItems.quantity,
  price: inventoryItems.priceCents,
  location: inventoryItems.location,
  minQuantity: inventoryItems.minQuantity,
  createdAt: inventoryItems.createdAt,
  updatedAt: inventoryItems.updatedAt,
} satisfies Record<InventorySortField, unknown>;

/** LIKE pattern matching `text` literally anywhere. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `lower(column) = value` for a case-insensitive exact filter. */
const sameText = (column: AnyPgColumn, value: string) => sql`lower(${column}) = ${value.toLowerCase()}`;

/** Live items carrying `tag` (case-insensitive). */
export const hasTag = (tag: string) =>
  sql`exists (select 1 from unnest(${inventoryItems.tags}) as t(tag) where lower(t.tag) = ${tag.trim().toLowerCase()})`;

export function filterConditions(filter: Omit<InventoryFilter, 'sort'>): SQL | undefined {
  const conditions: Array<SQL | undefined> = [isNull(inventoryItems.deletedAt)];
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    conditions.push(
      or(
        ilike(inventoryItems.name, pattern),
        ilike(inventoryItems.maker, pattern),
        ilike(inventoryItems.notes, pattern),
        sql`array_to_string(${inventoryItems.tags}, ' ') ilike ${pattern}`,
      ),
    );
  }
  if (filter.tag) conditions.push(hasTag(filter.tag));
  if (filter.type) conditions.push(sameText(inventoryItems.type, filter.type));
  if (filter.location) conditions.push(sameText(inventoryItems.location, filter.location));
  if (filter.maintenanceType) conditions.push(eq(inventoryItems.maintenanceType, filter.maintenanceType));
  if (filter.lowStock === true) conditions.push(lt(inventoryItems.quantity, inventoryItems.minQuantity));
  if (filter.lowStock === false)
    conditions.push(sql`${inventoryItems.quantity} >= ${inventoryItems.minQuantity}`);
  return and(...conditions);
}

function orderBy(sort: string) {
  const descending = sort.startsWith('-');
  const column = SORT_COLUMNS[sort.replace(/^-/, '') as InventorySortField];
  return [
    descending ? sql`${column} desc nulls last` : sql`${column} asc nulls last`,
    asc(inventoryItems.id),
  ];
}

export async function listItems(
  executor: Executor,
  filter: InventoryFilter,
  page: { page: number; limit: number },
) {
  const where = filterConditions(filter);
  const [totalRow] = await executor.select({ n: count() }).from(inventoryItems).where(where);
  const rows = await executor
    .select()
    .from(inventoryItems)
    .where(where)
    .orderBy(...orderBy(filter.sort))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
  return { rows, total: totalRow?.n ?? 0 };
}

/** Every live item the filter matches, in its order (the export). */
export async function allItems(executor: Executor, filter: InventoryFilter): Promise<InventoryRow[]> {
  return executor
    .select()
    .from(inventoryItems)
    .where(filterConditions(filter))
    .orderBy(...orderBy(filter.sort));
}
