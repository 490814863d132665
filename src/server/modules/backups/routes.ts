import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  backupDownloadLinkSchema,
  backupNameParams,
  backupProgressSchema,
  backupStatusSchema,
} from '@/domain/backup';
import { isAdmin } from '@/domain/permissions';
import { HttpError, conflict, forbidden, notFound } from '../../http-error';
import { archiveDirectory, archivePath } from '../../services/backup/archives';
import { errorBodySchema } from '../auth/schemas';
import { findUserById } from '../users/data';
import { issueDownloadTicket, readDownloadTicket } from './download-ticket';
import { BackupBusyError } from './runner';

const startedSchema = z.object({ running: backupProgressSchema });
const ticketQuery = z.object({ ticket: z.string().min(1).max(2000) });

/**
 * Settings → Backups (admin): GET /backups (status and archives), POST /backups (make one now; the
 * page polls GET while it runs), POST /backups/{name}/download (a one-minute download address) and
 * GET /backups/download?ticket= (the archive itself, audited).
 */
export async function backupRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/backups', {
    config: { access: 'backup:manage' },
    schema: {
      tags: ['backups'],
      summary: 'How backups are made, the schedule, the last run and the archives',
      response: { 200: backupStatusSchema, 401: errorBodySchema, 403: errorBodySchema },
    },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.backups.status();
    },
  });

  r.post('/backups', {
    config: { access: 'backup:manage' },
    schema: {
      tags: ['backups'],
      summary: 'Start a backup now; GET /backups shows its progress',
      response: {
        202: startedSchema,
        401: errorBodySchema,
        403: errorBodySchema,
        409: errorBodySchema,
        503: errorBodySchema,
      },
    },
    handler: async (request, reply) => {
      const status = await app.backups.status();
      if (status.running) throw conflict('A backup is already running. Wait until it is done.');
      if (!status.available)
        throw new HttpError('SERVICE_UNAVAILABLE', status.problem ?? 'Backups are not available');
      const user = request.user!;
      let run;
      try {
        run = app.backups.runner.run({ trigger: 'manual', userId: user.id, username: user.username });
      } catch (err) {
        if (err instanceof BackupBusyError) throw conflict(err.message);
        throw err;
      }
      // The outcome is recorded, logged and (a failure) told to the admins by the runner.
      run.catch(() => undefined);
      return reply.status(202).send({ running: app.backups.runner.running! });
    },
  });

  r.post('/backups/:name/download', {
    config: { access: 'backup:manage' },
    schema: {
      tags: ['backups'],
      summary: 'A short-lived address that downloads the archive',
      params: backupNameParams,
      response: {
        200: backupDownloadLinkSchema,
        401: errorBodySchema,
        403: errorBodySchema,
        404: errorBodySchema,
      },
    },
    handler: async (request) => {
      const file = archivePath(archiveDirectory(app.config), request.params.name);
      if (!file || !fs.existsSync(file)) throw notFound('There is no such backup');
      const user = request.user!;
      const ticket = await issueDownloadTicket(app.db, {
        userId: user.id,
        tokenVersion: user.tokenVersion,
        archive: request.params.name,
      });
      return { url: `/api/backups/download?ticket=${encodeURIComponent(ticket)}` };
    },
  });

  r.get('/backups/download', {
    // A plain navigation carries no token: the signed ticket names the admin and the archive instead.
    config: { access: 'public' },
    schema: {
      tags: ['backups'],
      summary: 'The archive named by a download ticket (application/gzip)',
      querystring: ticketQuery,
      produces: ['application/gzip'],
      response: { 200: z.any(), 403: errorBodySchema, 404: errorBodySchema },
    },
    handler: async (request, reply) => {
      const ticket = await readDownloadTicket(app.db, request.query.ticket);
      if (!ticket)
        throw forbidden('This download link has expired. Start the download again from Settings → Backups.');
      const user = await findUserById(app.db, ticket.userId);
      if (!user || !user.active || user.tokenVersion !== ticket.tokenVersion || !isAdmin(user)) {
        throw forbidden();
      }
      const file = archivePath(archiveDirectory(app.config), ticket.archive);
      const stat = file ? await fs.promises.stat(file).catch(() => null) : null;
      if (!file || !stat?.isFile()) throw notFound('There is no such backup');
      await app.audit(request, {
        action: 'backup.download',
        entity: 'backup',
        entityId: ticket.archive,
        userId: user.id,
        username: user.username,
        changes: { size: stat.size },
      });
      return reply
        .type('application/gzip')
        .header('content-disposition', `attachment; filename="${ticket.archive}"`)
        .header('content-length', String(stat.size))
        .header('cache-control', 'private, no-store')
        .send(fs.createReadStream(file));
    },
  });
}
