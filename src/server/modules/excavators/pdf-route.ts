import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANGUAGES } from '@/domain/constants';
import type { PdfImage } from '@/domain/pdf';
import { notFound } from '../../http-error';
import { loadPdfBuilders, loadPdfFonts } from '../../services/pdf';
import { readStoredFile, sniffImageType } from '../../services/storage';
import { errorBodySchema } from '../auth/schemas';
import { excavatorToApi, findExcavator, loadServiceInterval } from './data';

const pdfQuerySchema = z.object({
  /** The PDF's language; the app's default language when omitted. */
  lang: z.enum(LANGUAGES).optional(),
});

const PDF_IMAGE_TYPES = { 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/webp': 'WEBP' } as const;

/** The stored profile photo's bytes, or null when it is gone or not an image jsPDF can place. */
async function readPhoto(app: FastifyInstance, relativePath: string | null): Promise<PdfImage | null> {
  if (!relativePath) return null;
  try {
    const data = await readStoredFile(app.storage, relativePath);
    if (!data) return null;
    const type = sniffImageType(data);
    return type ? { data: new Uint8Array(data), type: PDF_IMAGE_TYPES[type] } : null;
  } catch {
    return null;
  }
}

/**
 * GET /api/excavators/{id}/pdf — the same document the browser builds for its download (the shared
 * builder in src/domain/pdf), in `?lang=` or the app's default language, with the stored photo.
 */
export async function excavatorPdfRoute(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/excavators/:id/pdf', {
    config: { access: 'fleet:read' },
    schema: {
      tags: ['excavators'],
      params: z.object({ id: z.uuid({ error: 'Not a valid id' }) }),
      querystring: pdfQuerySchema,
      produces: ['application/pdf'],
      response: {
        200: z.any().describe('The excavator PDF (application/pdf)'),
        400: errorBodySchema,
        401: errorBodySchema,
        403: errorBodySchema,
        404: errorBodySchema,
      },
    },
    handler: async (request, reply) => {
      const row = await findExcavator(app.db, request.params.id);
      if (!row || row.deletedAt) throw notFound('Excavator not found');
      const excavator = excavatorToApi(row, await loadServiceInterval(app.db));
      const settings = await app.settingsStore.get();
      const { buildExcavatorPdf, excavatorPdfName } = await loadPdfBuilders();
      const options = {
        fonts: await loadPdfFonts(),
        language: request.query.lang ?? settings.app.defaultLanguage,
        appName: settings.app.name,
        generatedAt: new Date(),
        timeZone: settings.app.timeZone,
      };
      const photo = await readPhoto(app, excavator.profileImage);
      let bytes: ArrayBuffer;
      try {
        bytes = buildExcavatorPdf(excavator, { ...options, profileImage: photo });
      } catch (error) {
        // A photo jsPDF cannot decode must not cost the whole document; the browser drops it the same way.
        if (!photo) throw error;
        request.log.warn({ err: error }, 'excavator photo left out of the PDF');
        bytes = buildExcavatorPdf(excavator, { ...options, profileImage: null });
      }
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${excavatorPdfName(excavator)}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(bytes));
    },
  });
}
