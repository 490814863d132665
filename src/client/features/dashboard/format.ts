import { currentLanguage, LOCALE_BY_LANGUAGE } from '@/client/i18n';

const locale = () => LOCALE_BY_LANGUAGE[currentLanguage()];

/** Hours with at most one decimal in the UI language, e.g. "1.234,5". */
export function formatHours(value: number): string {
  return new Intl.NumberFormat(locale(), { maximumFractionDigits: 1 }).format(value);
}

/** A timestamp as short date and time, e.g. "24.11.26, 14:05". */
export function formatWhen(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'short', timeStyle: 'short' }).format(date);
}

/** A calendar day (YYYY-MM-DD) as "24.11." / "11/24". */
export function formatDay(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  return new Intl.DateTimeFormat(locale(), { day: '2-digit', month: '2-digit', timeZone: 'UTC' }).format(d);
}

/** A calendar day with weekday, e.g. "Mo., 24.11.". */
export function formatWeekday(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  return new Intl.DateTimeFormat(locale(), {
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    timeZone: 'UTC',
  }).format(d);
}

/** A calendar day in the UI language, e.g. "24 Nov 2026". */
export function formatDate(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeZone: 'UTC' }).format(d);
}
