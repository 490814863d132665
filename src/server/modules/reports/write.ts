import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Report } from '@/domain/report';
import { checkReportTransition, type ReportAction, type ReportTarget } from '@/domain/report-status';
import type { ReportWorkflowActor } from '@/domain/workflow/report';
import { reports } from '../../db/schema';
import { conflict, forbidden, type HttpError } from '../../http-error';
import { changedFields } from '../../plugins/audit';
import type { WriteContext } from '../../plugins/write';
import { excavatorRecord, findExcavator } from '../excavators/data';
import { defineRecordWrite, type RecordWriter } from '../sync/record-write';
import { findReport, oneReportToApi, type ReportRow } from './data';

export const REPORTS = 'reports';
export const EXCAVATORS = 'excavators';

export type ReportWriter = RecordWriter<typeof reports, Report>;

/** How a report is written (the shared record write). */
export function reportRecord(app: FastifyInstance): ReportWriter {
  return defineRecordWrite(app, {
    collection: REPORTS,
    table: reports,
    entity: 'report',
    notFoundMessage: 'Report not found',
    load: findReport,
    toApi: oneReportToApi,
  });
}

/** The status machine's refusal as the API answers it: 403, or 409 with the current row. */
export function refusal(reason: 'status' | 'forbidden', message: string, current: Report): HttpError {
  if (reason === 'forbidden') return forbidden(message);
  return conflict(message, { reason: 'status', status: current.status, current });
}

/** The signed-in user as the workflow actions name them. */
export function workflowActor(request: FastifyRequest): ReportWorkflowActor {
  const user = request.user!;
  return { id: user.id, role: user.role, displayName: actorName(request) };
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
  throw refusal(check.reason, check.message, current);
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
  const machine = await findExcavator(w.tx, excavatorId, true);
  if (!machine || machine.deletedAt || operatingHours <= machine.usageHours) return;
  await excavatorRecord(app).update(
    w,
    request,
    machine,
    { usageHours: operatingHours },
    {
      action: 'update',
      changes: { usageHours: { from: machine.usageHours, to: operatingHours }, fromReport: reportId },
    },
  );
}
