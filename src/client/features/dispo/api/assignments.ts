import { localTimeZone } from '@/domain/format';
import {
  assignmentListSchema,
  assignmentSchema,
  type Assignment,
  type AssignmentList,
} from '@/domain/dispo/assignments';
import {
  dispoDashboardSchema,
  dispoOverviewSchema,
  type DispoDashboard,
  type DispoOverview,
} from '@/domain/dispo/board';
import type { AssignmentFieldsInput } from '@/domain/dispo/assignment-input';
import type { DispoStatus } from '@/domain/dispo/constants';
import { apiFetch } from '@/client/api/client';

const BASE = '/containers/assignments';
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

/** The list's filters; empty ones are left out of the query. */
export interface AssignmentFilters {
  page: number;
  limit: number;
  from?: string;
  to?: string;
  driverId?: string;
  truckId?: string;
  status?: DispoStatus;
  /** `date`: earliest first; the server's default is the latest first. */
  sort?: 'date';
}

export function assignmentListPath(filters: AssignmentFilters): string {
  const params = new URLSearchParams({ page: String(filters.page), limit: String(filters.limit) });
  for (const key of ['from', 'to', 'driverId', 'truckId', 'status', 'sort'] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  return `${BASE}?${params.toString()}`;
}

export async function listAssignments(path: string, signal?: AbortSignal): Promise<AssignmentList> {
  return assignmentListSchema.parse(await apiFetch<unknown>(path, { signal }));
}

export async function getAssignment(id: string, signal?: AbortSignal): Promise<Assignment> {
  return assignmentSchema.parse(await apiFetch<unknown>(one(id), { signal }));
}

/** POST or PUT; `allowDuplicate` confirms a second assignment of the driver on that date. */
export async function saveAssignment(
  id: string | null,
  fields: AssignmentFieldsInput,
  allowDuplicate: boolean,
): Promise<Assignment> {
  const body = { ...fields, allowDuplicate };
  return assignmentSchema.parse(
    await apiFetch<unknown>(id ? one(id) : BASE, { method: id ? 'PUT' : 'POST', body }),
  );
}

export async function publishAssignment(id: string): Promise<Assignment> {
  return assignmentSchema.parse(await apiFetch<unknown>(`${one(id)}/publish`, { method: 'PUT' }));
}

export async function deleteAssignment(id: string): Promise<void> {
  await apiFetch<unknown>(one(id), { method: 'DELETE' });
}

/** `PUT …/rounds/{index}/done`: also the URL the outbox replays for a tick made on the device. */
export function roundDoneUrl(id: string, index: number): string {
  return `/api${one(id)}/rounds/${index}/done`;
}

export async function setRoundDone(id: string, index: number, done: boolean): Promise<Assignment> {
  return assignmentSchema.parse(
    await apiFetch<unknown>(`${one(id)}/rounds/${index}/done`, { method: 'PUT', body: { done } }),
  );
}

const timeZone = () => localTimeZone();

export async function getOverview(signal?: AbortSignal): Promise<DispoOverview> {
  const params = new URLSearchParams({ tz: timeZone() });
  return dispoOverviewSchema.parse(await apiFetch<unknown>(`/containers/overview?${params}`, { signal }));
}

export async function getDashboard(signal?: AbortSignal): Promise<DispoDashboard> {
  const params = new URLSearchParams({ tz: timeZone() });
  return dispoDashboardSchema.parse(await apiFetch<unknown>(`/containers/dashboard?${params}`, { signal }));
}
