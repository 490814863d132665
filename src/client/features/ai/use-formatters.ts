import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, LOCALE_BY_LANGUAGE } from '@/client/i18n';

/** Numbers and days (YYYY-MM-DD, UTC) in the UI language's format. */
export function useFormatters() {
  const { i18n } = useTranslation();
  const locale = isLanguage(i18n.language) ? LOCALE_BY_LANGUAGE[i18n.language] : 'de-DE';
  return useMemo(() => {
    const numberFormat = new Intl.NumberFormat(locale);
    const dayFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    return {
      number: (value: number) => numberFormat.format(value),
      day: (value: string) => {
        const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
        return Number.isNaN(date.getTime()) ? value : dayFormat.format(date);
      },
    };
  }, [locale]);
}
