import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decideSelfApproval } from '@/domain/four-eyes';
import type { Executor } from '../db/client';
import { auditLog } from '../db/schema';
import { HttpError } from '../http-error';

/**
 * The person who last put an author's signature on the record, read from the audit log: the column
 * itself only holds the image, and a manager who signs someone else's draft has signed it as its
 * author just the same. Null when no signing is on record (never signed, or pruned by retention —
 * the creator still counts then).
 */
async function lastAuthorSigner(
  tx: Executor,
  entity: 'report' | 'logbook',
  entityId: string,
  signatureField: string,
): Promise<string | null> {
  const [row] = await tx
    .select({ userId: auditLog.userId })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, entity),
        eq(auditLog.entityId, entityId),
        isNotNull(auditLog.userId),
        sql`${auditLog.changes} -> ${signatureField} ->> 'to' is not null`,
      ),
    )
    .orderBy(desc(auditLog.at))
    .limit(1);
  return row?.userId ?? null;
}

/**
 * Refuses approving one's own record (403 SELF_APPROVAL) unless the site allows it; an admin may go
 * past the rule with a reason (400 OVERRIDE_REASON_REQUIRED without one). Answers the override reason
 * to audit, or null for an ordinary approval. Runs inside the approval's transaction.
 */
export async function assertFourEyes(
  app: FastifyInstance,
  request: FastifyRequest,
  tx: Executor,
  record: { entity: 'report' | 'logbook'; id: string; createdBy: string | null; signatureField: string },
  overrideReason: string | undefined,
): Promise<string | null> {
  const settings = await app.settingsStore.get(tx);
  const signer = await lastAuthorSigner(tx, record.entity, record.id, record.signatureField);
  const decision = decideSelfApproval(
    request.user,
    { createdBy: record.createdBy, authorSigners: [signer] },
    { allowSelfApproval: settings.approval.allowSelfApproval, overrideReason },
  );
  if (!decision.allowed) {
    const details =
      decision.code === 'OVERRIDE_REASON_REQUIRED'
        ? { reason: 'self_approval', fields: { overrideReason: [decision.message] } }
        : { reason: 'self_approval' };
    throw new HttpError(decision.code, decision.message, details);
  }
  return decision.override?.reason ?? null;
}
