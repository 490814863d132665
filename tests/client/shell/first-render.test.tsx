import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstLoad } from '@/client/app-root';
import type * as SettingsStore from '@/client/lib/session/settings-store';

// Whether the start found cached settings is fixed when the settings store loads; each case sets it.
const start = vi.hoisted(() => ({ cached: false }));
vi.mock('@/client/lib/session/settings-store', async (importOriginal) => ({
  ...(await importOriginal<typeof SettingsStore>()),
  settingsCachedAtStart: () => start.cached,
}));
const { useGateSettingsLoading } = await import('@/client/shell/page-gate');

afterEach(() => vi.useRealTimers());

/** A router whose one page checks something before it loads, counting the checks. */
function countingRouter(check: () => Promise<void>) {
  const checks = vi.fn(check);
  const rootRoute = createRootRoute();
  const page = createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    beforeLoad: () => checks(),
    component: () => <p>The page</p>,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([page]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  return { router, checks };
}

describe("the routed app's first render", () => {
  it('comes after the router has loaded the address, which it then does not load again', async () => {
    const { router, checks } = countingRouter(() => Promise.resolve());
    await firstLoad(router);
    expect(checks).toHaveBeenCalledTimes(1);
    expect(router.state.status).toBe('idle');
    await act(async () => {
      render(<RouterProvider router={router} />);
    });
    expect(await screen.findByText('The page')).toBeInTheDocument();
    expect(checks).toHaveBeenCalledTimes(1);
  });

  it("waits no longer than the router's pending delay for a slow check", async () => {
    vi.useFakeTimers();
    const { router } = countingRouter(() => new Promise<void>(() => undefined));
    let shown = false;
    void firstLoad(router).then(() => (shown = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(shown).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(shown).toBe(true);
  });
});

describe("the page gate's first render", () => {
  /** What the gate saw in each render of a component mounted with settings already known. */
  function gateRenders() {
    const seen: boolean[] = [];
    renderHook(() => {
      const loading = useGateSettingsLoading(false);
      seen.push(loading);
      return loading;
    });
    return seen;
  }

  it('on a first visit shows the skeleton, and the page in a render of its own after it', () => {
    start.cached = false;
    expect(gateRenders()).toEqual([true, false]);
  });

  it('with cached settings shows the page in the first render', () => {
    start.cached = true;
    expect(gateRenders()).toEqual([false]);
  });
});
