import { useTranslation } from 'react-i18next';
import { createFormat, type Format } from '@/domain/format';
import { useSiteTimeZone } from '@/client/lib/site-time-zone';

/**
 * Dates, numbers, hours and money in the UI language, times in the site's zone (setting
 * `app.timeZone`, whatever zone the device is set to); re-renders when either changes.
 */
export function useFormat(): Format {
  const { i18n } = useTranslation();
  const timeZone = useSiteTimeZone();
  return createFormat(i18n.language, { timeZone });
}
