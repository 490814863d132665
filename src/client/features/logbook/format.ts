import { LOCALE_BY_LANGUAGE, currentLanguage } from '@/client/i18n';
import { WEATHER_CONDITIONS, shiftDurationMinutes, type WeatherCondition } from '@/domain/logbook';

/** A YYYY-MM-DD date in the UI language ("Tue, 24 Nov 2026"), read as a calendar day (no time zone shift). */
export function formatEntryDate(date: string, style: 'long' | 'short' = 'long'): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(LOCALE_BY_LANGUAGE[currentLanguage()], {
    weekday: style === 'long' ? 'short' : undefined,
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(day);
}

export function formatDateTime(iso: string | null): string {
  if (!iso) return '–';
  const value = new Date(iso);
  if (Number.isNaN(value.getTime())) return iso;
  return new Intl.DateTimeFormat(LOCALE_BY_LANGUAGE[currentLanguage()], {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(value);
}

/** "8 h 30 min" style parts of a shift's length. */
export function shiftDuration(start: string, end: string): { h: number; m: number } {
  const minutes = shiftDurationMinutes(start, end);
  return { h: Math.floor(minutes / 60), m: minutes % 60 };
}

export function isWeatherCondition(value: string | null | undefined): value is WeatherCondition {
  return !!value && (WEATHER_CONDITIONS as readonly string[]).includes(value);
}
