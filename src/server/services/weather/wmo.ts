import type { WeatherCondition } from '@/domain/logbook';

/**
 * WMO weather interpretation codes (as Open-Meteo's `weather_code` reports them) → the condition keys
 * the logbook stores and the client translates. Unknown codes give null.
 */
export function conditionFromWmoCode(code: number | null | undefined): WeatherCondition | null {
  if (code === null || code === undefined || !Number.isFinite(code)) return null;
  if (code === 0) return 'clear';
  if (code === 1 || code === 2) return 'partly_cloudy';
  if (code === 3) return 'cloudy';
  if (code === 45 || code === 48) return 'fog';
  if (code >= 51 && code <= 57) return 'drizzle';
  if ((code >= 61 && code <= 67) || (code >= 80 && code <= 82)) return 'rain';
  if ((code >= 71 && code <= 77) || code === 85 || code === 86) return 'snow';
  if (code >= 95 && code <= 99) return 'thunderstorm';
  return null;
}
