import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  reportApproveSchema,
  reportRejectSchema,
  reportSchema,
  UNCHECKED_ITEMS_MESSAGE,
  uncheckedItems,
  type Report,
} from '@/domain/report';
import type { ReportAction } from '@/domain/report-status';
import type { Executor } from '../../db/client';
import { reports } from '../../db/schema';
import { HttpError, notFound } from '../../http-error';
import { assertFreshVersion, readIfMatch, type WriteContext } from '../../plugins/write';
import { assertFourEyes } from '../../services/four-eyes';
import { errorBodySchema } from '../auth/schemas';
import { FOLLOW_UPS } from '../follow-ups/data';
import { closeFollowUpsByReport, openFollowUpsFromReport } from '../follow-ups/from-reports';
import { findReport, oneReportToApi, type ReportRow } from './data';
import { reportIdParams } from './edit-routes';
import { notifyReportEvent, type ReportEvent } from './notify';
import {
  actorName,
  assertTransition,
  auditChanges,
  EXCAVATORS,
  raiseUsageHours,
  REPORTS,
  withEtag,
} from './write';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
};

type Changes = Partial<
  Pick<
    typeof reports.$inferInsert,
    | 'status'
    | 'submittedAt'
    | 'managerSignature'
    | 'managerName'
    | 'approvedBy'
    | 'approvedAt'
    | 'rejectionReason'
    | 'rejectedBy'
    | 'rejectedAt'
  >
>;

const plain = (values: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : (v ?? null)]),
  );

interface Step {
  action: ReportAction;
  event: ReportEvent;
  /**
   * Refuses the step for the report as it is (after the status machine allowed it); may answer more
   * entries for the step's audit row.
   */
  check?(report: Report, tx: Executor): Promise<void | Record<string, { from: unknown; to: unknown }>>;
  /** The columns the step sets, given the report as it is. */
  changes(row: ReportRow, request: FastifyRequest, now: Date): Changes;
  /** More writes of the same transaction, after the report row was updated. */
  after?(w: WriteContext, row: ReportRow): Promise<void>;
  /** The other synced collections `after` writes. */
  alsoStamps?: readonly string[];
}

/**
 * One workflow step as one write: the report row locked, If-Match checked, the transition asked of the
 * status machine (403 / 409), the row updated and stamped, the step audited and its notification stored
 * in the same transaction and published after the commit.
 */
async function runStep(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, step: Step) {
  const expected = readIfMatch(request);
  const { id } = request.params as { id: string };
  const collections = [REPORTS, ...(step.alsoStamps ?? [])];
  return app.runWrite(request, reply, { collections }, async (w) => {
    const existing = await findReport(w.tx, id, true);
    if (!existing || existing.deletedAt) throw notFound('Report not found');
    const current = await oneReportToApi(w.tx, existing);
    assertFreshVersion(expected, existing.version, current);
    assertTransition(request, existing, step.action, current);
    const auditExtra = (await step.check?.(current, w.tx)) ?? {};
    const now = w.at;
    const changes = step.changes(existing, request, now);
    const [row] = await w.tx
      .update(reports)
      .set({
        ...changes,
        version: existing.version + 1,
        updatedAt: now,
        updatedBy: request.user!.id,
        changeSeq: await w.stamp(REPORTS),
      })
      .where(eq(reports.id, existing.id))
      .returning();
    if (step.after) await step.after(w, row!);
    const before = Object.fromEntries(Object.keys(changes).map((k) => [k, existing[k as keyof Changes]]));
    await app.audit(
      request,
      {
        action: `report.${step.action}`,
        entity: 'report',
        entityId: existing.id,
        changes: { ...auditChanges(plain(before), plain(changes)), ...auditExtra },
      },
      w.tx,
    );
    const body = await oneReportToApi(w.tx, row!);
    await notifyReportEvent(app, w, step.event, body, { id: request.user!.id, name: actorName(request) });
    return withEtag(200, body);
  });
}

/**
 * The report workflow, in the logbook's style: PUT /api/reports/{id}/submit,
 * /approve {signature, managerName?} and /reject {reason, signature?}. The outbox replays them with an
 * Idempotency-Key like any write, so a repeated approval is answered from the stored result.
 */
export async function reportWorkflowRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put('/reports/:id/submit', {
    config: { access: 'report:write' },
    schema: {
      tags: ['reports'],
      params: reportIdParams,
      body: z.object({}).nullish(),
      response: { 200: reportSchema, ...errors },
    },
    handler: async (request, reply) =>
      runStep(app, request, reply, {
        action: 'submit',
        event: 'report.submitted',
        // The site may demand an answer for every item; otherwise the count travels with the report.
        check: async (report, tx) => {
          const settings = await app.settingsStore.get(tx);
          const { unchecked, total } = uncheckedItems(report);
          if (settings.reports.requireAllChecklistItems && unchecked > 0)
            throw new HttpError('UNPROCESSABLE', UNCHECKED_ITEMS_MESSAGE, {
              reason: 'unchecked_items',
              unchecked,
              total,
            });
        },
        // The defects are known the moment the operator submits: follow-ups open now, not after review.
        after: async (w, row) => {
          await closeFollowUpsByReport(app, request, w, row);
          await openFollowUpsFromReport(app, request, w, row);
        },
        alsoStamps: [FOLLOW_UPS],
        // A resubmitted report starts a fresh review: the last decision is cleared (the audit keeps it).
        changes: (_row, _request, now) => ({
          status: 'pending',
          submittedAt: now,
          managerSignature: null,
          approvedBy: null,
          approvedAt: null,
          rejectionReason: null,
          rejectedBy: null,
          rejectedAt: null,
        }),
      }),
  });

  r.put('/reports/:id/approve', {
    config: { access: 'report:approve' },
    schema: {
      tags: ['reports'],
      params: reportIdParams,
      body: reportApproveSchema,
      response: { 200: reportSchema, ...errors },
    },
    handler: async (request, reply) =>
      runStep(app, request, reply, {
        action: 'approve',
        event: 'report.approved',
        // Four eyes: not the report's author or its author-signer, unless the site or an admin's
        // stated reason allows it; the reason goes into this step's audit row.
        check: async (report, tx) => {
          const reason = await assertFourEyes(
            app,
            request,
            tx,
            {
              entity: 'report',
              id: report.id,
              createdBy: report.createdBy,
              signatureField: 'operatorSignature',
            },
            request.body.overrideReason,
          );
          if (reason !== null) return { overrideReason: { from: null, to: reason } };
        },
        changes: (row, req, now) => ({
          status: 'approved',
          managerSignature: request.body.signature,
          managerName: request.body.managerName ?? row.managerName ?? actorName(req),
          approvedBy: req.user!.id,
          approvedAt: now,
        }),
        // The approved reading is what counts: the machine's usage hours rise with it, not before.
        after: (w, row) => raiseUsageHours(app, request, w, row.excavatorId, row.operatingHours, row.id),
        alsoStamps: [EXCAVATORS],
      }),
  });

  r.put('/reports/:id/reject', {
    config: { access: 'report:approve' },
    schema: {
      tags: ['reports'],
      params: reportIdParams,
      body: reportRejectSchema,
      response: { 200: reportSchema, ...errors },
    },
    handler: async (request, reply) =>
      runStep(app, request, reply, {
        action: 'reject',
        event: 'report.rejected',
        changes: (_row, req, now) => ({
          status: 'rejected',
          rejectionReason: request.body.reason,
          rejectedBy: req.user!.id,
          rejectedAt: now,
          managerSignature: request.body.signature ?? null,
        }),
      }),
  });
}
