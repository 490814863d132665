import { createFormat } from '@/domain/format';
import { currentFormat, currentLanguage } from '@/client/i18n';

/** "3 Mar 2026, 02:00" in the viewer's language; `timeZone` pins it to the site's clock. */
export function formatDateTime(iso: string, timeZone?: string): string {
  return createFormat(currentLanguage(), { timeZone }).dateTime(iso);
}

/** "4.7 MB" in the viewer's language. */
export function formatSize(bytes: number): string {
  return currentFormat().bytes(bytes);
}
