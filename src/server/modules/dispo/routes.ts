import type { FastifyInstance } from 'fastify';
import { assignmentsCollection } from './assignment-data';
import { assignmentRoutes } from './assignment-routes';
import { boardRoutes } from './board-routes';
import { containerTypeSpec } from './container-types';
import { driverSpec } from './drivers';
import { masterRoutes } from './master-routes';
import { assignmentPdfRoute } from './pdf-route';
import { roundRoutes } from './round-routes';
import { truckSpec } from './trucks';

/**
 * Dispo, below /api/containers behind the `containers` flag: master data, assignments (the
 * synced collection 'dispoAssignments'), rounds ticked by drivers, the week board and dashboard, and
 * the driver sheet PDF. The rules are written down in src/domain/dispo.ts.
 */
export async function dispoRoutes(app: FastifyInstance) {
  app.sync.register(assignmentsCollection);
  await app.register(masterRoutes(driverSpec));
  await app.register(masterRoutes(truckSpec));
  await app.register(masterRoutes(containerTypeSpec));
  await app.register(assignmentRoutes);
  await app.register(roundRoutes);
  await app.register(boardRoutes);
  await app.register(assignmentPdfRoute);
}
