import { createContext, useContext, type ReactNode } from 'react';
import { useAppEngine } from './app-engine';
import type { SyncEngine } from './engine';

const SyncEngineContext = createContext<SyncEngine | null>(null);

/** Supplies an engine to the hooks below it (a test's own); without one they use the app's. */
export function SyncEngineProvider({ engine, children }: { engine: SyncEngine; children: ReactNode }) {
  return <SyncEngineContext.Provider value={engine}>{children}</SyncEngineContext.Provider>;
}

/**
 * The engine of the surrounding SyncEngineProvider, else the app's (loaded before any signed-in page
 * renders, see app-engine.ts); fails loudly when there is neither.
 */
export function useSyncEngine(): SyncEngine {
  const provided = useContext(SyncEngineContext);
  const app = useAppEngine();
  const engine = provided ?? app;
  if (!engine)
    throw new Error('useSyncEngine: the offline engine is not loaded (see src/client/offline/app-engine.ts)');
  return engine;
}

/** Like useSyncEngine, but null where no engine is loaded (a form rendered on its own keeps no draft). */
export function useOptionalSyncEngine(): SyncEngine | null {
  const provided = useContext(SyncEngineContext);
  const app = useAppEngine();
  return provided ?? app;
}
