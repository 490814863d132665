import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { FOLLOW_UP_STATUSES, type FollowUp, type FollowUpListQuery } from '@/domain/followup';
import type { Executor } from '../../db/client';
import { followUps, users } from '../../db/schema';
import { defineRecordWrite } from '../sync/record-write';
import { defineSyncCollection } from '../sync/registry';

export type FollowUpRow = typeof followUps.$inferSelect;
export const FOLLOW_UPS = 'followUps';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function followUpToApi(row: FollowUpRow, names: Map<string, string>): FollowUp {
  const name = (id: string | null) => (id ? (names.get(id) ?? null) : null);
  return {
    id: row.id,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
    deletedAt: iso(row.deletedAt),
    excavatorId: row.excavatorId,
    title: row.title,
    titleLabels: row.titleLabels ?? null,
    note: row.note,
    photo: row.photo,
    assigneeId: row.assigneeId,
    assigneeName: name(row.assigneeId),
    dueDate: row.dueDate,
    status: (FOLLOW_UP_STATUSES as readonly string[]).includes(row.status)
      ? (row.status as FollowUp['status'])
      : 'open',
    source:
      row.sourceReportId && row.sourceCategory && row.sourceItem
        ? { reportId: row.sourceReportId, categoryKey: row.sourceCategory, itemKey: row.sourceItem }
        : null,
    closedAt: iso(row.closedAt),
    closedBy: row.closedBy,
    closedByName: name(row.closedBy),
    closedByReportId: row.closedByReportId,
  };
}

/** Rows → API items, the people's names loaded once for the batch. */
export async function followUpsToApi(executor: Executor, rows: FollowUpRow[]): Promise<FollowUp[]> {
  if (rows.length === 0) return [];
  const ids = [...new Set(rows.flatMap((r) => [r.assigneeId, r.closedBy]).filter((v): v is string => !!v))];
  const people = ids.length
    ? await executor
        .select({ id: users.id, name: users.name, username: users.username })
        .from(users)
        .where(inArray(users.id, ids))
    : [];
  const names = new Map(people.map((p) => [p.id, p.name?.trim() || p.username]));
  return rows.map((row) => followUpToApi(row, names));
}

export async function oneFollowUpToApi(executor: Executor, row: FollowUpRow): Promise<FollowUp> {
  const [body] = await followUpsToApi(executor, [row]);
  return body!;
}

/** The sync collection 'followUps' (registered by the routes plugin). */
export const followUpsCollection = defineSyncCollection({
  name: FOLLOW_UPS,
  table: followUps,
  feature: 'reports',
  readAction: 'followup:read',
  toApi: (rows, { executor }) => followUpsToApi(executor, rows),
  filesOf: (row) => (row.photo ? [row.photo] : []),
});

export async function findFollowUp(executor: Executor, id: string, forUpdate = false) {
  const query = executor.select().from(followUps).where(eq(followUps.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function listFollowUps(executor: Executor, query: FollowUpListQuery): Promise<FollowUpRow[]> {
  const conditions: SQL[] = [isNull(followUps.deletedAt)];
  if (query.excavator) conditions.push(eq(followUps.excavatorId, query.excavator));
  if (query.status) conditions.push(eq(followUps.status, query.status));
  return executor
    .select()
    .from(followUps)
    .where(and(...conditions))
    .orderBy(asc(followUps.status), asc(followUps.dueDate), asc(followUps.createdAt));
}

/** The write of one follow-up (docs/write-path.md): audited as `followup.<verb>`. */
export function followUpRecord(app: FastifyInstance) {
  return defineRecordWrite(app, {
    collection: FOLLOW_UPS,
    table: followUps,
    entity: 'followup',
    notFoundMessage: 'Follow-up not found',
    load: findFollowUp,
    toApi: oneFollowUpToApi,
  });
}

export type FollowUpWriter = ReturnType<typeof followUpRecord>;
