import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import {
  pushSubscriptionInputSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
  vapidPublicKeySchema,
} from '@/domain/notification-channels';
import { pushSubscriptions } from '../../db/schema';
import { validationFailed } from '../../http-error';
import { errorBodySchema } from '../auth/schemas';

const errors = { 401: errorBodySchema, 403: errorBodySchema };

/**
 * Web push subscriptions of the signed-in user (feature flag `notifications` via the /push prefix).
 * The client subscribes with the VAPID public key after the user agreed, then registers the
 * subscription here; unsubscribing (or signing out) removes it.
 */
export async function pushRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/push/vapid-public-key', {
    config: { access: 'signed-in' },
    schema: { tags: ['push'], response: { 200: vapidPublicKeySchema, ...errors } },
    handler: async () => ({ publicKey: (await app.notificationChannels.vapidKeys()).publicKey }),
  });

  r.post('/push/subscriptions', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['push'],
      body: pushSubscriptionInputSchema,
      response: { 201: pushSubscriptionSchema, 400: errorBodySchema, ...errors },
    },
    handler: async (request, reply) => {
      const { endpoint, keys } = request.body;
      const refused = await app.notificationChannels.options.pushEndpointCheck(endpoint);
      if (refused) throw validationFailed(refused, { fields: { endpoint: [refused] } });
      const userId = request.user!.id;
      const userAgent = request.headers['user-agent']?.slice(0, 300) ?? null;
      const row = await app.db.transaction(async (tx) => {
        // An endpoint names one browser profile: on a shared tablet it moves to whoever subscribed last,
        // so the previous user's notifications stop appearing there.
        const [saved] = await tx
          .insert(pushSubscriptions)
          .values({ id: uuidv7(), userId, endpoint, p256dh: keys.p256dh, auth: keys.auth, userAgent })
          .onConflictDoUpdate({
            target: pushSubscriptions.endpoint,
            set: { userId, p256dh: keys.p256dh, auth: keys.auth, userAgent, updatedAt: sql`now()` },
          })
          .returning();
        await app.audit(
          request,
          { action: 'push.subscribe', entity: 'push_subscription', entityId: saved!.id },
          tx,
        );
        return saved!;
      });
      return reply
        .status(201)
        .send({ id: row.id, endpoint: row.endpoint, createdAt: row.createdAt.toISOString() });
    },
  });

  r.delete('/push/subscriptions', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['push'],
      body: pushUnsubscribeSchema,
      response: { 204: z.null(), 400: errorBodySchema, ...errors },
    },
    handler: async (request, reply) => {
      await app.db.transaction(async (tx) => {
        const gone = await tx
          .delete(pushSubscriptions)
          .where(
            and(
              eq(pushSubscriptions.endpoint, request.body.endpoint),
              eq(pushSubscriptions.userId, request.user!.id),
            ),
          )
          .returning({ id: pushSubscriptions.id });
        for (const { id } of gone)
          await app.audit(
            request,
            { action: 'push.unsubscribe', entity: 'push_subscription', entityId: id },
            tx,
          );
      });
      // Unsubscribing is idempotent: an unknown endpoint is already gone.
      return reply.status(204).send(null);
    },
  });
}
