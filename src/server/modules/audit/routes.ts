import { and, count, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_REFERENCE_FIELDS,
  auditCsv,
  auditListSchema,
  auditQuerySchema,
  auditRangeEnd,
  auditRangeStart,
  type AuditEntryView,
  type AuditQuery,
} from '@/domain/audit';
import type { Executor } from '../../db/client';
import { auditLog, excavators, users } from '../../db/schema';
import { dispoAssignments, dispoContainerTypes, dispoDrivers, dispoTrucks } from '../../db/schema/dispo';
import { inventoryItems } from '../../db/schema/inventory';
import { logbookEntries } from '../../db/schema/logbook';
import { reports } from '../../db/schema/reports';
import { errorBodySchema } from '../auth/schemas';
import { notablyDelayed } from '@/domain/action-time';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Each `[entity, id]` a change refers to through a reference field, however deep (a round's items). */
function referencesIn(value: unknown, field: string | null, found: Array<[string, string]>): void {
  if (typeof value === 'string') {
    const entity = field ? AUDIT_REFERENCE_FIELDS[field] : undefined;
    if (entity && UUID.test(value)) found.push([entity, value]);
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) referencesIn(item, field, found);
    return;
  }
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
      // `{ from, to }` keeps the field it describes.
      referencesIn(inner, key === 'from' || key === 'to' ? field : key, found);
    }
  }
}

function references(row: typeof auditLog.$inferSelect): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  referencesIn(row.changes, null, found);
  return found;
}

function toAuditEntry(row: typeof auditLog.$inferSelect, names: Map<string, string>): AuditEntryView {
  const valueNames: Record<string, string> = {};
  for (const [entity, id] of references(row)) {
    const name = names.get(`${entity}:${id}`);
    if (name !== undefined) valueNames[id] = name;
  }
  return {
    id: row.id,
    at: row.at.toISOString(),
    receivedAt: row.receivedAt?.toISOString() ?? null,
    receivedLate: notablyDelayed(row.at, row.receivedAt),
    userId: row.userId,
    username: row.username,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    entityName: (row.entityId && names.get(`${row.entity}:${row.entityId}`)) ?? null,
    changes: (row.changes as Record<string, unknown> | null) ?? null,
    valueNames,
    ip: row.ip,
  };
}

function auditFilter(q: AuditQuery): SQL | undefined {
  const where: Array<SQL | undefined> = [];
  if (q.user) {
    const byName = sql`lower(${auditLog.username}) = ${q.user.toLowerCase()}`;
    where.push(UUID.test(q.user) ? or(eq(auditLog.userId, q.user), byName) : byName);
  }
  if (q.entity) where.push(eq(auditLog.entity, q.entity));
  if (q.action) where.push(eq(auditLog.action, q.action));
  if (q.record) where.push(eq(auditLog.entityId, q.record));
  if (q.from) where.push(gte(auditLog.at, auditRangeStart(q.from)));
  if (q.to) where.push(lte(auditLog.at, auditRangeEnd(q.to)));
  return and(...where);
}

type NameLookup = (executor: Executor, ids: string[]) => Promise<Array<{ id: string; name: string }>>;

/*
 * How each kind of record is named for people. Names are read at listing time (not copied into the
 * log) so a renamed machine shows its current name; a deleted record keeps only its id.
 */
const NAME_LOOKUPS: Record<string, NameLookup> = {
  excavator: (x, ids) =>
    x
      .select({ id: excavators.id, name: excavators.name })
      .from(excavators)
      .where(inArray(excavators.id, ids)),
  inventory: (x, ids) =>
    x
      .select({ id: inventoryItems.id, name: inventoryItems.name })
      .from(inventoryItems)
      .where(inArray(inventoryItems.id, ids)),
  user: (x, ids) =>
    x
      .select({ id: users.id, name: sql<string>`coalesce(nullif(${users.name}, ''), ${users.username})` })
      .from(users)
      .where(inArray(users.id, ids)),
  report: (x, ids) =>
    x
      .select({
        id: reports.id,
        name: sql<string>`${excavators.name} || ' · ' || ${reports.reportDate}::text`,
      })
      .from(reports)
      .innerJoin(excavators, eq(excavators.id, reports.excavatorId))
      .where(inArray(reports.id, ids)),
  logbook: (x, ids) =>
    x
      .select({
        id: logbookEntries.id,
        name: sql<string>`${logbookEntries.date}::text || coalesce(' · ' || ${logbookEntries.site}, '')`,
      })
      .from(logbookEntries)
      .where(inArray(logbookEntries.id, ids)),
  dispoDriver: (x, ids) =>
    x
      .select({ id: dispoDrivers.id, name: dispoDrivers.name })
      .from(dispoDrivers)
      .where(inArray(dispoDrivers.id, ids)),
  dispoTruck: (x, ids) =>
    x
      .select({ id: dispoTrucks.id, name: dispoTrucks.licensePlate })
      .from(dispoTrucks)
      .where(inArray(dispoTrucks.id, ids)),
  dispoContainerType: (x, ids) =>
    x
      .select({ id: dispoContainerTypes.id, name: dispoContainerTypes.name })
      .from(dispoContainerTypes)
      .where(inArray(dispoContainerTypes.id, ids)),
  dispoAssignment: (x, ids) =>
    x
      .select({
        id: dispoAssignments.id,
        name: sql<string>`${dispoDrivers.name} || ' · ' || ${dispoAssignments.date}::text`,
      })
      .from(dispoAssignments)
      .innerJoin(dispoDrivers, eq(dispoDrivers.id, dispoAssignments.driverId))
      .where(inArray(dispoAssignments.id, ids)),
};

/** `entity:id` → name for the records these audit rows are about, and those their changes refer to. */
async function recordNames(executor: Executor, rows: Array<typeof auditLog.$inferSelect>) {
  const byEntity = new Map<string, Set<string>>();
  const add = (entity: string, id: string) => {
    const set = byEntity.get(entity) ?? new Set<string>();
    set.add(id);
    byEntity.set(entity, set);
  };
  for (const row of rows) {
    for (const [entity, id] of references(row)) add(entity, id);
    // Ids of the typed tables are UUIDs; anything else (a probe, a legacy key) has no record to name.
    if (!row.entityId || !UUID.test(row.entityId) || !NAME_LOOKUPS[row.entity]) continue;
    add(row.entity, row.entityId);
  }
  const names = new Map<string, string>();
  await Promise.all(
    [...byEntity].map(async ([entity, ids]) => {
      const lookup = NAME_LOOKUPS[entity];
      if (!lookup) return;
      for (const { id, name } of await lookup(executor, [...ids])) names.set(`${entity}:${id}`, name);
    }),
  );
  return names;
}

export async function listAudit(executor: Executor, q: AuditQuery) {
  const where = auditFilter(q);
  const [rows, [total]] = await Promise.all([
    executor
      .select()
      .from(auditLog)
      .where(where)
      // UUIDv7 ids follow insertion order, so they break ties between records of the same instant.
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    executor.select({ n: count() }).from(auditLog).where(where),
  ]);
  const names = await recordNames(executor, rows);
  return {
    items: rows.map((row) => toAuditEntry(row, names)),
    total: total?.n ?? 0,
    page: q.page,
    limit: q.limit,
  };
}

/** Every row the filters admit, newest first, up to the export cap. */
export async function exportAudit(executor: Executor, q: AuditQuery): Promise<string> {
  const rows = await executor
    .select()
    .from(auditLog)
    .where(auditFilter(q))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_EXPORT_MAX_ROWS);
  const names = await recordNames(executor, rows);
  return auditCsv(rows.map((row) => toAuditEntry(row, names)));
}

export async function auditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/audit', {
    config: { access: 'audit:read' },
    schema: {
      tags: ['audit'],
      querystring: auditQuerySchema,
      response: { 200: auditListSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
    },
    handler: async (request) => listAudit(app.db, request.query),
  });

  r.get('/audit/export.csv', {
    config: { access: 'audit:read' },
    schema: {
      tags: ['audit'],
      description: 'The audit records the filters admit as CSV (no paging; the newest 10,000 at most).',
      querystring: auditQuerySchema,
      response: { 200: z.string(), 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
    },
    handler: async (request, reply) => {
      const csv = await exportAudit(app.db, request.query);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${day}.csv"`)
        .send(`\uFEFF${csv}`);
    },
  });
}
