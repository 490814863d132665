import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  excavatorReportsQuerySchema,
  reportListQuerySchema,
  reportListSchema,
  reportSchema,
} from '@/domain/report';
import { versionTag } from '@/domain/sync';
import { notFound } from '../../http-error';
import { sendListPage } from '../../plugins/list-memo';
import { errorBodySchema } from '../auth/schemas';
import { findReport, listReports, oneReportToApi, reportsCollection, reportsToApi } from './data';
import { reportEditRoutes, reportIdParams } from './edit-routes';
import { reportPdfRoute } from './pdf-route';
import { reportWorkflowRoutes } from './workflow-routes';

const readErrors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/**
 * Maintenance reports: list and read for every user who may read reports, writes and the
 * workflow per src/domain/report-status.ts, the PDF — all behind the `reports` flag (access plugin).
 * Registers the 'reports' sync collection.
 */
export async function reportRoutes(app: FastifyInstance) {
  app.sync.register(reportsCollection);
  const r = app.withTypeProvider<ZodTypeProvider>();
  // List pages stay in memory until what they are read from changes: the reports, and the names of
  // their authors and machines.
  const listMemo = (query: object) => ({
    tables: ['reports', 'users', 'excavators'],
    key: `list ${JSON.stringify(query)}`,
    schema: reportListSchema,
  });

  r.get('/reports', {
    config: { access: 'report:read' },
    schema: {
      tags: ['reports'],
      querystring: reportListQuerySchema,
      response: { 200: reportListSchema, ...readErrors },
    },
    handler: async (request, reply) =>
      sendListPage(app, reply, listMemo(request.query), async () => {
        const { rows, total } = await listReports(app.db, request.query);
        return {
          items: await reportsToApi(app.db, rows),
          total,
          page: request.query.page,
          limit: request.query.limit,
        };
      }),
  });

  r.get('/reports/excavator/:id', {
    config: { access: 'report:read' },
    schema: {
      tags: ['reports'],
      params: reportIdParams,
      querystring: excavatorReportsQuerySchema,
      response: { 200: reportListSchema, ...readErrors },
    },
    handler: async (request, reply) => {
      const query = { ...request.query, excavator: request.params.id };
      return sendListPage(app, reply, listMemo(query), async () => {
        const { rows, total } = await listReports(app.db, query);
        return { items: await reportsToApi(app.db, rows), total, page: query.page, limit: query.limit };
      });
    },
  });

  r.get('/reports/:id', {
    config: { access: 'report:read' },
    schema: { tags: ['reports'], params: reportIdParams, response: { 200: reportSchema, ...readErrors } },
    handler: async (request, reply) => {
      const row = await findReport(app.db, request.params.id);
      if (!row || row.deletedAt) throw notFound('Report not found');
      const body = await oneReportToApi(app.db, row);
      reply.header('etag', versionTag(body.version));
      return body;
    },
  });

  await app.register(reportEditRoutes);
  await app.register(reportWorkflowRoutes);
  await app.register(reportPdfRoute);
}
