import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Workbox } from 'workbox-window';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { InstallButton } from '@/client/shell/pwa/install-button';
import {
  registerServiceWorker,
  resetServiceWorkerRegistration,
} from '@/client/shell/pwa/service-worker-registration';
import {
  hasUnsavedChanges,
  registerUnsavedChanges,
  unregisterUnsavedChanges,
  useUnsavedChanges,
} from '@/client/lib/unsaved-changes';
import { offlineReadiness, resetOfflineReadiness } from '@/client/shell/pwa/offline-readiness';
import { UpdatePrompt } from '@/client/shell/pwa/update-prompt';
import { useWorkerNavigation } from '@/client/shell/pwa/use-worker-navigation';
import { useEnglish, withProviders } from '../../support/render';

beforeAll(useEnglish);

/** The parts of a service worker container the app touches, with a way to post from "the worker". */
function fakeServiceWorkerContainer(waiting: object | null) {
  const target = new EventTarget();
  return {
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    getRegistration: vi.fn(async () => ({ waiting })),
    post(data: unknown) {
      target.dispatchEvent(new MessageEvent('message', { data }));
    },
  };
}

/** A Workbox stand-in: records listeners so a test can play the browser's lifecycle events. */
function fakeWorkbox() {
  const listeners = new Map<string, (event: { isUpdate?: boolean }) => void>();
  const wb = {
    addEventListener: (type: string, listener: (event: { isUpdate?: boolean }) => void) =>
      listeners.set(type, listener),
    register: vi.fn(async () =>
      Object.assign(new EventTarget(), {
        update: vi.fn(async () => undefined),
        installing: null,
        waiting: null,
        active: null,
      }),
    ),
    messageSkipWaiting: vi.fn(),
    fire(type: string, event: { isUpdate?: boolean } = {}) {
      act(() => listeners.get(type)?.(event));
    },
  };
  return wb;
}

let container: ReturnType<typeof fakeServiceWorkerContainer>;

beforeEach(() => {
  container = fakeServiceWorkerContainer({});
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
});

afterEach(() => {
  cleanup();
  resetServiceWorkerRegistration();
  resetOfflineReadiness();
  unregisterUnsavedChanges('test-form');
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

async function showUpdate() {
  const wb = fakeWorkbox();
  const reload = vi.fn();
  await registerServiceWorker({ createWorkbox: () => wb as unknown as Workbox, reload });
  render(withProviders(<UpdatePrompt />));
  expect(screen.queryByText('A new version is available')).toBeNull();
  wb.fire('waiting');
  await screen.findByText('A new version is available');
  return { wb, reload };
}

describe('service worker registration', () => {
  it('registers /service-worker.js with scope / and only logs a failure', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const created: Array<[string, string]> = [];
    const wb = fakeWorkbox();
    resetOfflineReadiness();
    expect(offlineReadiness.get()).toEqual({ state: 'idle' });
    wb.register.mockRejectedValueOnce(new Error('blocked'));
    const result = await registerServiceWorker({
      createWorkbox: (url, scope) => {
        created.push([url, scope]);
        return wb as unknown as Workbox;
      },
    });
    expect(created).toEqual([['/service-worker.js', '/']]);
    expect(result).toBe(wb);
    expect(errors).toHaveBeenCalledWith('Service worker registration failed', expect.any(Error));
    // Nothing is being stored: the keep-open request must not wait for it.
    expect(offlineReadiness.get()).toEqual({ state: 'unsupported' });
    errors.mockRestore();
  });

  it('does nothing where service workers are not supported', async () => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    const create = vi.fn();
    expect(await registerServiceWorker({ createWorkbox: create })).toBeNull();
    expect(create).not.toHaveBeenCalled();
  });
});

describe('update prompt', () => {
  it('activates the waiting version and reloads once it controls the tab', async () => {
    const user = userEvent.setup();
    const { wb, reload } = await showUpdate();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    wb.fire('controlling', { isUpdate: true });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('asks before reloading a tab with unsaved input and never reloads on its own', async () => {
    const user = userEvent.setup();
    const { wb, reload } = await showUpdate();
    registerUnsavedChanges('test-form');
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();
    expect(screen.getByText(/not saved yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByText('A new version is available')).toBeNull();
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();

    wb.fire('waiting');
    await user.click(await screen.findByRole('button', { name: 'Reload' }));
    await user.click(screen.getByRole('button', { name: 'Reload anyway' }));
    expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(1);
    wb.fire('controlling', { isUpdate: true });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload when another tab activated the new version', async () => {
    const { wb, reload } = await showUpdate();
    wb.fire('controlling', { isUpdate: true });
    expect(reload).not.toHaveBeenCalled();
  });

  it('just reloads when the new version is already active (no worker waiting)', async () => {
    const user = userEvent.setup();
    container.getRegistration.mockResolvedValue({ waiting: null });
    const { wb, reload } = await showUpdate();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();
  });
});

describe('unsaved changes registry', () => {
  function Form({ dirty }: { dirty: boolean }) {
    useUnsavedChanges(dirty);
    return null;
  }

  it('follows a form while it is dirty and forgets it when it unmounts', () => {
    const view = render(<Form dirty={false} />);
    expect(hasUnsavedChanges()).toBe(false);
    view.rerender(<Form dirty />);
    expect(hasUnsavedChanges()).toBe(true);
    view.rerender(<Form dirty={false} />);
    expect(hasUnsavedChanges()).toBe(false);
    view.rerender(<Form dirty />);
    view.unmount();
    expect(hasUnsavedChanges()).toBe(false);
  });
});

describe('NAVIGATE messages', () => {
  function renderApp() {
    const rootRoute = createRootRoute({
      component: function Root() {
        useWorkerNavigation();
        return <Outlet />;
      },
    });
    const page = (path: string, text: string) =>
      createRoute({ getParentRoute: () => rootRoute, path, component: () => <p>{text}</p> });
    const router = createRouter({
      routeTree: rootRoute.addChildren([page('/', 'Dashboard page'), page('/reports', 'Reports page')]),
      history: createMemoryHistory({ initialEntries: ['/'] }),
    });
    render(<RouterProvider router={router} />);
    return router;
  }

  it('moves the app to the posted path, keeping search and hash', async () => {
    const router = renderApp();
    await screen.findByText('Dashboard page');
    act(() => container.post({ type: 'NAVIGATE', url: '/reports?status=pending#top' }));
    await screen.findByText('Reports page');
    expect(router.state.location.pathname).toBe('/reports');
    expect(router.state.location.searchStr).toBe('?status=pending');
    expect(router.state.location.hash).toBe('top');
  });

  it('ignores other origins and other message types', async () => {
    const router = renderApp();
    await screen.findByText('Dashboard page');
    act(() => {
      container.post({ type: 'NAVIGATE', url: 'https://evil.example/reports' });
      container.post({ type: 'REPLAY_OUTBOX', tag: 'outbox' });
      container.post({ url: '/reports' });
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('install button', () => {
  it('appears when the browser offers installation and prompts once', async () => {
    const user = userEvent.setup();
    render(withProviders(<InstallButton />));
    expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull();

    const prompt = vi.fn(async () => undefined);
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' as const, platform: 'web' }),
    });
    act(() => {
      window.dispatchEvent(offer);
    });
    expect(offer.defaultPrevented).toBe(true);
    await user.click(await screen.findByRole('button', { name: 'Install app' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull());
  });
});
