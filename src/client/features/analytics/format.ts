import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnalyticsUnit } from '@/domain/analytics';
import { DEFAULT_LANGUAGE } from '@/domain/constants';
import { LOCALE_BY_LANGUAGE, isLanguage } from '@/client/i18n';

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

const utcDate = (value: string) => new Date(value.length === 10 ? `${value}T00:00:00Z` : value);

export function createFormat(language: string): AnalyticsFormat {
  const locale = LOCALE_BY_LANGUAGE[isLanguage(language) ? language : DEFAULT_LANGUAGE];
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' });
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const week = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const month = new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  return {
    locale,
    number: (value) => number.format(value),
    money: (value) => money.format(value),
    hours: (value) => (value === null ? '—' : `${number.format(value)} h`),
    percent: (value) => percent.format(value),
    period: (value, unit) => (unit === 'week' ? week : month).format(utcDate(value)),
    date: (value) => {
      const d = utcDate(value);
      return Number.isNaN(d.getTime()) ? value : day.format(d);
    },
    label: (label, fallback) =>
      (label && (label[language] ?? label[DEFAULT_LANGUAGE] ?? label.en ?? Object.values(label)[0])) ||
      fallback,
  };
}

export function useAnalyticsFormat(): AnalyticsFormat {
  const { i18n } = useTranslation();
  return useMemo(() => createFormat(i18n.language), [i18n.language]);
}
