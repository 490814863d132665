import { REPORT_STATUS_LABEL } from '@/client/i18n/status-labels';
import type { ExcavatorStatus } from '@/domain/excavator';
import type { MaintenanceFilter, MaintenanceLabel } from '@/domain/maintenance';
import type { ViewMode } from './view-mode';

/* i18n keys spelled out, so the locale check finds every one in the source. */

export const STATUS_KEY: Record<ExcavatorStatus, string> = {
  operational: 'excavators.status.operational',
  maintenance: 'excavators.status.maintenance',
  out_of_service: 'excavators.status.out_of_service',
};

export const MAINTENANCE_KEY: Record<MaintenanceLabel, string> = {
  urgent: 'excavators.maintenance.urgent',
  soon: 'excavators.maintenance.soon',
  ok: 'excavators.maintenance.ok',
};

export const MAINTENANCE_FILTER_KEY: Record<MaintenanceFilter | 'all', string> = {
  all: 'excavators.filters.anyMaintenance',
  due: 'excavators.filters.maintenanceDue',
  urgent: 'excavators.maintenance.urgent',
  soon: 'excavators.maintenance.soon',
};

/** The shared status vocabulary. */
export const REPORT_STATUS_KEY = REPORT_STATUS_LABEL;

export const VIEW_MODE_KEY: Record<ViewMode, string> = {
  compact: 'excavators.view.compact',
  regular: 'excavators.view.regular',
  full: 'excavators.view.full',
};
