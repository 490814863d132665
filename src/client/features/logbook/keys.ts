import { LOGBOOK_STATUS_LABEL } from '@/client/i18n/status-labels';
import type { WeatherCondition } from '@/domain/logbook';
import type { WeatherFailure } from './api/get-weather';

/* Translation keys spelled out, so that every key in the locale files is found in the source. */

/** The shared status vocabulary. */
export const STATUS_KEY = LOGBOOK_STATUS_LABEL;

export const CONDITION_KEY: Record<WeatherCondition, string> = {
  clear: 'logbook.conditions.clear',
  partly_cloudy: 'logbook.conditions.partly_cloudy',
  cloudy: 'logbook.conditions.cloudy',
  fog: 'logbook.conditions.fog',
  drizzle: 'logbook.conditions.drizzle',
  rain: 'logbook.conditions.rain',
  snow: 'logbook.conditions.snow',
  thunderstorm: 'logbook.conditions.thunderstorm',
};

export const WEATHER_ERROR_KEY: Record<WeatherFailure, string> = {
  invalidDate: 'logbook.weather.errors.invalidDate',
  notAvailable: 'logbook.weather.errors.notAvailable',
  dateError: 'logbook.weather.errors.dateError',
  unavailable: 'logbook.weather.errors.unavailable',
};

export const CONFIG_LIST_KEYS = {
  conveyors: { add: 'logbook.config.add.conveyors', empty: 'logbook.config.conveyorsEmpty' },
  specialChecks: { add: 'logbook.config.add.specialChecks', empty: 'logbook.config.specialChecksEmpty' },
} as const;

export const PAGE_CONTROL_KEY: Record<'first' | 'previous' | 'next' | 'last', string> = {
  first: 'logbook.list.page.first',
  previous: 'logbook.list.page.previous',
  next: 'logbook.list.page.next',
  last: 'logbook.list.page.last',
};
