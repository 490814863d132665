import { currentLanguage, LOCALE_BY_LANGUAGE } from '@/client/i18n';

const locale = () => LOCALE_BY_LANGUAGE[currentLanguage()];

/** A calendar date `YYYY-MM-DD` in the UI language, e.g. "Mon, 3 Mar 2025". */
export function formatDay(date: string, style: 'long' | 'short' = 'long'): string {
  const d = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  return new Intl.DateTimeFormat(locale(), {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(style === 'long' ? { year: 'numeric' } : {}),
  }).format(d);
}

/** A timestamp as date and time in the UI language. */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

/** Today as `YYYY-MM-DD` in the browser's time zone. */
export function localToday(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}
