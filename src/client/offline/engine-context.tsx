import { createContext, useContext, type ReactNode } from 'react';
import type { SyncEngine } from './engine';

const SyncEngineContext = createContext<SyncEngine | null>(null);

/** Supplies the engine to the hooks (the app's singleton, or a test's own). */
export function SyncEngineProvider({ engine, children }: { engine: SyncEngine; children: ReactNode }) {
  return <SyncEngineContext.Provider value={engine}>{children}</SyncEngineContext.Provider>;
}

/** The engine of the surrounding SyncEngineProvider; fails loudly without one. */
export function useSyncEngine(): SyncEngine {
  const engine = useContext(SyncEngineContext);
  if (!engine)
    throw new Error('useSyncEngine needs a <SyncEngineProvider> (see src/client/offline/instance.ts)');
  return engine;
}
