import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANGUAGES } from '@/domain/constants';
import type { ReportPdfSignaturesError } from '@/domain/pdf';
import { can } from '@/domain/permissions';
import { HttpError, forbidden, notFound } from '../../http-error';
import { loadPdfBuilders, loadPdfFonts } from '../../services/pdf';
import { errorBodySchema } from '../auth/schemas';
import { findReport, oneReportToApi } from './data';
import { reportIdParams } from './edit-routes';

export const REPORT_PDF_FORBIDDEN_MESSAGE = 'You are not authorized to generate this PDF';

const pdfQuerySchema = z.object({
  /** The PDF's language; the app's default language when omitted. */
  lang: z.enum(LANGUAGES).optional(),
});

function signaturesMissing(err: ReportPdfSignaturesError): HttpError {
  return new HttpError('UNPROCESSABLE', err.message, { missing: err.missing });
}

/** A file name made of the date and the machine, safe in a Content-Disposition header. */
function fileName(reportDate: string, machine: string | undefined): string {
  const slug = (machine ?? 'report')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `maintenance-report-${reportDate}${slug ? `-${slug}` : ''}.pdf`;
}

/**
 * GET /api/reports/{id}/pdf — the report PDF from the shared builder (src/domain/pdf/report.ts), in
 * `?lang=` or the app's default language. 422 while a signature is missing, 403 with
 * REPORT_PDF_FORBIDDEN_MESSAGE for a user who may not read reports.
 */
export async function reportPdfRoute(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/reports/:id/pdf', {
    // Signed in is enough to reach the handler, so a user who may not read reports gets the PDF's own
    // refusal text rather than the generic one.
    config: { access: 'signed-in' },
    schema: {
      tags: ['reports'],
      params: reportIdParams,
      querystring: pdfQuerySchema,
      produces: ['application/pdf'],
      response: {
        200: z.any().describe('The report PDF (application/pdf)'),
        400: errorBodySchema,
        401: errorBodySchema,
        403: errorBodySchema,
        404: errorBodySchema,
        422: errorBodySchema,
      },
    },
    handler: async (request, reply) => {
      if (!can(request.user, 'report:read')) throw forbidden(REPORT_PDF_FORBIDDEN_MESSAGE);
      const row = await findReport(app.db, request.params.id);
      if (!row || row.deletedAt) throw notFound('Report not found');
      const report = await oneReportToApi(app.db, row);
      const pdf = await loadPdfBuilders();
      const missing = pdf.missingReportSignatures(report);
      if (missing.length > 0) throw signaturesMissing(new pdf.ReportPdfSignaturesError(missing));

      const settings = await app.settingsStore.get();
      let bytes: ArrayBuffer;
      try {
        bytes = pdf.buildReportPdf(report, {
          fonts: await loadPdfFonts(),
          language: request.query.lang ?? settings.app.defaultLanguage,
          appName: settings.app.name,
          generatedAt: new Date(),
          timeZone: settings.app.timeZone,
        });
      } catch (err) {
        if (err instanceof pdf.ReportPdfSignaturesError) throw signaturesMissing(err);
        throw err;
      }
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="${fileName(report.reportDate, report.excavator?.name)}"`,
        )
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(bytes));
    },
  });
}
