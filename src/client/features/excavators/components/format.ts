import { createFormat } from '@/domain/format';

export function formatHours(value: number | null, language: string): string | null {
  return value === null ? null : createFormat(language).hours(value);
}

/** A `YYYY-MM-DD` date in the reader's format; null stays null. */
export function formatDate(value: string | null, language: string): string | null {
  return value ? createFormat(language).date(value) : null;
}

export function formatNumber(value: number, language: string): string {
  return createFormat(language).number(value);
}
