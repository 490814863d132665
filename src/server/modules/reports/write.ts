import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Report } from '@/domain/report';
import { checkReportTransition, type ReportAction, type ReportTarget } from '@/domain/report-status';
import { versionTag } from '@/domain/sync';
import { excavators } from '../../db/schema';
import { conflict, forbidden } from '../../http-error';
import { changedFields } from '../../plugins/audit';
import type { WriteContext } from '../../plugins/write';
import type { ReportRow } from './data';

export const REPORTS = 'reports';
export const EXCAVATORS = 'excavators';

export function withEtag(status: number, body: Report) {
  return { status, body, headers: { etag: versionTag(body.version) } };
}

/** 403 or 409 (with the current row) unless the user may take `action` on the report now. */
export function assertTransition(
  request: FastifyRequest,
  row: ReportRow,
  action: ReportAction,
  current: Report,
): ReportTarget {
  const check = checkReportTransition(
    request.user,
    { status: current.status, createdBy: row.createdBy, operatorSignature: row.operatorSignature },
    action,
  );
  if (check.allowed) return check.to;
  if (check.reason === 'forbidden') throw forbidden(check.message);
  throw conflict(check.message, { reason: 'status', status: current.status, current });
}

const SIGNATURE_FIELDS = new Set(['operatorSignature', 'managerSignature']);

/** Signatures enter the audit log as a short hash: the log shows that they changed, not the image. */
function auditValue(field: string, value: unknown): unknown {
  if (!SIGNATURE_FIELDS.has(field) || typeof value !== 'string' || !value) return value ?? null;
  return `sha256:${createHash('sha256').update(value).digest('hex').slice(0, 16)}`;
}

/** The value with object keys sorted at every level: jsonb does not keep key order, comparisons must not care. */
export function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

export function auditChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
): Record<string, { from: unknown; to: unknown }> {
  const masked = (source: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(source).map(([k, v]) => [k, canonical(auditValue(k, v))]));
  return changedFields(before ? masked(before) : null, masked(after));
}

/** The display name of the signed-in user (name, else username). */
export function actorName(request: FastifyRequest): string {
  const user = request.user!;
  return user.name?.trim() || user.username;
}

/**
 * Operating hours above the excavator's usage hours raise them, in the report's transaction: a new
 * excavator version, stamped for sync and audited. Lower readings leave the machine as it is.
 */
export async function raiseUsageHours(
  app: FastifyInstance,
  request: FastifyRequest,
  w: WriteContext,
  excavatorId: string,
  operatingHours: number | null,
  reportId: string,
): Promise<void> {
  if (operatingHours === null) return;
  const [machine] = await w.tx
    .select({
      id: excavators.id,
      usageHours: excavators.usageHours,
      version: excavators.version,
      deletedAt: excavators.deletedAt,
    })
    .from(excavators)
    .where(eq(excavators.id, excavatorId))
    .for('update');
  if (!machine || machine.deletedAt || operatingHours <= machine.usageHours) return;
  await w.tx
    .update(excavators)
    .set({
      usageHours: operatingHours,
      version: machine.version + 1,
      updatedAt: w.at,
      updatedBy: request.user!.id,
      changeSeq: await w.stamp(EXCAVATORS),
    })
    .where(eq(excavators.id, machine.id));
  await app.audit(
    request,
    {
      action: 'excavator.update',
      entity: 'excavator',
      entityId: machine.id,
      changes: { usageHours: { from: machine.usageHours, to: operatingHours }, fromReport: reportId },
    },
    w.tx,
  );
}
