import { and, asc, ilike, isNull, ne, or, sql } from 'drizzle-orm';
import {
  containerTypeInputSchema,
  containerTypeSchema,
  type ContainerType,
  type ContainerTypeInput,
} from '@/domain/dispo/container-types';
import type { Executor } from '../../db/client';
import { dispoContainerTypes } from '../../db/schema';
import { conflict } from '../../http-error';
import { countLiveAssignments, usesContainerType } from './assignment-data';
import { violates, type MasterSpec } from './master-routes';
import { containsPattern } from './search';

type ContainerTypeRow = typeof dispoContainerTypes.$inferSelect;

const NAME_TAKEN = 'A container type with this name already exists';
const nameTaken = () => conflict(NAME_TAKEN, { fields: { name: [NAME_TAKEN] } });

export async function containerTypesToApi(
  _executor: Executor,
  rows: ContainerTypeRow[],
): Promise<ContainerType[]> {
  return rows.map((row) => ({
    id: row.id,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
    deletedAt: row.deletedAt ? row.deletedAt.toISOString() : null,
    name: row.name,
    volume: row.volume,
    description: row.description,
    active: row.active,
  }));
}

/** Names are unique among live types, ignoring case. */
async function validateContainerType(
  tx: Executor,
  input: ContainerTypeInput,
  existing: ContainerTypeRow | null,
) {
  if (existing && existing.name.toLowerCase() === input.name.toLowerCase()) return;
  const [other] = await tx
    .select({ id: dispoContainerTypes.id })
    .from(dispoContainerTypes)
    .where(
      and(
        sql`lower(${dispoContainerTypes.name}) = ${input.name.toLowerCase()}`,
        isNull(dispoContainerTypes.deletedAt),
        existing ? ne(dispoContainerTypes.id, existing.id) : undefined,
      ),
    );
  if (other) throw nameTaken();
}

export const containerTypeSpec: MasterSpec<typeof dispoContainerTypes, ContainerTypeInput, ContainerType> = {
  path: '/containers/types',
  entity: 'dispoContainerType',
  noun: 'container type',
  table: dispoContainerTypes,
  input: containerTypeInputSchema,
  item: containerTypeSchema,
  fields: (s) => ({
    name: s.name,
    volume: s.volume,
    description: s.description ?? null,
    active: s.active,
  }),
  search: (q) =>
    or(
      ilike(dispoContainerTypes.name, containsPattern(q)),
      ilike(dispoContainerTypes.description, containsPattern(q)),
    ),
  order: [asc(dispoContainerTypes.name)],
  toApi: containerTypesToApi,
  validate: validateContainerType,
  uniqueViolation: (err) => (violates(err, 'dispo_container_types_name_live_idx') ? nameTaken() : null),
  usedBy: (tx, id) => countLiveAssignments(tx, usesContainerType(id)),
  shownInAssignments: ['name', 'volume'],
  assignmentsOf: usesContainerType,
};
