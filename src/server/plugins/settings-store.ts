import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  DEFAULT_SETTINGS,
  mergeSettings,
  settingsSchema,
  type Settings,
  type SettingsUpdate,
} from '@/domain/settings';
import type { Database, Executor } from '../db/client';
import { appSettings } from '../db/schema';
import { siteTimeZone } from '../site-time';

export interface SettingsStore {
  /**
   * Current settings, defaults filled in. Outside a transaction they come from memory, dropped by every
   * instance the moment the row changes (hot-cache); inside one, from the transaction itself.
   */
  get(executor?: Executor): Promise<Settings>;
  /** The settings `get()` would answer from memory without waiting; undefined when it would read or wait. */
  getInMemory(): Settings | undefined;
  /** Merges a partial update and returns the new settings. */
  update(update: SettingsUpdate, executor?: Executor): Promise<Settings>;
}

declare module 'fastify' {
  interface FastifyInstance {
    settingsStore: SettingsStore;
  }
}

function withDefaults(data: unknown): Settings {
  const stored = (data ?? {}) as Partial<Settings>;
  // Until an admin picks the site's zone, the process's TZ (when it names one) stands for it.
  const defaults = { ...DEFAULT_SETTINGS, app: { ...DEFAULT_SETTINGS.app, timeZone: siteTimeZone() } };
  const merged = mergeSettings(defaults, {
    app: stored.app ?? {},
    features: stored.features ?? {},
    notifications: stored.notifications ?? {},
    maintenance: stored.maintenance ?? {},
    reports: stored.reports ?? {},
    approval: stored.approval ?? {},
  });
  const parsed = settingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_SETTINGS;
}

export const settingsStorePlugin = fp(
  async (app: FastifyInstance, opts: { db: Database }) => {
    const store: SettingsStore = {
      async get(executor = opts.db) {
        const read = async () => {
          const [row] = await executor.select().from(appSettings).where(eq(appSettings.id, 1));
          return withDefaults(row?.data);
        };
        return executor === opts.db ? app.hotCache.settings(read) : read();
      },
      getInMemory: () => app.hotCache.settingsInMemory<Settings>(),
      async update(update, executor = opts.db) {
        const next = mergeSettings(await store.get(executor), update);
        await executor
          .insert(appSettings)
          .values({ id: 1, data: next, updatedAt: new Date() })
          .onConflictDoUpdate({ target: appSettings.id, set: { data: next, updatedAt: new Date() } });
        return next;
      },
    };
    app.decorate('settingsStore', store);
  },
  { name: 'settings-store', dependencies: ['hot-cache'] },
);
