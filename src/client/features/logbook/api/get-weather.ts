import { ApiError, apiFetch } from '@/client/api/client';
import { weatherReadingSchema, type WeatherReading } from '@/domain/logbook';

/** The weather failures a user is told apart, as i18n keys below `logbook.weather.errors.`. */
export type WeatherFailure = 'invalidDate' | 'notAvailable' | 'dateError' | 'unavailable';

export class WeatherLookupError extends Error {
  readonly failure: WeatherFailure;
  constructor(failure: WeatherFailure) {
    super(failure);
    this.name = 'WeatherLookupError';
    this.failure = failure;
  }
}

const REASONS: Record<string, WeatherFailure> = {
  invalid_date: 'invalidDate',
  not_available: 'notAvailable',
  date_error: 'dateError',
  unavailable: 'unavailable',
};

function failureOf(error: unknown): WeatherFailure {
  if (!(error instanceof ApiError)) return 'unavailable';
  const reason = (error.details as { reason?: unknown } | null | undefined)?.reason;
  if (typeof reason === 'string' && REASONS[reason]) return REASONS[reason];
  if (error.status === 400) return 'invalidDate';
  if (error.status === 404) return 'notAvailable';
  if (error.status === 422) return 'dateError';
  return 'unavailable';
}

/** GET /api/betriebstagebuch/weather?date=&time= for the configured site; throws WeatherLookupError. */
export async function getWeather(date: string, time?: string, signal?: AbortSignal): Promise<WeatherReading> {
  const query = new URLSearchParams({ date });
  if (time) query.set('time', time);
  try {
    // Failures become the form's own message (and typed-in weather): nothing to log.
    const body = await apiFetch<unknown>(`/betriebstagebuch/weather?${query}`, { signal, quiet: true });
    return weatherReadingSchema.parse(body);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new WeatherLookupError(failureOf(error));
  }
}
