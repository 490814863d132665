import fs from 'node:fs';
import { expect } from 'vitest';
import { buildApp } from '@/server/app';
import type { Config } from '@/server/config';
import type { DatabaseHandle } from '@/server/db/client';
import { notificationDeliveries } from '@/server/db/schema';
import type { NotificationChannelsOptions } from '@/server/modules/notification-channels/options';
import { createTestDatabase, testConfig, type TestApp } from './helpers';

export const PUBLIC_URL = 'https://fleet.example.test';

/**
 * The real app with the delivery worker's timers shortened (and the daily job pushed out of the way
 * unless a test asks for it), on PGlite or on PostgreSQL when DATABASE_URL is set.
 */
export async function createChannelsTestApp(
  channels: Partial<NotificationChannelsOptions> = {},
  overrides: Partial<Config> = {},
  /** Runs on the migrated database before the app and its timers start (rows a first job run must see). */
  beforeStart?: (db: DatabaseHandle) => Promise<unknown>,
): Promise<TestApp> {
  const db = await createTestDatabase();
  await beforeStart?.(db);
  const config = testConfig({ publicUrl: PUBLIC_URL, ...overrides });
  const app = await buildApp(config, {
    database: db,
    logger: false,
    notificationChannels: {
      pollIntervalMs: 25,
      retryBaseMs: 150,
      retryMaxMs: 5_000,
      sendTimeoutMs: 5_000,
      dailyInitialDelayMs: 60 * 60 * 1000,
      // The fake push service listens on this machine over plain HTTP, which real endpoints may not.
      pushEndpointCheck: async () => null,
      ...channels,
    },
  });
  await app.ready();
  return {
    app,
    db,
    config,
    close: async () => {
      await app.close();
      await db.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls `probe` until it returns something truthy (or throws the last failure after `timeoutMs`). */
type Truthy<T> = Exclude<T, false | 0 | '' | null | undefined>;

export async function waitFor<T>(probe: () => T | Promise<T>, timeoutMs = 8_000): Promise<Truthy<T>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as Truthy<T>;
    if (Date.now() > until) throw new Error(`waitFor: condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function putChannels(t: TestApp, token: string, payload: object) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/notification-channels',
    headers: { 'x-auth-token': token },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export async function deliveries(t: TestApp) {
  return t.db.db.select().from(notificationDeliveries).orderBy(notificationDeliveries.createdAt);
}

/** All channels off and every event routed nowhere but the in-app list. */
export const ALL_OFF = {
  email: { enabled: false },
  push: { enabled: false },
  slack: { enabled: false },
  teams: { enabled: false },
  discord: { enabled: false },
  webhook: { enabled: false },
};
