import { REPORT_STATUS_LABEL as SHARED_REPORT_STATUS_LABEL } from '@/client/i18n/status-labels';
import type { AnalyticsAlertKind, AnalyticsRange, AnalyticsUnit } from '@/domain/analytics';
import type { ExcavatorStatus } from '@/domain/excavator';
import type { AnalyticsTab } from './model';

/* The i18n keys of values that come as data (spelled out, so every key stays findable in the source). */

export const TAB_LABEL: Record<AnalyticsTab, string> = {
  overview: 'analytics.tabs.overview',
  metrics: 'analytics.tabs.metrics',
  alerts: 'analytics.tabs.alerts',
  trends: 'analytics.tabs.trends',
};

export const RANGE_LABEL: Record<AnalyticsRange, string> = {
  '1month': 'analytics.ranges.1month',
  '3months': 'analytics.ranges.3months',
  '6months': 'analytics.ranges.6months',
  '1year': 'analytics.ranges.1year',
};

export const FLEET_STATUS_LABEL: Record<ExcavatorStatus, string> = {
  operational: 'analytics.fleetStatus.operational',
  maintenance: 'analytics.fleetStatus.maintenance',
  out_of_service: 'analytics.fleetStatus.out_of_service',
};

/** The shared status vocabulary. */
export const REPORT_STATUS_LABEL = SHARED_REPORT_STATUS_LABEL;

export const ALERT_KIND_LABEL: Record<AnalyticsAlertKind, string> = {
  maintenanceOverdue: 'analytics.alerts.kind.maintenanceOverdue',
  maintenanceDue: 'analytics.alerts.kind.maintenanceDue',
  reportPending: 'analytics.alerts.kind.reportPending',
  conveyorDown: 'analytics.alerts.kind.conveyorDown',
  stockLow: 'analytics.alerts.kind.stockLow',
};

/** "Per week / month, by report date". */
export const PER_UNIT_LABEL: Record<AnalyticsUnit, string> = {
  week: 'analytics.charts.per.week',
  month: 'analytics.charts.per.month',
};

/** The period column of a series table. */
export const UNIT_COLUMN_LABEL: Record<AnalyticsUnit, string> = {
  week: 'analytics.columns.week',
  month: 'analytics.columns.month',
};
