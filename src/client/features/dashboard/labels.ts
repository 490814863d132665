import type { ActivityEntity, ActivityVerb } from '@/domain/dashboard';
import type { DISPO_STATUSES } from '@/domain/dispo';
import type { ExcavatorStatus } from '@/domain/excavator';
import type { WeatherCondition } from '@/domain/logbook';
import type { ReportStatus } from '@/domain/report-status';

/** The i18n keys of the values the dashboard shows (literal, so unused keys can be found). */

export const FLEET_STATUS_LABEL: Record<ExcavatorStatus, string> = {
  operational: 'dashboard.fleet.status.operational',
  maintenance: 'dashboard.fleet.status.maintenance',
  out_of_service: 'dashboard.fleet.status.out_of_service',
};

export const MAINTENANCE_LABEL: Record<'urgent' | 'soon', string> = {
  urgent: 'dashboard.maintenance.label.urgent',
  soon: 'dashboard.maintenance.label.soon',
};

export const REPORT_STATUS_LABEL: Record<ReportStatus, string> = {
  unsigned: 'dashboard.reportStatus.unsigned',
  signed: 'dashboard.reportStatus.signed',
  pending: 'dashboard.reportStatus.pending',
  approved: 'dashboard.reportStatus.approved',
  rejected: 'dashboard.reportStatus.rejected',
};

export const WEATHER_CONDITION_LABEL: Record<WeatherCondition, string> = {
  clear: 'dashboard.weather.condition.clear',
  partly_cloudy: 'dashboard.weather.condition.partly_cloudy',
  cloudy: 'dashboard.weather.condition.cloudy',
  fog: 'dashboard.weather.condition.fog',
  drizzle: 'dashboard.weather.condition.drizzle',
  rain: 'dashboard.weather.condition.rain',
  snow: 'dashboard.weather.condition.snow',
  thunderstorm: 'dashboard.weather.condition.thunderstorm',
};

export const ACTIVITY_ENTITY_LABEL: Record<ActivityEntity, string> = {
  excavator: 'dashboard.activity.entity.excavator',
  report: 'dashboard.activity.entity.report',
  logbook: 'dashboard.activity.entity.logbook',
  inventory: 'dashboard.activity.entity.inventory',
  dispoAssignment: 'dashboard.activity.entity.dispoAssignment',
  user: 'dashboard.activity.entity.user',
  settings: 'dashboard.activity.entity.settings',
};

/** Sentences with {{who}} and {{what}}. */
export const ACTIVITY_SENTENCE: Record<ActivityVerb, string> = {
  create: 'dashboard.activity.verb.create',
  update: 'dashboard.activity.verb.update',
  delete: 'dashboard.activity.verb.delete',
  submit: 'dashboard.activity.verb.submit',
  approve: 'dashboard.activity.verb.approve',
  reject: 'dashboard.activity.verb.reject',
  sign: 'dashboard.activity.verb.sign',
  unsign: 'dashboard.activity.verb.unsign',
  adjust: 'dashboard.activity.verb.adjust',
  import: 'dashboard.activity.verb.import',
  publish: 'dashboard.activity.verb.publish',
  other: 'dashboard.activity.verb.other',
};

export const DISPO_STATUS_LABEL: Record<(typeof DISPO_STATUSES)[number], string> = {
  draft: 'dashboard.dispo.status.draft',
  published: 'dashboard.dispo.status.published',
};
