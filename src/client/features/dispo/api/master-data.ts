import type { z } from 'zod';
import {
  containerTypeListSchema,
  containerTypeSchema,
  type ContainerType,
  type ContainerTypeInputValues,
} from '@/domain/dispo/container-types';
import { driverListSchema, driverSchema, type Driver, type DriverInputValues } from '@/domain/dispo/drivers';
import { truckListSchema, truckSchema, type Truck, type TruckInputValues } from '@/domain/dispo/trucks';
import { MAX_LIMIT } from '@/domain/constants';
import { apiFetch } from '@/client/api/client';

/** The three kinds of master data and their API below /api/containers. */
export interface MasterKinds {
  drivers: { record: Driver; input: DriverInputValues };
  trucks: { record: Truck; input: TruckInputValues };
  types: { record: ContainerType; input: ContainerTypeInputValues };
}
export type MasterKind = keyof MasterKinds;
export const MASTER_KINDS: readonly MasterKind[] = ['drivers', 'trucks', 'types'];

const item: { [K in MasterKind]: z.ZodType<MasterKinds[K]['record']> } = {
  drivers: driverSchema,
  trucks: truckSchema,
  types: containerTypeSchema,
};
const list: { [K in MasterKind]: z.ZodType<{ items: Array<MasterKinds[K]['record']>; total: number }> } = {
  drivers: driverListSchema,
  trucks: truckListSchema,
  types: containerTypeListSchema,
};

export interface MasterListQuery {
  page: number;
  limit: number;
  q?: string;
  active?: boolean;
}

export function masterListPath(kind: MasterKind, query: MasterListQuery): string {
  const params = new URLSearchParams({ page: String(query.page), limit: String(query.limit) });
  if (query.q?.trim()) params.set('q', query.q.trim());
  if (query.active !== undefined) params.set('active', String(query.active));
  return `/containers/${kind}?${params.toString()}`;
}

export async function listMaster<K extends MasterKind>(
  kind: K,
  query: MasterListQuery,
  signal?: AbortSignal,
): Promise<{ items: Array<MasterKinds[K]['record']>; total: number }> {
  return list[kind].parse(await apiFetch<unknown>(masterListPath(kind, query), { signal }));
}

/** Every record of a kind (the pickers of the assignment form); the lists are small. */
export async function listAllMaster<K extends MasterKind>(
  kind: K,
  signal?: AbortSignal,
): Promise<Array<MasterKinds[K]['record']>> {
  const all: Array<MasterKinds[K]['record']> = [];
  for (let page = 1; ; page++) {
    const { items, total } = await listMaster(kind, { page, limit: MAX_LIMIT }, signal);
    all.push(...items);
    if (items.length === 0 || all.length >= total) return all;
  }
}

export async function saveMaster<K extends MasterKind>(
  kind: K,
  id: string | null,
  input: MasterKinds[K]['input'],
): Promise<MasterKinds[K]['record']> {
  const path = id ? `/containers/${kind}/${encodeURIComponent(id)}` : `/containers/${kind}`;
  return item[kind].parse(await apiFetch<unknown>(path, { method: id ? 'PUT' : 'POST', body: input }));
}

export async function deleteMaster(kind: MasterKind, id: string): Promise<void> {
  await apiFetch<unknown>(`/containers/${kind}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
