import { DEFAULT_SITE_TIME_ZONE } from '@/domain/constants';
import { settingsStore, useSettings } from '@/client/lib/session/settings-store';

/*
 * The site's time zone (setting `app.timeZone`): the zone the app shows every time in, whatever zone
 * this device is set to, so a time reads the same on the screen, in the PDF and in the audit log.
 */

/** The site's zone now, for code outside React. */
export function currentSiteTimeZone(): string {
  return settingsStore.get().settings?.app.timeZone ?? DEFAULT_SITE_TIME_ZONE;
}

/** The site's zone; re-renders when an admin changes it. */
export function useSiteTimeZone(): string {
  return useSettings().settings.app.timeZone;
}
