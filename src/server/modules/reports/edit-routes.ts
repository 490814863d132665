import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import {
  reportCreateSchema,
  reportFieldsSchema,
  reportSchema,
  reportUpdateSchema,
  unknownChecklistResults,
  UNKNOWN_CHECKLIST_ITEM_MESSAGE,
  type Report,
  type ReportFields,
} from '@/domain/report';
import { draftStatus } from '@/domain/report-status';
import type { Executor } from '../../db/client';
import { excavators, reports } from '../../db/schema';
import { conflict, validationFailed } from '../../http-error';
import type { WriteContext } from '../../plugins/write';
import { registerPatchRoute } from '../sync/patch';
import { errorBodySchema } from '../auth/schemas';
import { checklistKeyPairs, readChecklistConfig, readKnownChecklistKeys } from '../checklist-config/store';
import {
  findReport,
  oneReportToApi,
  REPORT_FIELD_NAMES,
  reportFieldsOf,
  type ReportFieldValues,
  type ReportRow,
} from './data';
import { assertTransition, auditChanges, canonical, REPORTS, reportRecord, type ReportWriter } from './write';

export const reportIdParams = z.object({ id: z.uuid({ error: 'Not a valid id' }) });

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
};

async function assertLiveExcavator(executor: Executor, id: string): Promise<void> {
  const [machine] = await executor
    .select({ id: excavators.id, deletedAt: excavators.deletedAt })
    .from(excavators)
    .where(eq(excavators.id, id));
  if (!machine || machine.deletedAt) {
    throw validationFailed('Excavator not found', { fields: { excavatorId: ['Excavator not found'] } });
  }
}

/** The fields to store: the checklist snapshot resolved, results checked against it. */
function resolveFields(input: ReportFields, checklistItems: ReportRow['checklistItems']): ReportFieldValues {
  const unknown = unknownChecklistResults(input.checklist, checklistItems);
  if (unknown.length > 0) {
    throw validationFailed(UNKNOWN_CHECKLIST_ITEM_MESSAGE, {
      fields: Object.fromEntries(unknown.map((path) => [path, [UNKNOWN_CHECKLIST_ITEM_MESSAGE]])),
    });
  }
  return reportFieldsOf({ ...input, checklistItems });
}

export const UNCONFIGURED_CHECKLIST_MESSAGE = 'This checklist item is not configured';

/**
 * A client may send the checklist snapshot it filled (an offline tablet keeps the one it loaded), but
 * its categories and items must be configured ones — `known` holds every key pair a configuration
 * has had, plus for an edit the report's own snapshot — so nobody can make up the checks a report
 * claims to have done.
 */
function assertConfiguredChecklist(items: ReportRow['checklistItems'], known: Set<string>): void {
  const unknown: string[] = [];
  items.forEach((category, c) => {
    category.items.forEach((item, i) => {
      if (!known.has(`${category.key}.${item.key}`)) unknown.push(`checklistItems.${c}.items.${i}.key`);
    });
  });
  if (unknown.length > 0) {
    throw validationFailed(UNCONFIGURED_CHECKLIST_MESSAGE, {
      fields: Object.fromEntries(unknown.map((path) => [path, [UNCONFIGURED_CHECKLIST_MESSAGE]])),
    });
  }
}

const same = (a: ReportFieldValues, b: ReportFieldValues) =>
  JSON.stringify(canonical(reportFieldsOf(a))) === JSON.stringify(canonical(reportFieldsOf(b)));

/**
 * The save step of PUT and PATCH on the locked row: the edit rule, the checklist, the status that
 * follows the operator signature and the audit. Answers the stored and the API row.
 */
async function saveReport(
  record: ReportWriter,
  request: FastifyRequest,
  w: WriteContext,
  existing: ReportRow,
  current: Report,
  input: ReportFields,
): Promise<{ row: ReportRow; body: Report }> {
  assertTransition(request, existing, 'edit', current);
  if (input.excavatorId !== existing.excavatorId) await assertLiveExcavator(w.tx, input.excavatorId);
  if (input.checklistItems) {
    const known = await readKnownChecklistKeys(w.tx);
    for (const pair of checklistKeyPairs(existing.checklistItems)) known.add(pair);
    assertConfiguredChecklist(input.checklistItems, known);
  }

  const fields = resolveFields(input, input.checklistItems ?? existing.checklistItems);
  const status = draftStatus(fields.operatorSignature);
  const before = { ...reportFieldsOf(existing), status: existing.status };
  const changes = auditChanges(before, { ...fields, status });
  // Nothing changed: no new version, no stamp, no poke.
  if (Object.keys(changes).length === 0) return { row: existing, body: current };

  const row = await record.update(w, request, existing, { ...fields, status }, { action: 'update', changes });
  return { row, body: await record.toApi(w.tx, row) };
}

/**
 * POST, PUT and DELETE /api/reports. Writes go through app.runWrite (Idempotency-Key,
 * If-Match, change cursor, `sync` poke). Operating hours reach the excavator only when the report is
 * approved (workflow-routes.ts): a draft must not change a machine its author may not edit. Who may edit
 * or delete follows report-status.ts.
 */
export async function reportEditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const userId = (request: FastifyRequest) => request.user!.id;
  const record = reportRecord(app);

  r.post('/reports', {
    config: { access: 'report:write' },
    schema: {
      tags: ['reports'],
      body: reportCreateSchema,
      response: { 200: reportSchema, 201: reportSchema, ...errors },
    },
    handler: async (request, reply) => {
      const input = request.body;
      return record.create(request, reply, {}, async (w) => {
        if (input.id) {
          const existing = await findReport(w.tx, input.id);
          if (existing) {
            const current = await oneReportToApi(w.tx, existing);
            const repeated =
              existing.createdBy === userId(request) &&
              !existing.deletedAt &&
              same(existing, { ...input, checklistItems: input.checklistItems ?? existing.checklistItems });
            if (repeated) return record.answer(200, current);
            throw conflict('This id is already used by another record', {
              reason: 'id_taken',
              ...(existing.deletedAt ? {} : { current }),
            });
          }
        }
        await assertLiveExcavator(w.tx, input.excavatorId);
        const checklistItems = input.checklistItems ?? (await readChecklistConfig(w.tx)).categories;
        if (input.checklistItems)
          assertConfiguredChecklist(checklistItems, await readKnownChecklistKeys(w.tx));
        const fields = resolveFields(input, checklistItems);
        const status = draftStatus(fields.operatorSignature);
        const row = await record.insert(
          w,
          request,
          { ...fields, id: input.id ?? uuidv7(), status },
          { action: 'create', changes: auditChanges(null, { ...fields, status }) },
        );
        const body = await record.toApi(w.tx, row);
        return record.answer(201, body, { location: `/api/reports/${body.id}` });
      });
    },
  });

  r.put('/reports/:id', {
    config: { access: 'report:write' },
    schema: {
      tags: ['reports'],
      params: reportIdParams,
      body: reportUpdateSchema,
      response: { 200: reportSchema, ...errors },
    },
    handler: async (request, reply) => {
      const input = request.body;
      return record.write(request, reply, { id: request.params.id }, async (w, { row, current }) => {
        const saved = await saveReport(record, request, w, row, current, input);
        return record.answer(200, saved.body);
      });
    },
  });

  registerPatchRoute(app, {
    collection: REPORTS,
    path: '/reports',
    access: 'report:write',
    table: reports,
    collections: [REPORTS],
    notFoundMessage: 'Report not found',
    fieldsSchema: reportFieldsSchema,
    responseSchema: reportSchema,
    load: (executor, id) => findReport(executor, id, true),
    toApi: (executor, row) => oneReportToApi(executor, row),
    fieldsOf: (api) => Object.fromEntries(REPORT_FIELD_NAMES.map((name) => [name, api[name]])),
    update: async (w, request, row, values) => {
      const input = reportFieldsSchema.parse(values);
      return (await saveReport(record, request, w, row, await record.toApi(w.tx, row), input)).row;
    },
  });

  r.delete('/reports/:id', {
    config: { access: 'report:write' },
    schema: { tags: ['reports'], params: reportIdParams, response: { 200: reportSchema, ...errors } },
    handler: async (request, reply) => {
      const options = { id: request.params.id, allowDeleted: true };
      return record.write(request, reply, options, async (w, { row: existing, current }) => {
        assertTransition(request, existing, 'delete', current);
        const row = await record.remove(w, request, existing, { status: existing.status });
        return record.answer(200, await record.toApi(w.tx, row));
      });
    },
  });
}
