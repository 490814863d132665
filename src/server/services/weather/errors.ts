/**
 * Why a weather lookup failed. The route maps each kind onto a fixed text (src/domain/logbook.ts
 * WEATHER_ERROR_MESSAGES): invalid_date → "Invalid date", not_available → "Date not available",
 * date_error → "Date error", unavailable → "Unable to load weather".
 */
export type WeatherErrorKind = 'invalid_date' | 'not_available' | 'date_error' | 'unavailable';

export class WeatherError extends Error {
  constructor(
    readonly kind: WeatherErrorKind,
    /** What went wrong, for the log and the error details (never shown as the message). */
    readonly detail: string,
    /** For `unavailable`: 503 when the provider is down or slow, 502 when it answered nonsense. */
    readonly status: 502 | 503 = 503,
  ) {
    super(detail);
    this.name = 'WeatherError';
  }
}
