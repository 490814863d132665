import { LOCALE_BY_LANGUAGE, currentLanguage } from '@/client/i18n';

const locale = () => LOCALE_BY_LANGUAGE[currentLanguage()];

/** "3 Mar 2026, 02:00" in the viewer's language; `timeZone` pins it to the site's clock. */
export function formatDateTime(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(iso),
  );
}

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** "4.7 MB" in the viewer's language. */
export function formatSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(locale(), {
    style: 'unit',
    unit: UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 || value >= 10 ? 0 : 1,
  }).format(value);
}
