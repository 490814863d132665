import { DEFAULT_LANGUAGE } from '@/domain/constants';
import { isLanguage, LOCALE_BY_LANGUAGE } from '@/client/i18n';

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 24 * 60 * 60 * 1000],
  ['hour', 60 * 60 * 1000],
  ['minute', 60 * 1000],
];

const localeOf = (language: string) => LOCALE_BY_LANGUAGE[isLanguage(language) ? language : DEFAULT_LANGUAGE];

/** "5 minutes ago", "yesterday", … in `language`; less than a minute reads as "now". */
export function relativeTime(iso: string, language: string, now: Date = new Date()): string {
  const diff = new Date(iso).getTime() - now.getTime();
  const format = new Intl.RelativeTimeFormat(localeOf(language), { numeric: 'auto' });
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms) return format.format(Math.round(diff / ms), unit);
  }
  return format.format(0, 'second');
}

/** Date and time in `language`, e.g. "12 Mar 2025, 14:05". */
export function dateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}
