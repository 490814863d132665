import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { v7 as uuidv7 } from 'uuid';
import type { Database, Executor } from '../db/client';
import { auditLog } from '../db/schema';
import { scheduleJob } from './idempotency';

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | null;
  changes?: Record<string, unknown> | null;
  /** Overrides the request's user, e.g. for a failed sign-in naming the attempted account. */
  userId?: string | null;
  username?: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Appends an audit record; pass the write's transaction so both commit together. */
    audit(request: FastifyRequest | null, entry: AuditEntry, executor?: Executor): Promise<void>;
  }
}

/** The fields that differ between two versions of a record, as { field: { from, to } }. */
export function changedFields(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown>,
  ignore: readonly string[] = ['updatedAt', 'passwordHash', 'tokenVersion'],
): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after)) {
    if (ignore.includes(key)) continue;
    const from = before?.[key] ?? null;
    const to = after[key] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) out[key] = { from, to };
  }
  return out;
}

/** Deletes audit rows older than the retention; returns how many went. */
export async function pruneAudit(db: Database, retentionDays: number): Promise<number> {
  const gone = await db
    .delete(auditLog)
    .where(lt(auditLog.at, sql`now() - make_interval(days => ${retentionDays})`))
    .returning({ id: auditLog.id });
  return gone.length;
}

export const auditPlugin = fp(
  async (app: FastifyInstance, opts: { db: Database; retentionDays: number }) => {
    // The audit log would otherwise grow without end; old rows are deleted once a day (and at start).
    scheduleJob(app, 'audit-prune', () => pruneAudit(opts.db, opts.retentionDays));
    app.decorate(
      'audit',
      async (request: FastifyRequest | null, entry: AuditEntry, executor: Executor = opts.db) => {
        // Inside a write the entry carries the action's time and the receive time; elsewhere both are now.
        const times = request?.writeTimes ?? null;
        const receivedAt = times?.receivedAt ?? new Date();
        await executor.insert(auditLog).values({
          id: uuidv7(),
          at: times?.at ?? receivedAt,
          receivedAt,
          userId: entry.userId !== undefined ? entry.userId : (request?.user?.id ?? null),
          username: entry.username !== undefined ? entry.username : (request?.user?.username ?? null),
          action: entry.action,
          entity: entry.entity,
          entityId: entry.entityId ?? null,
          changes: entry.changes ?? null,
          ip: request?.ip ?? null,
        });
      },
    );
  },
  { name: 'audit' },
);
