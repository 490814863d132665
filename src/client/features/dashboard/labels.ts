import {
  DISPO_STATUS_LABEL,
  REPORT_STATUS_LABEL as SHARED_REPORT_STATUS_LABEL,
} from '@/client/i18n/status-labels';
import type { ActivityEntity, ActivityVerb } from '@/domain/dashboard';
import type { ExcavatorStatus } from '@/domain/excavator';
import type { WeatherCondition } from '@/domain/logbook';

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

/** The shared status vocabulary. */
export const REPORT_STATUS_LABEL = SHARED_REPORT_STATUS_LABEL;

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

export { DISPO_STATUS_LABEL };
