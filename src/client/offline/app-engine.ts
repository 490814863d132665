import type { SyncEngine } from './engine';
import type * as EngineModule from './instance';
import { createStore, useStore } from '@/client/lib/store';
import { yieldToMain } from '@/client/lib/yield-to-main';

/**
 * The app's offline engine, loaded on demand so the login page's first load leaves out Dexie, the
 * record schemas and socket.io (the shell's budget: /login under 250 KB of gzipped JS). It loads at
 * start when a session is stored, after a sign-in, and before any signed-in page (the `_app` route
 * waits for it); offline, the service worker serves it from its cache like every other chunk.
 */
const appEngine = createStore<SyncEngine | null>(null);

let loading: Promise<SyncEngine> | null = null;
let signedInWhileLoading = false;

/**
 * Loads and starts the engine once (src/client/offline/instance.ts) and resolves with it.
 * `justSignedIn`: loaded because of a sign-in the engine did not see (it asks for persistent storage).
 */
export function loadAppEngine(options: { justSignedIn?: boolean } = {}): Promise<SyncEngine> {
  const current = appEngine.get();
  if (current) return Promise.resolve(current);
  if (options.justSignedIn) signedInWhileLoading = true;
  loading ??= loadInSteps()
    .then((module) => {
      module.startOfflineEngine({ justSignedIn: signedInWhileLoading });
      const engine = module.getSyncEngine();
      appEngine.set(engine);
      return engine;
    })
    .catch((error: unknown) => {
      // The chunk did not load (offline before it was ever cached): the next page asks again.
      loading = null;
      throw error;
    });
  return loading;
}

/**
 * The engine, loaded and started in steps that each run as a task of their own: evaluating its code
 * (Dexie, socket.io, the record schemas), opening the device database, and starting it. Together
 * they were one block of script of about half a second on a slow tablet's CPU, during which the first
 * screen could not react to a tap. (Loading the libraries and schemas as files of their own, to
 * evaluate them apart too, measured slower warm starts and forms: more files for every page.)
 */
async function loadInSteps(): Promise<typeof EngineModule> {
  const module = await import('./instance');
  await yieldToMain();
  // Opens the device database: parsing its schema is a step of its own.
  module.getSyncEngine();
  await yieldToMain();
  return module;
}

/** How long the engine waits for an idle main thread after the first signed-in paint. */
const IDLE_TIMEOUT_MS = 1000;

/**
 * Loads the engine after the next frame, when the main thread is idle (at the latest a second later):
 * the signed-in shell calls it once it has painted, so the first screen does not wait for Dexie.
 */
export function loadAppEngineAfterPaint(): void {
  const start = () => void loadAppEngine().catch((e: unknown) => console.error('Offline engine failed', e));
  requestAnimationFrame(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(start, 0);
  });
}

/** Resolves once the engine is loaded and started (by whoever loads it). */
export function appEngineLoaded(): Promise<void> {
  return new Promise((resolve) => {
    if (appEngine.get()) return resolve();
    const stop = appEngine.subscribe(() => {
      if (!appEngine.get()) return;
      stop();
      resolve();
    });
  });
}

/** The engine when it is loaded (tests hand theirs over with `setAppEngine`, without starting it). */
export function currentAppEngine(): SyncEngine | null {
  return appEngine.get();
}

export function setAppEngine(engine: SyncEngine | null): void {
  appEngine.set(engine);
}

export function useAppEngine(): SyncEngine | null {
  return useStore(appEngine);
}
