import { getStoredToken } from '@/client/api/client';
import { onWorkerMessage } from '@/client/lib/worker-messages';
import { POST_LOGIN_EVENT } from '@/client/lib/session/events';
import { sessionStore } from '@/client/lib/session/session-store';
import { settingsStore } from '@/client/lib/session/settings-store';
import { writeWaitingHint } from '@/client/lib/session/waiting-hint';
import { liveQuery, type Subscription } from 'dexie';
import { OUTBOX_SYNC_TAG, SW_MESSAGE } from '@/domain/service-worker';
import { appServerClock } from './clock';
import { watchBrowserConnectivity } from './connectivity';
import { openOfflineDb } from './db';
import { createDeviceReport, withDeviceReport } from './device-report';
import { createSyncEngine, type SyncEngine } from './engine';
import { connectRealtime, disconnectRealtime, onRealtime } from './realtime';
import { checkPersistentStorage, requestPersistentStorage } from './storage';
import { createStore, useStore } from '@/client/lib/store';
import { createFetchTransport } from './transport';

/** Keys of documents cached in `meta` so forms work offline. */
export const META_KEYS = {
  user: 'user',
  settings: 'settings',
  profileSignature: 'profileSignature',
  checklistConfig: 'checklistConfig',
  logbookConfig: 'logbookConfig',
} as const;

/** Another tab upgraded the database schema: this tab's connection is closed until it reloads. */
export const reloadRequiredStore = createStore(false);

export function useReloadRequired(): boolean {
  return useStore(reloadRequiredStore);
}

let engine: SyncEngine | null = null;

/** The app's engine over the device database `fleetpilot`, created on first use. */
export function getSyncEngine(): SyncEngine {
  if (!engine) {
    const db = openOfflineDb({ onVersionChange: () => reloadRequiredStore.set(true) });
    engine = createSyncEngine({
      db,
      transport: withDeviceReport(createFetchTransport(), createDeviceReport({ db })),
      getUser: () => sessionStore.get().user,
      getToken: getStoredToken,
      clock: appServerClock,
    });
  }
  return engine;
}

async function registerBackgroundSync(): Promise<void> {
  const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!container) return;
  try {
    const registration = (await container.ready) as ServiceWorkerRegistration & {
      sync?: { register(tag: string): Promise<void> };
    };
    await registration.sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // No Background Sync (Firefox, Safari): the app replays when it opens or comes online.
  }
}

function onDocument(target: EventTarget, event: string, handler: () => void): () => void {
  target.addEventListener(event, handler);
  return () => target.removeEventListener(event, handler);
}

let stopRunning: (() => void) | null = null;

/**
 * Wires the engine to the page (once): replay and pull on start, `online`, tab visible or focused,
 * socket connect, `sync` pokes and the service worker's background sync; sign-in resumes a paused
 * outbox, asks for persistent storage and opens the socket; sign-out closes it. Returns a stop function.
 * The app loads this module on demand and starts it through `loadAppEngine` (app-engine.ts).
 */
export function startOfflineEngine(options: { justSignedIn?: boolean } = {}): () => void {
  if (stopRunning) return stopRunning;
  const sync = getSyncEngine();
  watchBrowserConnectivity();
  sync.start();
  const syncAll = (force: boolean) => {
    if (sessionStore.get().user)
      void sync.sync({ force }).catch((e: unknown) => console.error('Sync failed', e));
  };
  // A sign of connectivity: the back-off starts afresh, waiting entries go now, then the mirror pulls.
  const restored = () => {
    if (!sessionStore.get().user) return;
    sync.connectivityRestored();
    pull();
  };
  const pull = () => {
    if (sessionStore.get().user) void sync.pull().catch((e: unknown) => console.error('Pull failed', e));
  };
  const pullPoked = (poke: { cursor?: unknown } | undefined) => {
    if (!sessionStore.get().user) return;
    const cursor = typeof poke?.cursor === 'number' ? poke.cursor : undefined;
    void sync.pullPoked(cursor).catch((e: unknown) => console.error('Pull failed', e));
  };
  const cache = (key: string, value: unknown) =>
    void sync.db.meta.put({ key, value }).catch((e: unknown) => console.warn('Caching failed', e));

  let userId: string | null = null;
  let waitingWatch: Subscription | null = null;
  /** Keeps the login page's "changes wait on this device" in step with the user's outbox. */
  const watchWaiting = (user: { id: string; username: string } | null) => {
    waitingWatch?.unsubscribe();
    waitingWatch = null;
    if (!user) return;
    waitingWatch = liveQuery(() => sync.pendingCountForUser(user.id)).subscribe({
      next: (count) => writeWaitingHint({ userId: user.id, username: user.username, count }),
      error: (e: unknown) => console.warn('Counting waiting changes failed', e),
    });
  };
  const onSession = () => {
    const user = sessionStore.get().user;
    if (user) {
      cache(META_KEYS.user, user);
      cache(META_KEYS.profileSignature, user.signature);
    }
    if ((user?.id ?? null) === userId) return;
    userId = user?.id ?? null;
    watchWaiting(user);
    if (user) {
      connectRealtime(getStoredToken);
      void checkPersistentStorage();
      void sync.signedIn().catch((e: unknown) => console.error('Sync failed', e));
      void sync.refreshMeta();
    } else {
      disconnectRealtime();
    }
  };
  const onSettings = () => {
    const { settings } = settingsStore.get();
    if (settings) cache(META_KEYS.settings, settings);
  };

  const cleanups = [
    sessionStore.subscribe(onSession),
    settingsStore.subscribe(onSettings),
    onDocument(window, POST_LOGIN_EVENT, () => {
      void requestPersistentStorage();
      void sync.signedIn().catch((e: unknown) => console.error('Sync failed', e));
    }),
    onDocument(window, 'online', () => syncAll(true)),
    onDocument(window, 'focus', pull),
    onDocument(document, 'visibilitychange', () => {
      if (document.visibilityState === 'visible') restored();
    }),
    onRealtime('connect', restored),
    onRealtime('sync', pullPoked),
    onWorkerMessage(SW_MESSAGE.replayOutbox, () => syncAll(true)),
    sync.events.on('enqueued', () => void registerBackgroundSync()),
  ];
  onSession();
  onSettings();
  // Started because of a sign-in that happened before this module was loaded (app-engine.ts).
  if (options.justSignedIn) void requestPersistentStorage();
  stopRunning = () => {
    cleanups.forEach((cleanup) => cleanup());
    watchWaiting(null);
    disconnectRealtime();
    sync.stop();
    stopRunning = null;
  };
  return stopRunning;
}
