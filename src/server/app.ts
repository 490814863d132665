import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ensureAdmin } from './bootstrap';
import { OneLinePerRequest, withSafeLogging } from './log-safety';
import { ConfigError, type Config } from './config';
import { openDatabase, type Database, type DatabaseHandle } from './db/client';
import { accessPlugin } from './plugins/access';
import { auditPlugin } from './plugins/audit';
import { authPlugin } from './plugins/auth';
import { hotCachePlugin } from './plugins/hot-cache';
import { answerFrameworkError, errorsPlugin } from './plugins/errors';
import { eventsPlugin } from './plugins/events';
import { uploadsPlugin } from './plugins/uploads';
import { uploadRemovalGuard } from './services/backup/upload-removal';
import { settingsStorePlugin } from './plugins/settings-store';
import { authRoutes } from './modules/auth/routes';
import { profileRoutes } from './modules/profile/routes';
import { uploadsRoutes } from './modules/uploads/routes';
import { usersRoutes } from './modules/users/routes';
import { docsPlugin } from './plugins/docs';
import { securityPlugin } from './plugins/security';
import { staticPlugin } from './plugins/static';
import { healthRoutes, SERVER_VERSION } from './modules/health/routes';
import { auditRoutes } from './modules/audit/routes';
import { notifyPlugin } from './modules/notifications/plugin';
import { notificationRoutes } from './modules/notifications/routes';
import { notificationChannelsPlugin } from './modules/notification-channels/plugin';
import type { NotificationChannelsOptions } from './modules/notification-channels/options';
import { notificationChannelRoutes } from './modules/notification-channels/routes';
import { pushRoutes } from './modules/notification-channels/push-routes';
import { settingsRoutes } from './modules/settings/routes';
import { realtimePlugin } from './plugins/realtime';
import { idempotencyPlugin } from './plugins/idempotency';
import { writePlugin } from './plugins/write';
import { syncPlugin } from './modules/sync/plugin';
import { syncRoutes } from './modules/sync/routes';
import { deviceRoutes, devicesPlugin } from './modules/sync/devices';
import { excavatorRoutes } from './modules/excavators/routes';
import { aiRoutes } from './modules/ai/routes';
import { reportRoutes } from './modules/reports/routes';
import { followUpRoutes } from './modules/follow-ups/routes';
import { checklistConfigRoutes } from './modules/checklist-config/routes';
import { inventoryRoutes } from './modules/inventory/routes';
import { logbookRoutes } from './modules/logbook/routes';
import { dispoRoutes } from './modules/dispo/routes';
import { analyticsRoutes } from './modules/analytics/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { setupRoutes } from './modules/setup/routes';
import { tlsPlugin } from './plugins/tls';
import { secureServers } from './tls/secure-server';
import { tlsSetup } from './tls/setup';
import { backupsPlugin, type BackupsOptions } from './modules/backups/plugin';
import { backupRoutes } from './modules/backups/routes';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: Config;
  }
}

export interface BuildOptions {
  /** An already opened database (tests); otherwise one is opened from the config and closed with the app. */
  database?: DatabaseHandle;
  /** Pino logger options; false silences (tests). */
  logger?: boolean | object;
  /** Delivery worker and daily job timings (tests shorten them or drive the queue themselves). */
  notificationChannels?: Partial<NotificationChannelsOptions>;
  /** Backup schedule and control socket (tests set the clock or switch them off). */
  backups?: Omit<BackupsOptions, 'database'>;
}

/** The whole server as one Fastify instance. Tests build the real app through this and `inject`. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  // HTTPS first: unusable certificate files stop the start before anything else is opened.
  const tls = tlsSetup(config);
  const tlsLoad = tls ? await tls.load() : null;
  if (tlsLoad && !tlsLoad.credentials) throw new ConfigError(tlsLoad.problems);
  const servers = tlsLoad?.credentials ? secureServers(tlsLoad.credentials) : null;

  const app = Fastify({
    ...(servers && { serverFactory: servers.factory }),
    logger: withSafeLogging(options.logger ?? { level: config.logLevel }),
    // Forwarded headers only from the configured proxies: from anyone else they would be made up.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    bodyLimit: 2 * 1024 * 1024,
    // Request ids in logs let an operator follow one request through the log.
    requestIdHeader: 'x-request-id',
    frameworkErrors: answerFrameworkError,
    // One line per request rather than Fastify's two (received, completed).
    logController: new OneLinePerRequest(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const handle =
    options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  if (!options.database) app.addHook('onClose', async () => handle.close());
  app.decorate('db', handle.db);
  app.decorate('config', config);
  if (tls && tlsLoad && servers) {
    await app.register(tlsPlugin, { setup: tls, servers, initial: tlsLoad });
  } else {
    app.decorate('tls', null);
  }

  await app.register(errorsPlugin);
  // Before any route: helmet/compress hooks and the OpenAPI collector only see routes added after them.
  await app.register(securityPlugin);
  await app.register(docsPlugin, { version: SERVER_VERSION });
  await app.register(eventsPlugin);
  await app.register(uploadsPlugin, {
    dataDir: config.dataDir,
    s3: config.storage,
    // On PostgreSQL a backup links the uploads after its snapshot; removals wait for that moment. Files
    // in a bucket are not in the archive, so their removals need not wait.
    ...(handle.kind === 'postgres' && !config.storage && { guardRemoval: uploadRemovalGuard(handle.db) }),
  });
  await app.register(hotCachePlugin, { handle });
  await app.register(settingsStorePlugin, { db: handle.db });
  await app.register(authPlugin, { config, db: handle.db });
  await app.register(accessPlugin);
  await app.register(auditPlugin, { db: handle.db, retentionDays: config.auditRetentionDays });
  await app.register(notifyPlugin);
  await app.register(notificationChannelsPlugin, options.notificationChannels ?? {});
  await app.register(realtimePlugin, { databaseUrl: config.databaseUrl, publicUrl: config.publicUrl });
  await app.register(idempotencyPlugin);
  await app.register(writePlugin);
  await app.register(syncPlugin);
  await app.register(devicesPlugin);
  await app.register(backupsPlugin, { ...options.backups, database: handle });

  await app.register(
    async (api) => {
      // One budget per address for anonymous API calls (sign-in, health, setup checks): a flood from
      // one client is refused before it reaches the database. Signed-in users are not counted here.
      await api.register(rateLimit, { global: false, max: config.anonymousRateLimit, timeWindow: 60_000 });
      // After the auth hook, so signed-in requests are known; they pass without the limiter's address
      // key and promise, which the plugin's own allow-list would still cost every request.
      const limitAnonymous = api.rateLimit();
      api.addHook('preHandler', (request, reply, done) => {
        if (request.user !== null) return done();
        limitAnonymous.call(api, request, reply).then(() => done(), done);
      });
      await api.register(authRoutes, { db: handle.db });
      await api.register(usersRoutes);
      await api.register(profileRoutes);
      await api.register(healthRoutes, { db: handle.db });
      await api.register(settingsRoutes);
      await api.register(auditRoutes);
      await api.register(notificationRoutes);
      await api.register(notificationChannelRoutes);
      await api.register(pushRoutes);
      await api.register(syncRoutes);
      await api.register(deviceRoutes);
      await api.register(excavatorRoutes);
      await api.register(aiRoutes);
      await api.register(reportRoutes);
      await api.register(followUpRoutes);
      await api.register(checklistConfigRoutes);
      await api.register(inventoryRoutes);
      await api.register(logbookRoutes);
      await api.register(dispoRoutes);
      await api.register(analyticsRoutes);
      await api.register(dashboardRoutes);
      await api.register(backupRoutes);
    },
    { prefix: '/api' },
  );
  // Outside /api: image URLs are plain /uploads/{path}.
  await app.register(uploadsRoutes);
  await app.register(setupRoutes);

  await app.register(staticPlugin, { clientDir: config.clientDir });

  await ensureAdmin(handle.db, config, app.log);
  return app;
}
