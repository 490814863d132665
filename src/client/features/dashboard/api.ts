import { localTimeZone } from '@/domain/format';
import type { Assignment, AssignmentList } from '@/domain/dispo/assignments';
import type { Dashboard, DashboardRange } from '@/domain/dashboard';
import type { WeatherReading } from '@/domain/logbook';
import { apiFetch } from '@/client/api/client';

/** The viewer's IANA time zone: the server counts "today" in it. */
export function viewerTimeZone(): string {
  return localTimeZone();
}

/** `date` plus `days` calendar days (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export function fetchDashboard(range: DashboardRange, signal?: AbortSignal): Promise<Dashboard> {
  const query = new URLSearchParams({ range: String(range), tz: viewerTimeZone() });
  return apiFetch<Dashboard>(`/dashboard?${query.toString()}`, { signal });
}

/** The site's current weather: the operations log's weather service (logbook configuration `site`). */
export function fetchWeather(date: string, signal?: AbortSignal): Promise<WeatherReading> {
  // An unreachable weather service is expected on a site network: the tile says so, the console stays clean.
  return apiFetch<WeatherReading>(`/betriebstagebuch/weather?date=${encodeURIComponent(date)}`, {
    signal,
    quiet: true,
  });
}

/** Dispo assignments from `from` for `days` days, earliest first. */
export async function fetchUpcomingAssignments(
  from: string,
  days: number,
  signal?: AbortSignal,
): Promise<Assignment[]> {
  const query = new URLSearchParams({ from, to: addDays(from, days - 1), sort: 'date', limit: '100' });
  const list = await apiFetch<AssignmentList>(`/containers/assignments?${query.toString()}`, { signal });
  return list.items;
}
