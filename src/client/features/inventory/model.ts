import {
  INVENTORY_MAINTENANCE_TYPES,
  type InventoryItem,
  type InventoryMaintenanceType,
} from '@/domain/inventory';
import type { SyncedRow } from '@/client/offline';

/** A mirrored inventory row as the screen reads it (a row made here lacks some server fields). */
export type InventoryRecord = InventoryItem;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const int = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

const isMaintenanceType = (value: unknown): value is InventoryMaintenanceType =>
  typeof value === 'string' && (INVENTORY_MAINTENANCE_TYPES as readonly string[]).includes(value);

/** Reads a mirror row as an item: missing fields take their empty value. */
export function toInventoryRecord(row: SyncedRow): InventoryRecord {
  return {
    id: row.id,
    version: row.version,
    createdAt: row.createdAt ?? '',
    createdBy: row.createdBy ?? null,
    updatedAt: row.updatedAt ?? '',
    updatedBy: row.updatedBy ?? null,
    deletedAt: row.deletedAt ?? null,
    name: typeof row.name === 'string' ? row.name : '',
    maker: text(row.maker),
    type: text(row.type),
    quantity: int(row.quantity),
    price: typeof row.price === 'number' ? row.price : null,
    notes: text(row.notes),
    tags: Array.isArray(row.tags) ? row.tags.filter((t): t is string => typeof t === 'string') : [],
    photo: text(row.photo),
    location: text(row.location),
    minQuantity: int(row.minQuantity),
    maintenanceType: isMaintenanceType(row.maintenanceType) ? row.maintenanceType : null,
  };
}

/** The filters of the screen (the API's filter names, so the export URL takes them as they are). */
export interface InventoryFilterState {
  q: string;
  tag: string | null;
  type: string | null;
  location: string | null;
  lowStock: boolean;
}

export const EMPTY_FILTER: InventoryFilterState = {
  q: '',
  tag: null,
  type: null,
  location: null,
  lowStock: false,
};

export function isFiltered(filter: InventoryFilterState): boolean {
  return !!filter.q.trim() || !!filter.tag || !!filter.type || !!filter.location || filter.lowStock;
}

/** The filter as API query parameters (empty ones left out). */
export function filterParams(filter: InventoryFilterState): Record<string, string> {
  const params: Record<string, string> = {};
  if (filter.q.trim()) params.q = filter.q.trim();
  if (filter.tag) params.tag = filter.tag;
  if (filter.type) params.type = filter.type;
  if (filter.location) params.location = filter.location;
  if (filter.lowStock) params.lowStock = 'true';
  return params;
}

/** Distinct values ignoring case (first spelling wins), sorted. */
export function distinctValues(values: Iterable<string | null>): string[] {
  const seen = new Map<string, string>();
  for (const value of values) {
    const v = value?.trim();
    if (v && !seen.has(v.toLowerCase())) seen.set(v.toLowerCase(), v);
  }
  return [...seen.values()].sort((a, b) => a.localeCompare(b));
}

export interface TagCount {
  tag: string;
  count: number;
}

/** Every tag on the device with how many items carry it (ignoring case). */
export function tagCounts(items: readonly InventoryRecord[]): TagCount[] {
  const counts = new Map<string, TagCount>();
  for (const item of items) {
    for (const tag of item.tags) {
      const key = tag.toLowerCase();
      const entry = counts.get(key);
      if (entry) entry.count++;
      else counts.set(key, { tag, count: 1 });
    }
  }
  return [...counts.values()].sort((a, b) => a.tag.localeCompare(b.tag));
}

/** Label keys of the maintenance types. */
export const MAINTENANCE_TYPE_LABELS: Record<InventoryMaintenanceType, string> = {
  routine: 'inventory.maintenance.routine',
  preventive: 'inventory.maintenance.preventive',
  emergency: 'inventory.maintenance.emergency',
  inspection: 'inventory.maintenance.inspection',
  in_progress: 'inventory.maintenance.in_progress',
};
