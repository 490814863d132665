import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_LIMIT, MAX_LIMIT } from '@/domain/constants';
import {
  channelParamsSchema,
  channelTestBodySchema,
  channelTestResultSchema,
  NOTIFICATION_CHANNELS,
  notificationChannelsUpdateSchema,
  notificationChannelsViewSchema,
} from '@/domain/notification-channels';
import { notificationDeliveries, users } from '../../db/schema';
import { notFound, validationFailed } from '../../http-error';
import { errorBodySchema } from '../auth/schemas';
import { applyUpdate, toView, writeSecrets } from './config';
import { sendTestMessage } from './test-send';

/** The same lock as PUT /api/settings: both rewrite the one settings document. */
const SETTINGS_LOCK_ID = 724_311_101;

const errors = { 401: errorBodySchema, 403: errorBodySchema };

const deliveryListQuerySchema = z.object({
  status: z.enum(['pending', 'sent', 'dead', 'cancelled']).optional(),
  channel: z.enum(NOTIFICATION_CHANNELS).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT),
});
const deliverySchema = z.object({
  id: z.string(),
  channel: z.string(),
  event: z.string(),
  status: z.string(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  sentAt: z.string().nullable(),
});

/**
 * Notification admin (admin only): channel settings with write-only secrets, event routing, test
 * sends, and the delivery log. Stored in settings.notifications (secrets in server_secrets).
 */
export async function notificationChannelRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const channels = app.notificationChannels;

  r.get('/notification-channels', {
    config: { access: 'settings:write' },
    schema: {
      tags: ['notification-channels'],
      response: { 200: notificationChannelsViewSchema, ...errors },
    },
    handler: async () => {
      const config = await channels.loadConfig();
      return toView(config.channels, config.secrets, (await channels.vapidKeys()).publicKey);
    },
  });

  r.put('/notification-channels', {
    config: { access: 'settings:write' },
    schema: {
      tags: ['notification-channels'],
      body: notificationChannelsUpdateSchema,
      response: { 200: notificationChannelsViewSchema, 400: errorBodySchema, ...errors },
    },
    handler: async (request) => {
      const publicKey = (await channels.vapidKeys()).publicKey;
      return app.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${SETTINGS_LOCK_ID})`);
        const current = await channels.loadConfig(tx);
        const next = applyUpdate(current.channels, current.secrets, request.body);
        if (Object.keys(next.problems).length > 0)
          throw validationFailed('A channel cannot be switched on without its settings', {
            fields: next.problems,
          });
        if (Object.keys(next.changes).length > 0) {
          await app.settingsStore.update({ notifications: next.channels }, tx);
          await writeSecrets(tx, next.secretWrites);
          await app.audit(
            request,
            {
              action: 'notification-channels.update',
              entity: 'settings',
              entityId: 'notifications',
              changes: next.changes,
            },
            tx,
          );
        }
        return toView(next.channels, next.secrets, publicKey);
      });
    },
  });

  r.post('/notification-channels/:channel/test', {
    config: { access: 'settings:write' },
    schema: {
      tags: ['notification-channels'],
      params: channelParamsSchema,
      body: channelTestBodySchema,
      response: { 200: channelTestResultSchema, 400: errorBodySchema, 404: errorBodySchema, ...errors },
    },
    handler: async (request) => {
      const { channel } = request.params;
      const [sender] = await app.db
        .select({ id: users.id, username: users.username, name: users.name, email: users.email })
        .from(users)
        .where(eq(users.id, request.user!.id));
      if (!sender) throw notFound('User not found');
      const result = await sendTestMessage(await channels.context(), channel, sender, request.body?.to);
      await app.audit(request, {
        action: 'notification-channels.test',
        entity: 'settings',
        entityId: 'notifications',
        changes: { channel, ok: result.ok, ...(result.error && { error: result.error }) },
      });
      return result;
    },
  });

  r.get('/notification-channels/deliveries', {
    config: { access: 'settings:write' },
    schema: {
      tags: ['notification-channels'],
      querystring: deliveryListQuerySchema,
      response: {
        200: z.object({
          items: z.array(deliverySchema),
          total: z.number().int(),
          page: z.number().int(),
          limit: z.number().int(),
        }),
        400: errorBodySchema,
        ...errors,
      },
    },
    handler: async (request) => {
      const { status, channel, page, limit } = request.query;
      const t = notificationDeliveries;
      const where = and(
        status ? eq(t.status, status) : undefined,
        channel ? eq(t.channel, channel) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(t)
          .where(where)
          .orderBy(desc(t.createdAt), desc(t.id))
          .limit(limit)
          .offset((page - 1) * limit),
        app.db.select({ n: count() }).from(t).where(where),
      ]);
      return {
        items: rows.map((row) => ({
          id: row.id,
          channel: row.channel,
          event: row.event,
          status: row.status,
          attempts: row.attempts,
          maxAttempts: row.maxAttempts,
          lastError: row.lastError,
          createdAt: row.createdAt.toISOString(),
          updatedAt: row.updatedAt.toISOString(),
          sentAt: row.sentAt?.toISOString() ?? null,
        })),
        total: total?.n ?? 0,
        page,
        limit,
      };
    },
  });
}
