import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { MAINTENANCE_FILTERS, type MaintenanceFilter } from './constants';

/*
 * Maintenance due — pure, shared by the server (API responses), the client (list,
 * quick view, offline) and the dashboard.
 *
 * Next maintenance is due at:
 *   - the machine's `nextInspectionHours` when set (the per-machine override: a usage-hours reading);
 *   - else `lastServiceHours + interval` (the usage-hours reading at the last service plus the service
 *     interval);
 *   - else, with no recorded service, the next multiple of the interval above the current hours
 *     (services every 500 h: at 500, 1000, …).
 * `hoursUntil` = due reading − usage hours (negative when overdue). Label: 'urgent' when overdue or
 * within MAINTENANCE_URGENT_RATIO of the interval, 'soon' within MAINTENANCE_SOON_RATIO, else 'ok'.
 *
 * The interval comes from the settings document's optional `maintenance.serviceIntervalHours`
 * (serviceIntervalFromSettings), defaulting to DEFAULT_SERVICE_INTERVAL_HOURS. The settings schema does
 * not list that key yet; readers take it from the raw stored document so nothing breaks until it does.
 */

export const DEFAULT_SERVICE_INTERVAL_HOURS = 500;
/** At or below this share of the interval left (or overdue): 'urgent'. */
export const MAINTENANCE_URGENT_RATIO = 0.1;
/** At or below this share of the interval left: 'soon'. */
export const MAINTENANCE_SOON_RATIO = 0.25;

export const MAINTENANCE_LABELS = ['urgent', 'soon', 'ok'] as const;
export type MaintenanceLabel = (typeof MAINTENANCE_LABELS)[number];

export const maintenanceDueSchema = lazySchema(() =>
  z.object({
    hoursUntil: z.number(),
    label: z.enum(MAINTENANCE_LABELS),
  }),
);
export type MaintenanceDue = z.infer<typeof maintenanceDueSchema>;

export interface MaintenanceInput {
  usageHours: number | null | undefined;
  lastServiceHours?: number | null;
  nextInspectionHours?: number | null;
}

/** The service interval named by a settings document (`maintenance.serviceIntervalHours`), else 500. */
export function serviceIntervalFromSettings(settings: unknown): number {
  const maintenance = (settings as { maintenance?: { serviceIntervalHours?: unknown } } | null | undefined)
    ?.maintenance;
  const value = maintenance?.serviceIntervalHours;
  return typeof value === 'number' && Number.isFinite(value) && value > 0
    ? value
    : DEFAULT_SERVICE_INTERVAL_HOURS;
}

export function maintenanceLabel(hoursUntil: number, intervalHours: number): MaintenanceLabel {
  if (hoursUntil <= 0 || hoursUntil <= intervalHours * MAINTENANCE_URGENT_RATIO) return 'urgent';
  if (hoursUntil <= intervalHours * MAINTENANCE_SOON_RATIO) return 'soon';
  return 'ok';
}

/** The usage-hours reading at which the next maintenance is due. */
export function nextMaintenanceAt(machine: MaintenanceInput, intervalHours: number): number {
  if (machine.nextInspectionHours !== null && machine.nextInspectionHours !== undefined) {
    return machine.nextInspectionHours;
  }
  if (machine.lastServiceHours !== null && machine.lastServiceHours !== undefined) {
    return machine.lastServiceHours + intervalHours;
  }
  const usage = Math.max(0, machine.usageHours ?? 0);
  return (Math.floor(usage / intervalHours) + 1) * intervalHours;
}

/**
 * How lists filter machines by maintenance (the excavator list's `?maintenance=`, which the dashboard's
 * tiles link with): `due` is urgent or soon.
 */
export { MAINTENANCE_FILTERS, type MaintenanceFilter };

export function matchesMaintenanceFilter(label: MaintenanceLabel, filter: MaintenanceFilter): boolean {
  return filter === 'due' ? label !== 'ok' : label === filter;
}

/** Hours until the next maintenance (rounded to 0.1 h) and its label. */
export function maintenanceDue(
  machine: MaintenanceInput,
  intervalHours: number = DEFAULT_SERVICE_INTERVAL_HOURS,
): MaintenanceDue {
  const interval = intervalHours > 0 ? intervalHours : DEFAULT_SERVICE_INTERVAL_HOURS;
  const hoursUntil = Math.round((nextMaintenanceAt(machine, interval) - (machine.usageHours ?? 0)) * 10) / 10;
  return { hoursUntil, label: maintenanceLabel(hoursUntil, interval) };
}
