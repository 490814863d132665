import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dispoDashboardQuerySchema,
  dispoDashboardSchema,
  dispoOverviewQuerySchema,
  dispoOverviewSchema,
} from '@/domain/dispo/board';
import { todayIn } from '@/domain/dispo/dates';
import { errorBodySchema } from '../auth/schemas';
import { loadDashboard, loadOverview } from './board';

/**
 * The planning views of /dispo (admin, manager, dispo: 'dispo:open'): GET /api/containers/overview
 * (the week board, ?from=&tz=) and GET /api/containers/dashboard (?date=&tz=). "Today" is the viewer's
 * local date in `tz`.
 */
export async function boardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/containers/overview', {
    config: { access: 'dispo:open' },
    schema: {
      tags: ['dispo'],
      querystring: dispoOverviewQuerySchema,
      response: { 200: dispoOverviewSchema, 400: errorBodySchema },
    },
    handler: async (request) => {
      const { from, tz } = request.query;
      return loadOverview(app.db, from ?? todayIn(tz), tz);
    },
  });

  r.get('/containers/dashboard', {
    config: { access: 'dispo:open' },
    schema: {
      tags: ['dispo'],
      querystring: dispoDashboardQuerySchema,
      response: { 200: dispoDashboardSchema, 400: errorBodySchema },
    },
    handler: async (request) => {
      const { date, tz } = request.query;
      return loadDashboard(app.db, date ?? todayIn(tz), tz);
    },
  });
}
