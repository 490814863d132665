import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNull,
  lte,
  ne,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DISPO_SYNC_COLLECTION } from '@/domain/dispo/constants';
import type { Assignment, AssignmentListQuery } from '@/domain/dispo/assignments';
import type { AssignmentFields } from '@/domain/dispo/assignment-input';
import { can, type Actor } from '@/domain/permissions';
import type { Executor } from '../../db/client';
import { dispoAssignments, dispoContainerTypes, dispoDrivers, dispoTrucks, users } from '../../db/schema';
import type { WriteContext } from '../../plugins/write';
import { defineRecordWrite } from '../sync/record-write';
import { defineSyncCollection } from '../sync/registry';

export const ASSIGNMENTS = DISPO_SYNC_COLLECTION;
export type AssignmentRow = typeof dispoAssignments.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const unique = (values: Array<string | null>) => [...new Set(values.filter((v): v is string => !!v))];

/**
 * Rows → API assignments, same order. Driver, truck, container type and issuer names are read now
 * (batched), so a mirrored row is enough to print the driver sheet offline; a master-data change that
 * shows here re-stamps the assignments (restampAssignments) so mirrors get the new names.
 */
export async function assignmentsToApi(executor: Executor, rows: AssignmentRow[]): Promise<Assignment[]> {
  if (rows.length === 0) return [];
  const driverIds = unique(rows.map((r) => r.driverId));
  const truckIds = unique(rows.map((r) => r.truckId));
  const typeIds = unique(
    rows.flatMap((r) => r.rounds.flatMap((round) => round.items.map((i) => i.containerTypeId))),
  );
  const userIds = unique(rows.map((r) => r.issuedBy));
  const [drivers, trucks, types, issuers] = await Promise.all([
    executor.select().from(dispoDrivers).where(inArray(dispoDrivers.id, driverIds)),
    truckIds.length ? executor.select().from(dispoTrucks).where(inArray(dispoTrucks.id, truckIds)) : [],
    typeIds.length
      ? executor.select().from(dispoContainerTypes).where(inArray(dispoContainerTypes.id, typeIds))
      : [],
    userIds.length
      ? executor
          .select({ id: users.id, name: users.name, username: users.username })
          .from(users)
          .where(inArray(users.id, userIds))
      : [],
  ]);
  const driverById = new Map(drivers.map((d) => [d.id, d]));
  const truckById = new Map(trucks.map((t) => [t.id, t]));
  const typeById = new Map(types.map((t) => [t.id, t]));
  const issuerById = new Map(issuers.map((u) => [u.id, u.name ?? u.username]));
  return rows.map((row) => {
    const driver = driverById.get(row.driverId);
    const truck = row.truckId ? truckById.get(row.truckId) : undefined;
    return {
      id: row.id,
      version: row.version,
      createdAt: row.createdAt.toISOString(),
      createdBy: row.createdBy,
      updatedAt: row.updatedAt.toISOString(),
      updatedBy: row.updatedBy,
      deletedAt: iso(row.deletedAt),
      date: row.date,
      driverId: row.driverId,
      truckId: row.truckId,
      rounds: row.rounds.map((round) => ({
        notes: round.notes ?? null,
        done: round.done === true,
        items: round.items.map((item) => {
          const type = typeById.get(item.containerTypeId);
          return { ...item, containerType: type ? { name: type.name, volume: type.volume } : null };
        }),
      })),
      generalNotes: row.generalNotes,
      status: row.status === 'published' ? 'published' : 'draft',
      issuedBy: row.issuedBy,
      issuedByName: row.issuedBy ? (issuerById.get(row.issuedBy) ?? null) : null,
      publishedAt: iso(row.publishedAt),
      driver: driver
        ? { id: driver.id, name: driver.name, phone: driver.phone, userId: driver.userId }
        : null,
      truck: truck
        ? { id: truck.id, licensePlate: truck.licensePlate, type: truck.type, capacity: truck.capacity }
        : null,
      lastChange: row.lastChange ?? null,
    };
  });
}

export async function assignmentToApi(executor: Executor, row: AssignmentRow): Promise<Assignment> {
  return (await assignmentsToApi(executor, [row]))[0]!;
}

/** The write of one assignment (docs/write-path.md): audited as `dispoAssignment.<verb>`. */
export function assignmentRecord(app: FastifyInstance) {
  return defineRecordWrite(app, {
    collection: ASSIGNMENTS,
    table: dispoAssignments,
    entity: 'dispoAssignment',
    notFoundMessage: 'Assignment not found',
    load: findAssignment,
    toApi: assignmentToApi,
  });
}

export type AssignmentWriter = ReturnType<typeof assignmentRecord>;

/**
 * The assignment as the shared workflow actions read it (src/domain/workflow/dispo.ts): its driver
 * only while the driver exists, so a deleted driver's account no longer ticks its rounds.
 */
export async function assignmentWorkflowView(executor: Executor, row: AssignmentRow) {
  const [driver] = await executor
    .select({ userId: dispoDrivers.userId })
    .from(dispoDrivers)
    .where(and(eq(dispoDrivers.id, row.driverId), isNull(dispoDrivers.deletedAt)));
  return { status: row.status, rounds: row.rounds, driver: driver ?? null };
}

/**
 * The assignments `viewer` may see (src/domain/dispo.ts): every one for 'dispo:write' roles; for
 * other readers the published assignments of the drivers linked to their account.
 */
export function assignmentVisibility(viewer: Actor): SQL | undefined {
  if (can(viewer, 'dispo:write')) return undefined;
  return and(
    eq(dispoAssignments.status, 'published'),
    sql`${dispoAssignments.driverId} in (select ${dispoDrivers.id} from ${dispoDrivers} where ${dispoDrivers.userId} = ${viewer.id} and ${dispoDrivers.deletedAt} is null)`,
  );
}

/** The synced collection 'dispoAssignments' (registered by the routes plugin). */
export const assignmentsCollection = defineSyncCollection({
  name: ASSIGNMENTS,
  table: dispoAssignments,
  feature: 'containers',
  readAction: 'dispo:read',
  toApi: (rows, { executor }) => assignmentsToApi(executor, rows),
  visibleTo: assignmentVisibility,
});

export async function findAssignment(executor: Executor, id: string, forUpdate = false) {
  const query = executor.select().from(dispoAssignments).where(eq(dispoAssignments.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function listAssignments(executor: Executor, query: AssignmentListQuery, viewer: Actor) {
  const a = dispoAssignments;
  const where = and(
    isNull(a.deletedAt),
    assignmentVisibility(viewer),
    query.from ? gte(a.date, query.from) : undefined,
    query.to ? lte(a.date, query.to) : undefined,
    query.driverId ? eq(a.driverId, query.driverId) : undefined,
    query.truckId ? eq(a.truckId, query.truckId) : undefined,
    query.status ? eq(a.status, query.status) : undefined,
  );
  const [total] = await executor.select({ n: count() }).from(a).where(where);
  const rows = await executor
    .select(getTableColumns(a))
    .from(a)
    .innerJoin(dispoDrivers, eq(dispoDrivers.id, a.driverId))
    .where(where)
    .orderBy(query.sort === 'date' ? asc(a.date) : desc(a.date), asc(dispoDrivers.name), asc(a.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { rows, total: total?.n ?? 0 };
}

/** Another live assignment of the driver on the date, if any. */
export async function findDuplicate(executor: Executor, driverId: string, date: string, exceptId?: string) {
  const [row] = await executor
    .select({ id: dispoAssignments.id })
    .from(dispoAssignments)
    .where(
      and(
        eq(dispoAssignments.driverId, driverId),
        eq(dispoAssignments.date, date),
        isNull(dispoAssignments.deletedAt),
        exceptId ? ne(dispoAssignments.id, exceptId) : undefined,
      ),
    )
    .orderBy(asc(dispoAssignments.createdAt))
    .limit(1);
  return row;
}

/** Live assignments matching `where`. */
export async function countLiveAssignments(executor: Executor, where: SQL): Promise<number> {
  const [row] = await executor
    .select({ n: count() })
    .from(dispoAssignments)
    .where(and(isNull(dispoAssignments.deletedAt), where));
  return row?.n ?? 0;
}

/** Assignments with an item of this container type (served by the GIN index on rounds). */
export function usesContainerType(typeId: string): SQL {
  return sql`${dispoAssignments.rounds} @> ${JSON.stringify([{ items: [{ containerTypeId: typeId }] }])}::jsonb`;
}

/**
 * Gives the live assignments matching `where` new cursor values (same version): their API rows
 * changed because a driver, truck or container type they show changed, and mirrors must re-read them.
 */
export async function restampAssignments(w: WriteContext, where: SQL): Promise<number> {
  const rows = await w.tx
    .select({ id: dispoAssignments.id })
    .from(dispoAssignments)
    .where(and(isNull(dispoAssignments.deletedAt), where))
    .orderBy(asc(dispoAssignments.id))
    .for('update');
  for (const { id } of rows) {
    await w.tx
      .update(dispoAssignments)
      .set({ changeSeq: await w.stamp(ASSIGNMENTS) })
      .where(eq(dispoAssignments.id, id));
  }
  return rows.length;
}

/** The editable columns of a row or an input, in the API's order. */
export function assignmentFieldsOf(source: AssignmentFields | AssignmentRow): AssignmentFields {
  return {
    date: source.date,
    driverId: source.driverId,
    truckId: source.truckId ?? null,
    rounds: source.rounds.map((r) => ({
      notes: r.notes ?? null,
      done: r.done === true,
      items: r.items.map((i) => ({
        containerTypeId: i.containerTypeId,
        quantity: i.quantity,
        operation: i.operation,
      })),
    })),
    generalNotes: source.generalNotes ?? null,
  };
}
