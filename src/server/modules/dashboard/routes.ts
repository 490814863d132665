import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardQuerySchema, dashboardSchema } from '@/domain/dashboard';
import { errorBodySchema } from '../auth/schemas';
import { loadDashboard } from './service';

/**
 * GET /api/dashboard?range=7|30|90&tz=Europe/Berlin: every signed-in user ('dashboard:read');
 * what each section holds follows the viewer's role and the feature flags (service.ts). 400 for any
 * other range or an unknown time zone.
 */
export async function dashboardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/dashboard', {
    config: { access: 'dashboard:read' },
    schema: {
      tags: ['dashboard'],
      querystring: dashboardQuerySchema,
      response: { 200: dashboardSchema, 400: errorBodySchema, 401: errorBodySchema },
    },
    handler: async (request) => {
      const settings = await app.settingsStore.get();
      return loadDashboard(app.db, request.user!, settings.features, request.query);
    },
  });
}
