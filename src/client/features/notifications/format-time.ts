import { createFormat } from '@/domain/format';
import { currentSiteTimeZone } from '@/client/lib/site-time-zone';

/** "5 minutes ago", "yesterday", … in `language`; less than a minute reads as "now". */
export function relativeTime(iso: string, language: string, now: Date = new Date()): string {
  return createFormat(language).relative(iso, now);
}

/** Date and time in `language` and the site's zone, e.g. "12 Mar 2025, 14:05". */
export function dateTime(iso: string, language: string): string {
  return createFormat(language, { timeZone: currentSiteTimeZone() }).dateTime(iso);
}
