import { z } from 'zod';
import { WeatherError } from './errors';

/*
 * The Open-Meteo JSON API (https://open-meteo.com/en/docs): the forecast endpoint (today, the recent
 * past and up to 16 days ahead) and the historical archive endpoint (1940 until a few days ago) answer
 * the same request and shape:
 *
 *   GET {base}?latitude=53.55&longitude=9.99&hourly=temperature_2m,relative_humidity_2m,weather_code
 *             &start_date=2026-03-02&end_date=2026-03-02&timezone=auto
 *   200 { latitude, longitude, utc_offset_seconds, timezone, hourly_units: {…},
 *         hourly: { time: ["2026-03-02T00:00", …], temperature_2m: [3.1, …],
 *                   relative_humidity_2m: [88, …], weather_code: [3, …] } }
 *   400 { error: true, reason: "Parameter 'start_date' is out of allowed range from … to …" }
 *
 * Times are local to the site (timezone=auto); values the provider does not have are null.
 */

export interface HourlyWeather {
  /** Seconds the site's local time is ahead of UTC. */
  utcOffsetSeconds: number;
  hours: Array<{
    /** Local `YYYY-MM-DDTHH:MM`. */
    time: string;
    temperature: number | null;
    humidity: number | null;
    weatherCode: number | null;
  }>;
}

const series = z.array(z.number().nullable());
const responseSchema = z.object({
  utc_offset_seconds: z.number().default(0),
  hourly: z.object({
    time: z.array(z.string()),
    temperature_2m: series,
    relative_humidity_2m: series,
    weather_code: series,
  }),
});
const errorSchema = z.object({ error: z.literal(true), reason: z.string() });

/** Largest answer read; one day of three hourly series is a few kilobytes. */
const MAX_BODY_CHARS = 1024 * 1024;

export interface OpenMeteoRequest {
  baseUrl: string;
  latitude: number;
  longitude: number;
  /** YYYY-MM-DD, used as start and end date. */
  date: string;
  timeoutMs: number;
}

function describe(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return error instanceof Error ? error.message : String(error);
}

/** One day of hourly weather from an Open-Meteo endpoint; failures as WeatherError. */
export async function fetchOpenMeteoDay(request: OpenMeteoRequest): Promise<HourlyWeather> {
  const url = new URL(request.baseUrl);
  url.searchParams.set('latitude', String(request.latitude));
  url.searchParams.set('longitude', String(request.longitude));
  url.searchParams.set('hourly', 'temperature_2m,relative_humidity_2m,weather_code');
  url.searchParams.set('start_date', request.date);
  url.searchParams.set('end_date', request.date);
  url.searchParams.set('timezone', 'auto');

  // One signal for connecting, the headers and the body: the limit is a total limit.
  const signal = AbortSignal.timeout(request.timeoutMs);
  let status: number;
  let text: string;
  try {
    const response = await fetch(url, { headers: { accept: 'application/json' }, signal });
    status = response.status;
    text = await response.text();
  } catch (error) {
    if (signal.aborted) {
      throw new WeatherError('unavailable', `Weather provider did not answer within ${request.timeoutMs} ms`);
    }
    throw new WeatherError('unavailable', `Weather provider not reachable (${describe(error)})`);
  }
  if (text.length > MAX_BODY_CHARS) throw new WeatherError('unavailable', 'Weather answer too large', 502);

  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }

  if (status >= 400 && status < 500 && status !== 429) {
    const reason = errorSchema.safeParse(json).data?.reason ?? `HTTP ${status}`;
    // The provider names the range it has for this endpoint: the date is outside it.
    if (/out of (allowed )?range|not available/i.test(reason))
      throw new WeatherError('not_available', reason);
    if (/date/i.test(reason)) throw new WeatherError('date_error', reason);
    throw new WeatherError('unavailable', `Weather provider refused the request: ${reason}`, 502);
  }
  if (status !== 200) throw new WeatherError('unavailable', `Weather provider answered HTTP ${status}`);

  const parsed = responseSchema.safeParse(json);
  if (!parsed.success)
    throw new WeatherError('unavailable', 'Weather provider answered an unreadable body', 502);
  const { hourly, utc_offset_seconds } = parsed.data;
  return {
    utcOffsetSeconds: utc_offset_seconds,
    hours: hourly.time.map((time, i) => ({
      time,
      temperature: hourly.temperature_2m[i] ?? null,
      humidity: hourly.relative_humidity_2m[i] ?? null,
      weatherCode: hourly.weather_code[i] ?? null,
    })),
  };
}
