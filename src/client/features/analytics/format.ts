import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnalyticsUnit } from '@/domain/analytics';
import { DEFAULT_LANGUAGE } from '@/domain/constants';
import { createFormat as createSharedFormat } from '@/domain/format';

export interface AnalyticsFormat {
  locale: string;
  number(value: number): string;
  /** A decimal amount in euros. */
  money(value: number): string;
  /** Hours with one decimal and the unit, or a dash when unknown. */
  hours(value: number | null): string;
  /** A 0…1 share as a percentage. */
  percent(value: number): string;
  /** A bucket start: "16 Feb" for a week, "Feb 2026" for a month. */
  period(period: string, unit: AnalyticsUnit): string;
  /** A calendar day (`YYYY-MM-DD`) or a timestamp as a date. */
  date(value: string): string;
  /** A stored translated label in the UI language (German, then English as fallbacks). */
  label(label: Record<string, string> | null, fallback: string): string;
}

export function createFormat(language: string): AnalyticsFormat {
  const format = createSharedFormat(language);
  return {
    locale: format.locale,
    number: (value) => format.number(value),
    money: (value) => format.money(value),
    hours: (value) => format.hours(value),
    percent: (value) => format.percent(value),
    period: (value, unit) => (unit === 'week' ? format.dayMonthName(value) : format.monthYear(value)),
    date: (value) => format.date(value),
    label: (label, fallback) =>
      (label && (label[language] ?? label[DEFAULT_LANGUAGE] ?? label.en ?? Object.values(label)[0])) ||
      fallback,
  };
}

export function useAnalyticsFormat(): AnalyticsFormat {
  const { i18n } = useTranslation();
  return useMemo(() => createFormat(i18n.language), [i18n.language]);
}
