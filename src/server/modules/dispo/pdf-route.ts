import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANGUAGES } from '@/domain/constants';
import { dispoAssignments } from '../../db/schema';
import { notFound } from '../../http-error';
import { loadPdfBuilders, loadPdfFonts } from '../../services/pdf';
import { errorBodySchema } from '../auth/schemas';
import { assignmentToApi, assignmentVisibility } from './assignment-data';
import { assignmentIdParams } from './assignment-routes';

const pdfQuerySchema = z.object({
  /** The PDF's language; the app's default language when omitted. */
  lang: z.enum(LANGUAGES).optional(),
});

/**
 * GET /api/containers/assignments/{id}/pdf — the driver sheet from the shared builder
 * (src/domain/pdf/dispo.ts; the client builds the same offline). Whoever may read the assignment may
 * print it.
 */
export async function assignmentPdfRoute(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/containers/assignments/:id/pdf', {
    config: { access: 'dispo:read' },
    schema: {
      tags: ['dispo'],
      params: assignmentIdParams,
      querystring: pdfQuerySchema,
      produces: ['application/pdf'],
      response: {
        200: z.any().describe('The driver sheet (application/pdf)'),
        403: errorBodySchema,
        404: errorBodySchema,
      },
    },
    handler: async (request, reply) => {
      const [row] = await app.db
        .select()
        .from(dispoAssignments)
        .where(and(eq(dispoAssignments.id, request.params.id), assignmentVisibility(request.user!)));
      if (!row || row.deletedAt) throw notFound('Assignment not found');
      const assignment = await assignmentToApi(app.db, row);
      const settings = await app.settingsStore.get();
      const { buildAssignmentPdf } = await loadPdfBuilders();
      const bytes = buildAssignmentPdf(assignment, {
        fonts: await loadPdfFonts(),
        language: request.query.lang ?? settings.app.defaultLanguage,
        appName: settings.app.name,
        generatedAt: new Date(),
        timeZone: settings.app.timeZone,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="driver-sheet-${assignment.date}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(bytes));
    },
  });
}
