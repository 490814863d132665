import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as AppEngineModule from '@/client/offline/app-engine';
import type { SyncEngine } from '@/client/offline/engine';
import type * as ContextModule from '@/client/offline/engine-context';

// The engine module as the loader sees it: what it starts, and an engine to hand back.
const instance = vi.hoisted(() => ({
  starts: [] as Array<{ justSignedIn?: boolean }>,
  engine: { name: 'app engine' },
  failNext: false,
}));
vi.mock('@/client/offline/instance', () => ({
  startOfflineEngine: (options: { justSignedIn?: boolean }) => {
    if (instance.failNext) {
      instance.failNext = false;
      throw new Error('the engine did not start');
    }
    instance.starts.push(options);
    return () => undefined;
  },
  getSyncEngine: () => instance.engine,
}));

let appEngine: typeof AppEngineModule;
let context: typeof ContextModule;

beforeEach(async () => {
  vi.resetModules();
  instance.starts = [];
  appEngine = await import('@/client/offline/app-engine');
  context = await import('@/client/offline/engine-context');
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the app engine, loaded on demand', () => {
  it('is not loaded until asked for, then loads and starts once however often it is asked', async () => {
    expect(appEngine.currentAppEngine()).toBeNull();
    const [a, b] = await Promise.all([appEngine.loadAppEngine(), appEngine.loadAppEngine()]);
    expect(a).toBe(instance.engine);
    expect(b).toBe(instance.engine);
    await appEngine.loadAppEngine();
    expect(instance.starts).toEqual([{ justSignedIn: false }]);
    expect(appEngine.currentAppEngine()).toBe(instance.engine);
  });

  it('tells the engine about a sign-in that happened while it loaded', async () => {
    const first = appEngine.loadAppEngine();
    const signedIn = appEngine.loadAppEngine({ justSignedIn: true });
    await Promise.all([first, signedIn]);
    expect(instance.starts).toEqual([{ justSignedIn: true }]);
  });

  it('can be loaded again after a failed load', async () => {
    instance.failNext = true;
    await expect(appEngine.loadAppEngine()).rejects.toThrow();
    expect(appEngine.currentAppEngine()).toBeNull();
    await expect(appEngine.loadAppEngine()).resolves.toBe(instance.engine);
    expect(instance.starts).toHaveLength(1);
  });

  it('is what useSyncEngine gives without a provider; a provider (a test engine) comes first', async () => {
    function Name() {
      const engine = context.useSyncEngine() as unknown as { name: string };
      return <span data-testid="engine">{engine.name}</span>;
    }
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Name />)).toThrow(/offline engine is not loaded/);
    cleanup();
    await appEngine.loadAppEngine();
    render(<Name />);
    expect(screen.getByTestId('engine')).toHaveTextContent('app engine');
    cleanup();
    const own = { name: 'test engine' } as unknown as SyncEngine;
    render(
      <context.SyncEngineProvider engine={own}>
        <Name />
      </context.SyncEngineProvider>,
    );
    expect(screen.getByTestId('engine')).toHaveTextContent('test engine');
  });
});
