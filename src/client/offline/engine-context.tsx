import { createContext, useContext, useDeferredValue, type ReactNode } from 'react';
import { useAppEngine } from './app-engine';
import type { SyncEngine } from './engine';

const SyncEngineContext = createContext<SyncEngine | null>(null);

/** Supplies an engine to the hooks below it (a test's own); without one they use the app's. */
export function SyncEngineProvider({ engine, children }: { engine: SyncEngine; children: ReactNode }) {
  return <SyncEngineContext.Provider value={engine}>{children}</SyncEngineContext.Provider>;
}

/**
 * The engine of the surrounding SyncEngineProvider, else the app's; null while the app's is still
 * loading (the dashboard and the shell's frame render before it, see src/client/routes/_app.tsx).
 */
export function useOptionalSyncEngine(): SyncEngine | null {
  const provided = useContext(SyncEngineContext);
  const app = useAppEngine();
  return provided ?? app;
}

/**
 * The engine of the surrounding SyncEngineProvider, else the app's (loaded before every signed-in page
 * but the dashboard renders, see app-engine.ts); fails loudly when there is neither.
 */
export function useSyncEngine(): SyncEngine {
  const engine = useOptionalSyncEngine();
  if (!engine)
    throw new Error('useSyncEngine: the offline engine is not loaded (see src/client/offline/app-engine.ts)');
  return engine;
}

/**
 * Renders `children` once an engine is there. Parts of the first screen that read the device's mirror
 * sit under it as lazy components, so their code (Dexie, the record schemas) loads with the engine,
 * after the screen has painted. The engine's arrival is deferred: what it reveals renders in slices
 * that leave the main thread free between them, not in one long task with the engine's start.
 */
export function WhenEngineReady({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return useDeferredValue(useOptionalSyncEngine()) ? children : fallback;
}
