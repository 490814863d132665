import { and, count, desc, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  auditListSchema,
  auditQuerySchema,
  auditRangeEnd,
  auditRangeStart,
  type AuditEntryView,
  type AuditQuery,
} from '@/domain/audit';
import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema';
import { errorBodySchema } from '../auth/schemas';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toAuditEntry(row: typeof auditLog.$inferSelect): AuditEntryView {
  return {
    id: row.id,
    at: row.at.toISOString(),
    userId: row.userId,
    username: row.username,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    changes: (row.changes as Record<string, unknown> | null) ?? null,
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
  if (q.from) where.push(gte(auditLog.at, auditRangeStart(q.from)));
  if (q.to) where.push(lte(auditLog.at, auditRangeEnd(q.to)));
  return and(...where);
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
  return { items: rows.map(toAuditEntry), total: total?.n ?? 0, page: q.page, limit: q.limit };
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
}
