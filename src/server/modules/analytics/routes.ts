import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { analyticsDetailedSchema, analyticsQuerySchema, analyticsSummarySchema } from '@/domain/analytics';
import { loadDetailed, loadSummary } from './service';

/**
 * Analytics: read-only figures for every signed-in user ('analytics:read'), behind the
 * `analytics` flag (the access plugin answers 403 FEATURE_DISABLED when it is false). Online only:
 * nothing here is mirrored to devices.
 */
export async function analyticsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/analytics/summary', {
    config: { access: 'analytics:read' },
    schema: { tags: ['analytics'], response: { 200: analyticsSummarySchema } },
    handler: async () => loadSummary(app.db, new Date()),
  });

  r.get('/analytics/detailed', {
    config: { access: 'analytics:read' },
    schema: {
      tags: ['analytics'],
      querystring: analyticsQuerySchema,
      response: { 200: analyticsDetailedSchema },
    },
    handler: async (request) => loadDetailed(app.db, request.query.range, new Date()),
  });
}
