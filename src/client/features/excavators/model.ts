import {
  EXCAVATOR_STATUSES,
  matchesExcavatorQuery,
  type Excavator,
  type ExcavatorStatus,
} from '@/domain/excavator';
import { maintenanceDue, matchesMaintenanceFilter, type MaintenanceFilter } from '@/domain/maintenance';
import type { SyncedRow } from '@/client/offline';

/** A mirrored excavator with every field the screen reads (rows made on this device lack the server's extras). */
export type ExcavatorRecord = Excavator;

export type MaintenanceFilterChoice = MaintenanceFilter | 'all';

export { NEW_EXCAVATOR, type ExcavatorsSearch } from './search';

export type StatusFilter = ExcavatorStatus | 'all';

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

const isStatus = (value: unknown): value is ExcavatorStatus =>
  typeof value === 'string' && (EXCAVATOR_STATUSES as readonly string[]).includes(value);

/**
 * Reads a mirror row as an excavator. Maintenance due is computed here from the row and the configured
 * interval, so a machine edited offline shows its new due date at once.
 */
export function toExcavator(row: SyncedRow, intervalHours: number): ExcavatorRecord {
  const usageHours = num(row.usageHours) ?? 0;
  const lastServiceHours = num(row.lastServiceHours);
  const nextInspectionHours = num(row.nextInspectionHours);
  const specs = Array.isArray(row.specifications) ? row.specifications : [];
  return {
    id: row.id,
    version: row.version,
    createdAt: row.createdAt ?? '',
    createdBy: row.createdBy ?? null,
    updatedAt: row.updatedAt ?? '',
    updatedBy: row.updatedBy ?? null,
    deletedAt: row.deletedAt ?? null,
    name: text(row.name) ?? '',
    model: text(row.model) ?? '',
    serialNumber: text(row.serialNumber) ?? '',
    year: num(row.year),
    status: isStatus(row.status) ? row.status : 'operational',
    usageHours,
    location: text(row.location),
    engineNumber: text(row.engineNumber),
    nextInspectionHours,
    lastServiceHours,
    purchaseDate: text(row.purchaseDate),
    lastServiceDate: text(row.lastServiceDate),
    profileImage: text(row.profileImage),
    gallery: Array.isArray(row.gallery) ? row.gallery.filter((g): g is string => typeof g === 'string') : [],
    specifications: specs.filter(
      (s): s is { key: string; value: string } =>
        !!s && typeof s === 'object' && typeof (s as { key?: unknown }).key === 'string',
    ),
    description: text(row.description),
    notes: text(row.notes),
    maintenance: maintenanceDue({ usageHours, lastServiceHours, nextInspectionHours }, intervalHours),
  };
}

export const compareByName = (a: ExcavatorRecord, b: ExcavatorRecord) =>
  a.name.localeCompare(b.name) || a.serialNumber.localeCompare(b.serialNumber);

/** The list the screen shows: live rows without tombstones, by search text, status and maintenance. */
export function filterExcavators(
  all: readonly ExcavatorRecord[],
  q: string,
  status: StatusFilter,
  maintenance: MaintenanceFilterChoice = 'all',
): ExcavatorRecord[] {
  const needle = q.trim();
  return all.filter(
    (e) =>
      (status === 'all' || e.status === status) &&
      (maintenance === 'all' || matchesMaintenanceFilter(e.maintenance.label, maintenance)) &&
      (!needle || matchesExcavatorQuery(e, needle)),
  );
}
