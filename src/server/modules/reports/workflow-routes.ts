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
import {
  applyReportAction,
  type ReportActionChanges,
  type ReportActionInput,
} from '@/domain/workflow/report';
import type { Executor } from '../../db/client';
import { HttpError } from '../../http-error';
import type { WriteContext } from '../../plugins/write';
import { assertFourEyes } from '../../services/four-eyes';
import { errorBodySchema } from '../auth/schemas';
import { FOLLOW_UPS } from '../follow-ups/data';
import { closeFollowUpsByReport, openFollowUpsFromReport } from '../follow-ups/from-reports';
import type { ReportRow } from './data';
import { reportIdParams } from './edit-routes';
import { notifyReportEvent, type ReportEvent } from './notify';
import {
  actorName,
  auditChanges,
  EXCAVATORS,
  raiseUsageHours,
  refusal,
  reportRecord,
  workflowActor,
} from './write';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
};

const plain = (values: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : (v ?? null)]),
  );

/** The stored columns of an action's changes: its times as dates. */
function columnsOf(changes: ReportActionChanges) {
  const date = (value: string | null | undefined) =>
    value === undefined ? undefined : value === null ? null : new Date(value);
  const { submittedAt, approvedAt, rejectedAt, ...rest } = changes;
  return Object.fromEntries(
    Object.entries({
      ...rest,
      submittedAt: date(submittedAt),
      approvedAt: date(approvedAt),
      rejectedAt: date(rejectedAt),
    }).filter(([, v]) => v !== undefined),
  ) as Partial<ReportRow>;
}

interface Step {
  event: ReportEvent;
  /** What the step does: the shared workflow action (src/domain/workflow/report.ts). */
  input: ReportActionInput;
  /**
   * Refuses the step for the report as it is (after the status machine allowed it); may answer more
   * entries for the step's audit row.
   */
  check?(report: Report, tx: Executor): Promise<void | Record<string, { from: unknown; to: unknown }>>;
  /** More writes of the same transaction, after the report row was updated. */
  after?(w: WriteContext, row: ReportRow): Promise<void>;
  /** The other synced collections `after` writes. */
  alsoStamps?: readonly string[];
}

/**
 * One workflow step as one record write (locked, If-Match checked): the shared workflow action decides
 * (403 / 409) and says what changes, the row is updated and the step audited, its notification stored
 * in the same transaction and published after the commit.
 */
async function runStep(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, step: Step) {
  const record = reportRecord(app);
  const { id } = request.params as { id: string };
  return record.write(request, reply, { id, alsoStamps: step.alsoStamps }, async (w, locked) => {
    const { row: existing, current } = locked;
    const result = applyReportAction(current, step.input, workflowActor(request), w.at);
    if (!result.ok) throw refusal(result.reason, result.message, current);
    const auditExtra = (await step.check?.(current, w.tx)) ?? {};
    const changes = columnsOf(result.changes);
    const before = Object.fromEntries(Object.keys(changes).map((k) => [k, existing[k as keyof ReportRow]]));
    const row = await record.update(w, request, existing, changes, null);
    if (step.after) await step.after(w, row);
    await record.audit(w, request, existing.id, {
      action: step.input.action,
      changes: { ...auditChanges(plain(before), plain(changes)), ...auditExtra },
    });
    const body = await record.toApi(w.tx, row);
    await notifyReportEvent(app, w, step.event, body, { id: request.user!.id, name: actorName(request) });
    return record.answer(200, body);
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
        input: { action: 'submit' },
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
        input: {
          action: 'approve',
          signature: request.body.signature,
          managerName: request.body.managerName ?? null,
        },
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
        input: { action: 'reject', reason: request.body.reason, signature: request.body.signature ?? null },
        event: 'report.rejected',
      }),
  });
}
