import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
// Relative, not `@/`: drizzle-kit loads the schema with its own resolver.
import { syncedColumns, syncedIndexes } from '../synced';

/**
 * Parts inventory. A synced collection: 'inventory'. Money is integer cents (the API speaks a
 * decimal amount); `quantity` moves by deltas (`quantity = quantity + delta`, never below zero).
 */
export const inventoryItems = pgTable(
  'inventory_items',
  {
    ...syncedColumns(),
    name: text('name').notNull(),
    maker: text('maker'),
    type: text('type'),
    quantity: integer('quantity').notNull().default(0),
    priceCents: integer('price_cents'),
    notes: text('notes'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Stored relative path of the photo, served at /uploads/{path}. */
    photo: text('photo'),
    location: text('location'),
    minQuantity: integer('min_quantity').notNull().default(0),
    maintenanceType: text('maintenance_type'),
  },
  (t) => [
    ...syncedIndexes('inventory_items', t),
    // The import matches existing items by name + maker, ignoring case.
    index('inventory_items_name_maker_idx').on(sql`lower(${t.name})`, sql`lower(coalesce(${t.maker}, ''))`),
    index('inventory_items_tags_idx').using('gin', t.tags),
    // The adjust statement never goes below zero; the database refuses it too.
    check('inventory_items_quantity_check', sql`${t.quantity} >= 0`),
    check('inventory_items_min_quantity_check', sql`${t.minQuantity} >= 0`),
    check('inventory_items_price_check', sql`${t.priceCents} >= 0`),
  ],
);
