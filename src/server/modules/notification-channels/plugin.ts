import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Executor } from '../../db/client';
import { loadVapidKeys, type VapidKeys } from '../../services/push/web-push';
import { loadChannelConfig, type ChannelConfig } from './config';
import type { DispatchContext } from './dispatch';
import { runMaintenanceCheck, type MaintenanceCheckResult } from './maintenance-job';
import { DEFAULT_NOTIFICATION_CHANNELS_OPTIONS, type NotificationChannelsOptions } from './options';
import { enqueueDeliveries, purgeOldDeliveries, type PublishedNotification } from './queue';
import { DeliveryWorker } from './worker';

export interface NotificationChannels {
  readonly options: NotificationChannelsOptions;
  /**
   * Queues e-mail, push and chat deliveries for notifications that were just committed (called by
   * `publish()` of app.notify). Returns at once; failures are logged, never thrown.
   */
  enqueue(items: readonly PublishedNotification[]): void;
  /** Channel settings, secrets and app settings as the senders see them. */
  loadConfig(executor?: Executor): Promise<ChannelConfig>;
  /** The dispatch context for a round of sends. */
  context(): Promise<DispatchContext>;
  vapidKeys(): Promise<VapidKeys>;
  worker: DeliveryWorker;
  /** The daily maintenance-due check once (advisory-locked). */
  runMaintenanceCheck(): Promise<MaintenanceCheckResult>;
  /** Waits until queued enqueues are written and every delivery due now has been handled. */
  settle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    notificationChannels: NotificationChannels;
  }
}

/**
 * E-mail, web push and chat delivery of notifications: the queue and its worker, the daily
 * maintenance-due check, and the pieces the routes use. Timers start when the app is ready and stop
 * before it closes (in-flight work is awaited, so the database is never closed under it).
 */
export const notificationChannelsPlugin = fp(
  async (app: FastifyInstance, opts: Partial<NotificationChannelsOptions>) => {
    const options: NotificationChannelsOptions = { ...DEFAULT_NOTIFICATION_CHANNELS_OPTIONS, ...opts };
    let vapid: Promise<VapidKeys> | undefined;
    const vapidKeys = () => {
      vapid ??= loadVapidKeys(app.db).catch((err: unknown) => {
        vapid = undefined;
        throw err;
      });
      return vapid;
    };
    const loadConfig = (executor: Executor = app.db) =>
      loadChannelConfig(executor, (e) => app.settingsStore.get(e));
    const context = async (): Promise<DispatchContext> => ({
      db: app.db,
      config: await loadConfig(),
      vapidKeys,
      publicUrl: app.config.publicUrl,
      options,
    });
    const worker = new DeliveryWorker({ db: app.db, log: app.log, options, context });

    const inFlight = new Set<Promise<unknown>>();
    const track = <T>(promise: Promise<T>) => {
      inFlight.add(promise);
      void promise.finally(() => inFlight.delete(promise)).catch(() => undefined);
      return promise;
    };

    let closing = false;
    const enqueue = (items: readonly PublishedNotification[]) => {
      if (items.length === 0) return;
      if (closing) {
        // The database closes right after the last requests; a late write would race it.
        app.log.warn({ notifications: items.length }, 'shutting down: channel deliveries not queued');
        return;
      }
      void track(
        (async () => {
          const queued = await enqueueDeliveries(app.db, await loadConfig(), items, options);
          if (queued > 0) worker.kick();
        })().catch((err: unknown) => app.log.error({ err }, 'could not queue notification deliveries')),
      );
    };

    const runDaily = async () => {
      try {
        const result = await runMaintenanceCheck(app);
        const purged = await purgeOldDeliveries(app.db);
        app.log.info({ job: 'notifications-daily', result, purged }, 'daily notification jobs done');
      } catch (err) {
        app.log.error({ err, job: 'notifications-daily' }, 'daily notification jobs failed');
      }
    };

    const channels: NotificationChannels = {
      options,
      enqueue,
      loadConfig,
      context,
      vapidKeys,
      worker,
      runMaintenanceCheck: () => track(runMaintenanceCheck(app)),
      async settle() {
        while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
        await worker.flush();
      },
    };
    app.decorate('notificationChannels', channels);

    let firstRun: NodeJS.Timeout | undefined;
    let daily: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      if (!options.background) return;
      worker.start();
      firstRun = setTimeout(() => {
        void track(runDaily());
        daily = setInterval(() => void track(runDaily()), options.dailyIntervalMs);
        daily.unref();
      }, options.dailyInitialDelayMs);
      firstRun.unref();
    });
    app.addHook('preClose', async () => {
      closing = true;
      clearTimeout(firstRun);
      clearInterval(daily);
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      await worker.stop();
    });
  },
  { name: 'notification-channels', dependencies: ['events', 'settings-store', 'notify'] },
);
