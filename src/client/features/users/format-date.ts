import { currentLanguage, LOCALE_BY_LANGUAGE } from '@/client/i18n';

/** A timestamp as date and time in the UI language, e.g. "3 Mar 2025, 14:05". */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(LOCALE_BY_LANGUAGE[currentLanguage()], {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);
}
