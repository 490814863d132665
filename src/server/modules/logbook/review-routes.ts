import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANGUAGES } from '@/domain/constants';
import { ENTRY_NOT_FOUND_MESSAGE, logbookApproveSchema, logbookEntrySchema } from '@/domain/logbook';
import { decideLogbookAction } from '@/domain/logbook-status';
import { applyLogbookAction } from '@/domain/workflow/logbook';
import { notFound } from '../../http-error';
import { readIfMatch } from '../../plugins/write';
import { assertFourEyes } from '../../services/four-eyes';
import { loadPdfBuilders, loadPdfFonts } from '../../services/pdf';
import { errorBodySchema } from '../auth/schemas';
import { findEntry, oneToApi, profileSignature } from './data';
import { idParams, logbookRecord } from './entry-routes';
import {
  assertAllowed,
  assertPngSignature,
  LOGBOOK_APPROVED_EVENT,
  logbookRefusal,
  notifyTransition,
  signatureMissing,
} from './service';

const pdfQuerySchema = z.object({ lang: z.enum(LANGUAGES).optional() });

/** Approval (PUT /{id}/approve) and the PDF (GET /{id}/pdf). */
export async function reviewRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const record = logbookRecord(app);

  r.put('/betriebstagebuch/:id/approve', {
    config: { access: 'logbook:approve' },
    schema: {
      tags: ['logbook'],
      params: idParams,
      body: logbookApproveSchema,
      response: {
        200: logbookEntrySchema,
        400: errorBodySchema,
        401: errorBodySchema,
        403: errorBodySchema,
        404: errorBodySchema,
        409: errorBodySchema,
        422: errorBodySchema,
      },
    },
    handler: async (request, reply) => {
      const expected = readIfMatch(request);
      const reviewer = request.user!;
      if (request.body.signature) assertPngSignature(request.body.signature);
      const options = { id: request.params.id, expected };
      return record.write(request, reply, options, async (w, { row: existing, current }) => {
        assertAllowed(decideLogbookAction(reviewer, current, 'approve'), 'approve', current);
        // Four eyes: not the entry's author, unless the site or an admin's stated reason allows it.
        const overrideReason = await assertFourEyes(
          app,
          request,
          w.tx,
          {
            entity: 'logbook',
            id: existing.id,
            createdBy: existing.createdBy,
            signatureField: 'creatorSignature',
          },
          request.body.overrideReason,
        );
        const signature = request.body.signature ?? (await profileSignature(w.tx, reviewer.id));
        if (!signature) throw signatureMissing();
        const actor = {
          id: reviewer.id,
          role: reviewer.role,
          displayName: reviewer.name || reviewer.username,
        };
        const result = applyLogbookAction(current, { action: 'approve', signature }, actor, w.at);
        if (!result.ok) throw logbookRefusal(result.reason, 'approve', current);
        const { approvedAt, ...changes } = result.changes;
        const row = await record.update(
          w,
          request,
          existing,
          { ...changes, approvedAt: new Date(approvedAt) },
          {
            action: 'approve',
            changes: {
              status: { from: 'pending', to: 'approved' },
              reviewerSignature: { from: null, to: 'set' },
              approvedBy: { from: null, to: reviewer.id },
              ...(overrideReason !== null && { overrideReason: { from: null, to: overrideReason } }),
            },
          },
        );
        const body = await record.toApi(w.tx, row);
        await notifyTransition(app, request, w, LOGBOOK_APPROVED_EVENT, body);
        return record.answer(200, body);
      });
    },
  });

  r.get('/betriebstagebuch/:id/pdf', {
    config: { access: 'logbook:read' },
    schema: {
      tags: ['logbook'],
      params: idParams,
      querystring: pdfQuerySchema,
      produces: ['application/pdf'],
      response: {
        200: z.any().describe('The operations log PDF (application/pdf)'),
        403: errorBodySchema,
        404: errorBodySchema,
      },
    },
    handler: async (request, reply) => {
      const row = await findEntry(app.db, request.params.id);
      if (!row || row.deletedAt) throw notFound(ENTRY_NOT_FOUND_MESSAGE);
      const entry = await oneToApi(app.db, row);
      const settings = await app.settingsStore.get();
      const { buildLogbookPdf } = await loadPdfBuilders();
      const bytes = buildLogbookPdf(entry, {
        fonts: await loadPdfFonts(),
        language: request.query.lang ?? settings.app.defaultLanguage,
        appName: settings.app.name,
        generatedAt: new Date(),
      });
      const name = `betriebstagebuch-${entry.date}${entry.site ? `-${entry.site}` : ''}`
        .normalize('NFKD')
        .replace(/[^A-Za-z0-9._-]+/g, '-');
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${name}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(bytes));
    },
  });
}
