import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../constants';

/*
 * The one way FleetPilot writes dates, times, numbers, hours and money for people: the client's screens
 * and the PDFs (browser and server) both take their formatter from `createFormat(language)`, so a value
 * reads the same wherever it appears. Everything else is forbidden from calling Intl or toLocale*
 * directly (an ESLint rule), which is what keeps "Nov 25, 2026" beside "25 Nov 2026" from coming back.
 */

export { STATUS_VOCABULARY, STATUS_WORDS, statusKey, type StatusWord } from './status';
export {
  calendarDateIn,
  compareText,
  isTimeZone,
  localTimeZone,
  timeZoneNames,
  wallClock,
  type WallClock,
} from './zone';

/** BCP 47 tags for dates and numbers ("gr" is the product's code for Greek). */
export const LOCALE_BY_LANGUAGE: Record<Language, string> = {
  en: 'en-GB',
  de: 'de-DE',
  bg: 'bg-BG',
  gr: 'el-GR',
};

/**
 * The hour symbol after operating hours. "h" is the SI symbol that hour meters print and Greek
 * technical writing uses as well; Bulgarian writes "ч".
 */
export const HOUR_SYMBOL: Record<Language, string> = { en: 'h', de: 'h', bg: 'ч', gr: 'h' };

export type DateInput = string | Date | number | null | undefined;

export interface FormatOptions {
  /** Zone for times of day and timestamps' dates; the runtime's own zone when absent. */
  timeZone?: string;
}

export interface Format {
  language: Language;
  locale: string;
  /** The zone times are shown in; undefined for the runtime's own. */
  timeZone: string | undefined;
  /** "25 Nov 2026", "25.11.2026"; a `YYYY-MM-DD` value is a calendar day and never shifts with the zone. */
  date(value: DateInput): string;
  /** "Wed 25 Nov 2026", "Mi., 25.11.2026". */
  dateWithWeekday(value: DateInput): string;
  /** "Wednesday, 25 November 2026". */
  dateFull(value: DateInput): string;
  /** "25/11" / "25.11." — a short day inside a week or chart. */
  dayMonth(value: DateInput): string;
  /** "Wed, 25/11". */
  weekdayDayMonth(value: DateInput): string;
  /** "25 Nov" (a week bucket). */
  dayMonthName(value: DateInput): string;
  /** "Nov 2026" (a month bucket). */
  monthYear(value: DateInput): string;
  /** "21:03". */
  time(value: DateInput): string;
  /** "25 Nov 2026, 21:03". */
  dateTime(value: DateInput): string;
  /**
   * "26.11.2026, 19:33 MEZ", "26 Nov 2026, 19:33 CET": a moment with the zone's name as Intl gives it
   * in the language, for what is read away from the screen that showed it (PDFs, the audit log).
   */
  dateTimeZoned(value: DateInput): string;
  /** The zone's short name at that moment ("MEZ", "CEST"); '' for a calendar day or nothing. */
  zoneName(value: DateInput): string;
  /** "in 5 minutes", "yesterday"; under a minute reads as "now". */
  relative(value: DateInput, now?: Date): string;
  /** "14,665.5" — grouped, at most `fractionDigits` decimals (1). */
  number(value: number | null | undefined, fractionDigits?: number): string;
  /** "14,665.5 h". */
  hours(value: number | null | undefined): string;
  /** "€5,007,137.10" — a decimal amount in euros. */
  money(value: number | null | undefined): string;
  /** "€5.0M" — money where space is short (cards, chart axes). */
  moneyCompact(value: number | null | undefined): string;
  /** A 0…1 share as "42.5%". */
  percent(value: number | null | undefined): string;
  /** "4.7 MB". */
  bytes(value: number): string;
  /** The hour symbol alone, for column headings ("Median (h)"). */
  hourSymbol: string;
}

/** What a missing value prints as. */
export const EMPTY_VALUE = '–';

export function isFormatLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function toDate(value: DateInput): { date: Date; calendarDay: boolean } | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (day) {
      return {
        date: new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]), 12)),
        calendarDay: true,
      };
    }
  }
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : { date, calendarDay: false };
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
const RELATIVE_UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 24 * 60 * 60 * 1000],
  ['hour', 60 * 60 * 1000],
  ['minute', 60 * 1000],
];

/** The parts each locale's medium date style shows, so a date with its weekday keeps the same shape. */
const MEDIUM_DATE_PARTS: Record<Language, Intl.DateTimeFormatOptions> = {
  en: { day: 'numeric', month: 'short', year: 'numeric' },
  de: { day: '2-digit', month: '2-digit', year: 'numeric' },
  bg: { day: '2-digit', month: '2-digit', year: 'numeric' },
  gr: { day: 'numeric', month: 'short', year: 'numeric' },
};

const cache = new Map<string, Format>();

/** `make()` on the first call, the same value after. */
function lazily<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

/** The formatter for `language` (any unknown language falls back to the default one). */
export function createFormat(language: string, options: FormatOptions = {}): Format {
  const lang: Language = isFormatLanguage(language) ? language : DEFAULT_LANGUAGE;
  const cacheKey = `${lang}|${options.timeZone ?? ''}`;
  const cached = cache.get(cacheKey);
  if (cached) return cached;
  const locale = LOCALE_BY_LANGUAGE[lang];
  const zone = options.timeZone;

  // A calendar day is formatted in UTC (it was built at UTC noon); a timestamp in the chosen zone.
  // Each Intl formatter is built on its first use: building one costs a slow tablet milliseconds, and
  // a screen uses a few of the two dozen this object offers.
  const dateFormatter = (opts: Intl.DateTimeFormatOptions) => {
    const day = lazily(() => new Intl.DateTimeFormat(locale, { ...opts, timeZone: 'UTC' }));
    const instant = lazily(() => new Intl.DateTimeFormat(locale, { ...opts, timeZone: zone }));
    return (value: DateInput) => {
      const parsed = toDate(value);
      if (!parsed) return typeof value === 'string' && value ? value : EMPTY_VALUE;
      return (parsed.calendarDay ? day : instant)().format(parsed.date);
    };
  };

  const decimals = new Map<number, Intl.NumberFormat>();
  const decimal = (digits: number) => {
    let f = decimals.get(digits);
    if (!f) {
      f = new Intl.NumberFormat(locale, { maximumFractionDigits: digits });
      decimals.set(digits, f);
    }
    return f;
  };
  const money = lazily(() => new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }));
  const moneyCompact = lazily(
    () =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: 'EUR',
        notation: 'compact',
        maximumFractionDigits: 1,
      }),
  );
  const percent = lazily(() => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }));
  const zoneNames = lazily(() => new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'short' }));
  const zoneName = (value: DateInput) => {
    const parsed = toDate(value);
    if (!parsed || parsed.calendarDay) return '';
    return (
      zoneNames()
        .formatToParts(parsed.date)
        .find((part) => part.type === 'timeZoneName')?.value ?? ''
    );
  };
  const dateTime = dateFormatter({ dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' });
  const relative = lazily(() => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
  const present = (value: number | null | undefined): value is number =>
    typeof value === 'number' && Number.isFinite(value);

  const format: Format = {
    language: lang,
    locale,
    timeZone: zone,
    hourSymbol: HOUR_SYMBOL[lang],
    date: dateFormatter({ dateStyle: 'medium' }),
    dateWithWeekday: dateFormatter({ weekday: 'short', ...MEDIUM_DATE_PARTS[lang] }),
    dateFull: dateFormatter({ dateStyle: 'full' }),
    dayMonth: dateFormatter({ day: '2-digit', month: '2-digit' }),
    weekdayDayMonth: dateFormatter({ weekday: 'short', day: '2-digit', month: '2-digit' }),
    dayMonthName: dateFormatter({ day: 'numeric', month: 'short' }),
    monthYear: dateFormatter({ month: 'short', year: 'numeric' }),
    time: dateFormatter({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
    dateTime,
    dateTimeZoned: (value) => {
      const name = zoneName(value);
      return name ? `${dateTime(value)} ${name}` : dateTime(value);
    },
    zoneName,
    relative: (value, now = new Date()) => {
      const parsed = toDate(value);
      if (!parsed) return EMPTY_VALUE;
      const diff = parsed.date.getTime() - now.getTime();
      for (const [unit, ms] of RELATIVE_UNITS) {
        if (Math.abs(diff) >= ms) return relative().format(Math.round(diff / ms), unit);
      }
      return relative().format(0, 'second');
    },
    number: (value, fractionDigits = 1) =>
      present(value) ? decimal(fractionDigits).format(value) : EMPTY_VALUE,
    hours: (value) => (present(value) ? `${decimal(1).format(value)} ${HOUR_SYMBOL[lang]}` : EMPTY_VALUE),
    money: (value) => (present(value) ? money().format(value) : EMPTY_VALUE),
    moneyCompact: (value) => (present(value) ? moneyCompact().format(value) : EMPTY_VALUE),
    percent: (value) => (present(value) ? percent().format(value) : EMPTY_VALUE),
    bytes: (bytes) => {
      let value = bytes;
      let unit = 0;
      while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
        value /= 1024;
        unit += 1;
      }
      return new Intl.NumberFormat(locale, {
        style: 'unit',
        unit: BYTE_UNITS[unit],
        unitDisplay: 'short',
        maximumFractionDigits: unit === 0 || value >= 10 ? 0 : 1,
      }).format(value);
    },
  };
  cache.set(cacheKey, format);
  return format;
}
