import { useTranslation } from 'react-i18next';
import { createFormat, type Format } from '@/domain/format';

/** Dates, numbers, hours and money in the UI language; re-renders when the language changes. */
export function useFormat(): Format {
  const { i18n } = useTranslation();
  return createFormat(i18n.language);
}
