import { isIsoDate } from '@/domain/excavator';
import { isTimeOfDay, type WeatherReading } from '@/domain/logbook';
import { TtlCache } from './cache';
import { WeatherError } from './errors';
import { fetchOpenMeteoDay, type HourlyWeather } from './open-meteo';
import { conditionFromWmoCode } from './wmo';

/** The archive's first day. */
export const WEATHER_FIRST_DATE = '1940-01-01';
/** The forecast reaches this many days past today (Open-Meteo: 16 forecast days, today included). */
export const FORECAST_DAYS_AHEAD = 15;
/**
 * Days before today still read from the forecast endpoint: the archive lags a few days behind (its
 * newest days are empty), while the forecast keeps the recent past.
 */
export const FORECAST_DAYS_BACK = 7;

const MINUTE = 60_000;
/** Forecasts change; the recent past settles; the archive does not change. */
const TTL_FORECAST_MS = 30 * MINUTE;
const TTL_ARCHIVE_MS = 24 * 60 * MINUTE;
const CACHE_ENTRIES = 1000;

export interface WeatherServiceOptions {
  forecastUrl: string;
  archiveUrl: string;
  timeoutMs: number;
  now?: () => Date;
}

export interface WeatherLookup {
  latitude: number;
  longitude: number;
  /** YYYY-MM-DD, the site's local date. */
  date: string;
  /** HH:MM (local); the hour it falls in is read. Default: the current hour today, 12:00 otherwise. */
  time?: string;
}

export interface WeatherService {
  lookup(query: WeatherLookup): Promise<WeatherReading>;
  /** Cached provider answers (tests, diagnostics). */
  readonly cacheSize: number;
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const round = (value: number | null, digits: number) =>
  value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * The logbook's weather: picks the endpoint for the date, fetches one day of hourly values (cached per
 * endpoint, place and day) and reads one hour. Every failure is a WeatherError.
 */
export function createWeatherService(options: WeatherServiceOptions): WeatherService {
  const now = options.now ?? (() => new Date());
  const cache = new TtlCache<HourlyWeather>(CACHE_ENTRIES, () => now().getTime());

  async function lookup(query: WeatherLookup): Promise<WeatherReading> {
    const { date } = query;
    if (!isIsoDate(date)) throw new WeatherError('invalid_date', `Not a date: ${date}`);
    if (query.time !== undefined && !isTimeOfDay(query.time)) {
      throw new WeatherError('invalid_date', `Not a time of day: ${query.time}`);
    }
    if (date < WEATHER_FIRST_DATE) {
      throw new WeatherError('date_error', `Weather records start on ${WEATHER_FIRST_DATE}`);
    }
    // UTC days; one day of slack on each side absorbs the site's time zone.
    const today = now().getTime();
    if (date > isoDay(today + (FORECAST_DAYS_AHEAD + 1) * DAY_MS)) {
      throw new WeatherError('not_available', `No forecast that far ahead (${date})`);
    }
    const source: WeatherReading['source'] =
      date >= isoDay(today - FORECAST_DAYS_BACK * DAY_MS) ? 'forecast' : 'archive';
    const latitude = Math.round(query.latitude * 1000) / 1000;
    const longitude = Math.round(query.longitude * 1000) / 1000;

    const day = await cache.getOrLoad(
      `${source}|${latitude}|${longitude}|${date}`,
      () =>
        fetchOpenMeteoDay({
          baseUrl: source === 'forecast' ? options.forecastUrl : options.archiveUrl,
          latitude,
          longitude,
          date,
          timeoutMs: options.timeoutMs,
        }),
      () => (source === 'forecast' ? TTL_FORECAST_MS : TTL_ARCHIVE_MS),
    );

    const localNow = new Date(now().getTime() + day.utcOffsetSeconds * 1000).toISOString();
    const hour = query.time
      ? query.time.slice(0, 2)
      : localNow.slice(0, 10) === date
        ? localNow.slice(11, 13)
        : '12';
    const time = `${hour}:00`;
    const reading = day.hours.find((h) => h.time === `${date}T${time}`);
    if (
      !reading ||
      (reading.temperature === null && reading.humidity === null && reading.weatherCode === null)
    ) {
      throw new WeatherError('not_available', `The provider has no weather for ${date} ${time}`);
    }
    return {
      date,
      time,
      temperature: round(reading.temperature, 1),
      humidity: round(reading.humidity, 0),
      conditions: conditionFromWmoCode(reading.weatherCode),
      source,
    };
  }

  return {
    lookup,
    get cacheSize() {
      return cache.size;
    },
  };
}
