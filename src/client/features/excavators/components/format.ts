import { LOCALE_BY_LANGUAGE, isLanguage } from '@/client/i18n';

const localeOf = (language: string) => (isLanguage(language) ? LOCALE_BY_LANGUAGE[language] : language);

export function formatHours(value: number | null, language: string): string | null {
  if (value === null) return null;
  return `${new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 1 }).format(value)} h`;
}

/** A `YYYY-MM-DD` date in the reader's format; null stays null. */
export function formatDate(value: string | null, language: string): string | null {
  if (!value) return null;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 1 }).format(value);
}
