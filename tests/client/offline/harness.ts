import Dexie from 'dexie';
import { openOfflineDb, type OfflineDb } from '@/client/offline/db';
import { createSyncEngine, type SyncEngine } from '@/client/offline/engine';
import type { LockManagerLike } from '@/client/offline/lock';
import { FakeServer } from './fake-server';

let databases = 0;

/** An in-memory lock manager with `ifAvailable` semantics, shared between "tabs" in a test. */
export function createMemoryLocks(): LockManagerLike {
  const held = new Set<string>();
  return {
    async request(name, _options, callback) {
      if (held.has(name)) return callback(null);
      held.add(name);
      try {
        return await callback({ name });
      } finally {
        held.delete(name);
      }
    },
  };
}

export interface Harness {
  server: FakeServer;
  clock: { now: number };
  user: { id: string } | null;
  token: string | null;
  db: OfflineDb;
  engine: SyncEngine;
  /** Closes the database and opens it again with a fresh engine (a page reload). */
  reload(): Promise<void>;
  /** Opens a second engine on the same database (another tab). */
  openTab(): { db: OfflineDb; engine: SyncEngine };
  signIn(userId: string): void;
  dispose(): Promise<void>;
}

export function createHarness(
  options: { locks?: LockManagerLike | null; userId?: string; server?: FakeServer } = {},
): Harness {
  // Several devices (harnesses) may share one server.
  const server = options.server ?? new FakeServer();
  const name = `fleetpilot-test-${++databases}-${Math.random().toString(36).slice(2)}`;
  const tabs: OfflineDb[] = [];
  const h = {
    server,
    clock: { now: Date.parse('2025-01-01T00:00:00Z') },
    user: { id: options.userId ?? 'u1' } as { id: string } | null,
    token: null as string | null,
  } as Harness;
  h.token = server.signIn(h.user!.id);

  const makeEngine = (db: OfflineDb) =>
    createSyncEngine({
      db,
      transport: server.transport,
      getUser: () => h.user,
      getToken: () => h.token,
      now: () => h.clock.now,
      random: () => 0.5,
      locks: options.locks ?? null,
      compress: async (blob) => blob,
      probeIntervalMs: 20,
    });

  h.db = openOfflineDb({ name });
  h.engine = makeEngine(h.db);
  h.reload = async () => {
    h.engine.stop();
    h.db.close();
    h.db = openOfflineDb({ name });
    h.engine = makeEngine(h.db);
  };
  h.openTab = () => {
    const db = openOfflineDb({ name });
    tabs.push(db);
    return { db, engine: makeEngine(db) };
  };
  h.signIn = (userId: string) => {
    h.user = { id: userId };
    h.token = server.signIn(userId);
  };
  h.dispose = async () => {
    h.engine.stop();
    for (const db of [h.db, ...tabs]) db.close();
    await Dexie.delete(name);
  };
  return h;
}

export const excavator = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  model: 'CAT 320',
  serialNumber: `SN-${name}`,
  status: 'operational',
  ...extra,
});
