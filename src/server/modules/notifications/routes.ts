import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  notificationIdParamsSchema,
  notificationListQuerySchema,
  notificationSchema,
  readAllResponseSchema,
} from '@/domain/notification';
import { notFound } from '../../http-error';
import { errorBodySchema } from '../auth/schemas';
import { listNotifications, markAllRead, markRead, readerLanguage } from './service';

const errors = { 401: errorBodySchema, 403: errorBodySchema };

/** The signed-in user's own notifications. */
export async function notificationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** Texts come in the reader's chosen language (the app re-renders them when it switches). */
  const languageOf = async (request: FastifyRequest) =>
    readerLanguage(request.user?.language, (await app.settingsStore.get()).app.defaultLanguage);

  r.get('/notifications', {
    config: { access: 'notifications:read' },
    schema: {
      tags: ['notifications'],
      querystring: notificationListQuerySchema,
      response: { 200: z.array(notificationSchema), 400: errorBodySchema, ...errors },
    },
    handler: async (request) =>
      listNotifications(app.db, request.user!.id, request.query.onlyUnread, await languageOf(request)),
  });

  r.patch('/notifications/read-all', {
    config: { access: 'notifications:read' },
    schema: { tags: ['notifications'], response: { 200: readAllResponseSchema, ...errors } },
    handler: async (request) =>
      app.db.transaction(async (tx) => {
        const updated = await markAllRead(tx, request.user!.id);
        if (updated > 0) {
          await app.audit(
            request,
            { action: 'notification.read-all', entity: 'notification', changes: { updated } },
            tx,
          );
        }
        return { updated };
      }),
  });

  r.patch('/notifications/:id/read', {
    config: { access: 'notifications:read' },
    schema: {
      tags: ['notifications'],
      params: notificationIdParamsSchema,
      response: { 200: notificationSchema, 404: errorBodySchema, ...errors },
    },
    handler: async (request) => {
      // Read before the transaction: on the embedded database a second query inside it would wait forever.
      const language = await languageOf(request);
      return app.db.transaction(async (tx) => {
        // Another user's notification answers 404 like a missing one: ids are not disclosed.
        const result = await markRead(tx, request.user!.id, request.params.id, language);
        if (!result) throw notFound('Notification not found');
        if (!result.before) {
          await app.audit(
            request,
            {
              action: 'notification.read',
              entity: 'notification',
              entityId: result.notification.id,
              changes: { read: { from: false, to: true } },
            },
            tx,
          );
        }
        return result.notification;
      });
    },
  });
}
