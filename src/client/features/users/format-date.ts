import { currentFormat } from '@/client/i18n';

/** A timestamp as date and time in the UI language, e.g. "3 Mar 2025, 14:05". */
export function formatDateTime(iso: string): string {
  return currentFormat().dateTime(iso);
}
