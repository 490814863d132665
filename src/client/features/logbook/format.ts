import { currentFormat } from '@/client/i18n';
import { WEATHER_CONDITIONS, shiftDurationMinutes, type WeatherCondition } from '@/domain/logbook';

/** A YYYY-MM-DD date in the UI language ("Tue, 24 Nov 2026"), read as a calendar day (no time zone shift). */
export function formatEntryDate(date: string, style: 'long' | 'short' = 'long'): string {
  const format = currentFormat();
  return style === 'long' ? format.dateWithWeekday(date) : format.date(date);
}

export function formatDateTime(iso: string | null): string {
  return currentFormat().dateTime(iso);
}

/** "8 h 30 min" style parts of a shift's length. */
export function shiftDuration(start: string, end: string): { h: number; m: number } {
  const minutes = shiftDurationMinutes(start, end);
  return { h: Math.floor(minutes / 60), m: minutes % 60 };
}

export function isWeatherCondition(value: string | null | undefined): value is WeatherCondition {
  return !!value && (WEATHER_CONDITIONS as readonly string[]).includes(value);
}
