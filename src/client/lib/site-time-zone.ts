import { DEFAULT_SITE_TIME_ZONE } from '@/domain/constants';
import { createStore, useStore } from '@/client/lib/store';
import { cachedAppText } from '@/client/lib/session/settings-cache';

/*
 * The site's time zone (setting `app.timeZone`): the zone the app shows every time in, whatever zone
 * this device is set to, so a time reads the same on the screen, in the PDF and in the audit log.
 * The settings store tells it the zone (`setSiteTimeZone`); until then it is the cached settings' zone.
 * It does not read the settings store itself: the formatter needs the zone on the sign-in page, whose
 * first load leaves the store (and zod, which validates settings) out.
 */

const siteTimeZoneStore = createStore<string>(cachedAppText('timeZone') ?? DEFAULT_SITE_TIME_ZONE);

/** Called by the settings store whenever the settings change. */
export function setSiteTimeZone(zone: string | null | undefined): void {
  siteTimeZoneStore.set(zone || DEFAULT_SITE_TIME_ZONE);
}

/** The site's zone now, for code outside React. */
export function currentSiteTimeZone(): string {
  return siteTimeZoneStore.get();
}

/** The site's zone; re-renders when an admin changes it. */
export function useSiteTimeZone(): string {
  return useStore(siteTimeZoneStore);
}
