import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '@/client/i18n/locales/en.json';
import { InsecureContextBanner } from '@/client/shell/pwa/insecure-context-banner';
import {
  offlineReadiness,
  resetOfflineReadiness,
  trackOfflineReadiness,
} from '@/client/shell/pwa/offline-readiness';
import { OfflineReadinessIndicator } from '@/client/shell/pwa/offline-readiness-indicator';
import { OfflineReadinessStatus } from '@/client/shell/pwa/offline-readiness-status';
import { storeAlongsideInstall } from '@/client/shell/pwa/precache-helper';
import { SW_MESSAGE, type PrecacheListMessage, type PrecacheProgressMessage } from '@/domain/service-worker';
import { useEnglish, withProviders } from '../../support/render';

beforeAll(useEnglish);

/** A service worker as the page sees it: a state, state changes, messages it was sent. */
class FakeWorker extends EventTarget {
  posted: unknown[] = [];
  constructor(public state: ServiceWorkerState) {
    super();
  }
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  become(state: ServiceWorkerState) {
    this.state = state;
    act(() => {
      this.dispatchEvent(new Event('statechange'));
    });
  }
}

function fakeRegistration(workers: { installing?: FakeWorker; active?: FakeWorker } = {}) {
  return Object.assign(new EventTarget(), {
    installing: workers.installing ?? null,
    waiting: null,
    active: workers.active ?? null,
  }) as unknown as ServiceWorkerRegistration & { installing: FakeWorker | null; active: FakeWorker | null };
}

const container = new EventTarget();
function fromWorker(progress: Omit<PrecacheProgressMessage, 'type'>) {
  act(() => {
    container.dispatchEvent(
      new MessageEvent('message', { data: { type: SW_MESSAGE.precacheProgress, ...progress } }),
    );
  });
}

const html = () => document.documentElement.dataset.offlineReady;
let touch = false;

beforeEach(() => {
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query === '(pointer: coarse)' && touch,
        media: query,
        addEventListener() {},
        removeEventListener() {},
      }) as unknown as MediaQueryList,
  );
  resetOfflineReadiness();
});

afterEach(() => {
  cleanup();
  resetOfflineReadiness();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  touch = false;
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('offline readiness', () => {
  it('shows the progress of the first install, then ready, in the top bar, the sync panel and on <html>', async () => {
    const worker = new FakeWorker('installing');
    const registration = fakeRegistration({ installing: worker });
    trackOfflineReadiness(registration);
    render(
      withProviders(
        <>
          <OfflineReadinessIndicator />
          <OfflineReadinessStatus />
        </>,
      ),
    );

    // A page opened mid-install asks the worker how far it got.
    expect(worker.posted).toEqual([{ type: SW_MESSAGE.precacheStatus }]);
    expect(html()).toBe('false');
    fromWorker({ phase: 'installing', doneFiles: 40, totalFiles: 100, doneBytes: 420, totalBytes: 1000 });
    expect(offlineReadiness.get()).toEqual({ state: 'preparing', percent: 42 });
    expect(screen.getAllByText('Preparing offline use … 42 %').length).toBeGreaterThan(0);
    expect(screen.getByTestId('offline-readiness')).toHaveAttribute('data-percent', '42');
    expect(html()).toBe('false');

    fromWorker({ phase: 'installed', doneFiles: 100, totalFiles: 100, doneBytes: 1000, totalBytes: 1000 });
    expect(html()).toBe('false');
    Object.assign(registration, { installing: null, active: worker });
    worker.become('activated');
    expect(offlineReadiness.get()).toEqual({ state: 'ready' });
    expect(html()).toBe('true');
    expect(screen.getAllByText('Ready for offline use').length).toBe(2);
  });

  it('shows a new percentage at most twice a second, and a change of state at once', () => {
    vi.useFakeTimers();
    try {
      const worker = new FakeWorker('installing');
      trackOfflineReadiness(fakeRegistration({ installing: worker }));
      const progress = (doneBytes: number) =>
        fromWorker({ phase: 'installing', doneFiles: 1, totalFiles: 100, doneBytes, totalBytes: 1000 });

      progress(100);
      expect(offlineReadiness.get()).toEqual({ state: 'preparing', percent: 10 });
      // Reports in quick succession: the last one shows when the half second is over.
      progress(200);
      progress(300);
      expect(offlineReadiness.get()).toEqual({ state: 'preparing', percent: 10 });
      act(() => vi.advanceTimersByTime(499));
      expect(offlineReadiness.get()).toEqual({ state: 'preparing', percent: 10 });
      act(() => vi.advanceTimersByTime(1));
      expect(offlineReadiness.get()).toEqual({ state: 'preparing', percent: 30 });

      // A failure does not wait, and the percentage it stopped at is the last one reported.
      progress(400);
      fromWorker({ phase: 'failed', doneFiles: 1, totalFiles: 100, doneBytes: 400, totalBytes: 1000 });
      expect(offlineReadiness.get()).toEqual({ state: 'paused', percent: 40 });
      act(() => vi.advanceTimersByTime(1000));
      expect(offlineReadiness.get()).toEqual({ state: 'paused', percent: 40 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('is ready at once when a version is active, also while an update installs', () => {
    const registration = fakeRegistration({ active: new FakeWorker('activated') });
    trackOfflineReadiness(registration);
    expect(html()).toBe('true');
    const update = new FakeWorker('installing');
    Object.assign(registration, { installing: update });
    act(() => {
      registration.dispatchEvent(new Event('updatefound'));
    });
    fromWorker({ phase: 'installing', doneFiles: 1, totalFiles: 10, doneBytes: 1, totalBytes: 10 });
    expect(offlineReadiness.get()).toEqual({ state: 'ready' });
  });

  it('pauses when the first install fails and starts again when the connection returns', async () => {
    const first = new FakeWorker('installing');
    const registration = fakeRegistration({ installing: first });
    const second = new FakeWorker('installing');
    const register = vi.fn(async () => fakeRegistration({ installing: second }));
    trackOfflineReadiness(registration, { register });
    render(withProviders(<OfflineReadinessStatus />));

    fromWorker({ phase: 'installing', doneFiles: 30, totalFiles: 100, doneBytes: 300, totalBytes: 1000 });
    fromWorker({ phase: 'failed', doneFiles: 30, totalFiles: 100, doneBytes: 300, totalBytes: 1000 });
    Object.assign(registration, { installing: null });
    first.become('redundant');
    expect(offlineReadiness.get()).toEqual({ state: 'paused', percent: 30 });
    expect(screen.getByText(/paused at 30 %/)).toBeInTheDocument();

    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(register).toHaveBeenCalledTimes(1);
    expect(offlineReadiness.get()).toEqual({ state: 'preparing', percent: 30 });
    second.become('activated');
    expect(html()).toBe('true');
  });

  it('asks a tablet to stay open on its first session and says when it is done', async () => {
    touch = true;
    const worker = new FakeWorker('installing');
    const registration = fakeRegistration({ installing: worker });
    trackOfflineReadiness(registration);
    render(withProviders(<OfflineReadinessIndicator />));
    fromWorker({ phase: 'installing', doneFiles: 5, totalFiles: 10, doneBytes: 500, totalBytes: 1000 });
    const dialog = await screen.findByRole('dialog', { name: 'Keep FleetPilot open' });
    expect(dialog).toHaveTextContent('Preparing offline use … 50 %');
    Object.assign(registration, { installing: null, active: worker });
    worker.become('activated');
    expect(dialog).toHaveTextContent('Done: FleetPilot now works on this tablet without a connection.');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks a tablet with the first screen when no worker serves the page yet', async () => {
    touch = true;
    vi.stubEnv('PROD', true);
    render(withProviders(<OfflineReadinessIndicator />));
    // Before the worker has reported anything: the request is on the first screen already.
    const dialog = screen.getByRole('dialog', { name: 'Keep FleetPilot open' });
    expect(dialog).toHaveTextContent('Preparing offline use … 0 %');
    expect(dialog).toHaveAttribute('aria-modal', 'false');
    trackOfflineReadiness(fakeRegistration({ installing: new FakeWorker('installing') }));
    fromWorker({ phase: 'installing', doneFiles: 3, totalFiles: 10, doneBytes: 300, totalBytes: 1000 });
    await vi.waitFor(() => expect(dialog).toHaveTextContent('Preparing offline use … 30 %'));
  });

  it('takes the early request back when the worker already holds the app', async () => {
    touch = true;
    vi.stubEnv('PROD', true);
    render(withProviders(<OfflineReadinessIndicator />));
    expect(screen.getByRole('dialog', { name: 'Keep FleetPilot open' })).toBeInTheDocument();
    act(() => {
      trackOfflineReadiness(fakeRegistration({ active: new FakeWorker('activated') }));
    });
    expect(offlineReadiness.get()).toEqual({ state: 'ready' });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('does not interrupt a desktop', () => {
    trackOfflineReadiness(fakeRegistration({ installing: new FakeWorker('installing') }));
    render(withProviders(<OfflineReadinessIndicator />));
    fromWorker({ phase: 'installing', doneFiles: 5, totalFiles: 10, doneBytes: 500, totalBytes: 1000 });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

/** Cache Storage and the network as the page sees them: what was fetched, what each cache holds. */
function fakeStorage(status: (url: string) => number = () => 200) {
  const stores = new Map<string, Map<string, unknown>>();
  const fetched: string[] = [];
  vi.stubGlobal('caches', {
    open: async (name: string) => {
      const store = stores.get(name) ?? new Map<string, unknown>();
      stores.set(name, store);
      return {
        match: async (key: string) => store.get(key),
        put: async (key: string, response: unknown) => void store.set(key, response),
      };
    },
  });
  vi.stubGlobal('fetch', async (url: string) => {
    fetched.push(url);
    await new Promise((resolve) => setTimeout(resolve, 1));
    return { status: status(url), redirected: false, url };
  });
  return { stores, fetched };
}

const list = (...urls: string[]): PrecacheListMessage => ({
  type: SW_MESSAGE.precacheList,
  cacheName: 'precache',
  items: urls.map((url) => ({ url, cacheKey: `${url}?k`, cache: 'default' })),
});

describe('storing the desk screens after readiness', () => {
  it('asks the active worker for them, again when the connection returns, and reflects when all are stored', () => {
    const worker = new FakeWorker('activated');
    trackOfflineReadiness(fakeRegistration({ active: worker }));
    render(withProviders(<OfflineReadinessStatus />));
    expect(screen.getByTestId('offline-desk-pending')).toHaveTextContent(en.pwa.offline.deskPending);
    expect(html()).toBe('true');
    expect(document.documentElement.dataset.offlineComplete).toBe('false');
    expect(worker.posted).toEqual([{ type: SW_MESSAGE.storeRest }]);

    window.dispatchEvent(new Event('online'));
    expect(worker.posted).toHaveLength(2);

    act(() => {
      container.dispatchEvent(new MessageEvent('message', { data: { type: SW_MESSAGE.precacheComplete } }));
    });
    expect(document.documentElement.dataset.offlineComplete).toBe('true');
    expect(screen.queryByTestId('offline-desk-pending')).toBeNull();
    window.dispatchEvent(new Event('online'));
    expect(worker.posted).toHaveLength(2);
  });

  it('asks once the first install has activated', () => {
    const worker = new FakeWorker('installing');
    const registration = fakeRegistration({ installing: worker });
    trackOfflineReadiness(registration);
    expect(worker.posted).toEqual([{ type: SW_MESSAGE.precacheStatus }]);
    Object.assign(registration, { installing: null, active: worker });
    worker.become('activated');
    expect(worker.posted).toEqual([{ type: SW_MESSAGE.precacheStatus }, { type: SW_MESSAGE.storeRest }]);
  });
});

describe('storing files alongside a first install', () => {
  it('stores the listed files into the worker cache under its keys, skipping stored ones', async () => {
    const { stores, fetched } = fakeStorage();
    await (await caches.open('precache')).put('/b.js?k', { status: 200 } as Response);
    const count = await storeAlongsideInstall(list('/a.js', '/b.js', '/c.js'), () => true, 2);
    expect(count).toBe(2);
    expect(fetched.sort()).toEqual(['/a.js', '/c.js']);
    expect([...stores.get('precache')!.keys()].sort()).toEqual(['/a.js?k', '/b.js?k', '/c.js?k']);
  });

  it('stops at an answer the worker would not store, and when the install is over', async () => {
    const { stores } = fakeStorage((url) => (url === '/b.js' ? 404 : 200));
    await storeAlongsideInstall(list('/a.js', '/b.js', '/c.js', '/d.js'), () => true, 1);
    expect([...stores.get('precache')!.keys()]).toEqual(['/a.js?k']);

    const { fetched } = fakeStorage();
    let installing = true;
    await storeAlongsideInstall(
      list('/a.js', '/b.js', '/c.js'),
      () => {
        const going = installing;
        installing = false;
        return going;
      },
      1,
    );
    expect(fetched).toEqual(['/a.js']);
  });

  it('is started by the worker list on a first install, not while a version is active', async () => {
    const { fetched } = fakeStorage();
    const worker = new FakeWorker('installing');
    trackOfflineReadiness(fakeRegistration({ installing: worker }));
    act(() => {
      container.dispatchEvent(new MessageEvent('message', { data: list('/a.js') }));
    });
    await vi.waitFor(() => expect(fetched).toEqual(['/a.js']));

    resetOfflineReadiness();
    const update = fakeStorage();
    trackOfflineReadiness(
      fakeRegistration({ installing: new FakeWorker('installing'), active: new FakeWorker('activated') }),
    );
    act(() => {
      container.dispatchEvent(new MessageEvent('message', { data: list('/b.js') }));
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(update.fetched).toEqual([]);
  });
});

describe('without HTTPS', () => {
  it('shows a banner that links to the setup page, and says offline use is not available', async () => {
    Object.defineProperty(window, 'isSecureContext', { value: false, configurable: true });
    resetOfflineReadiness();
    render(
      withProviders(
        <>
          <InsecureContextBanner />
          <OfflineReadinessIndicator />
          <OfflineReadinessStatus />
        </>,
      ),
    );
    // The banner's view loads only when it is needed.
    expect(await screen.findByTestId('insecure-context-banner')).toHaveTextContent(en.pwa.insecure.banner);
    const links = screen.getAllByRole('link', { name: en.pwa.insecure.link });
    expect(links[0]).toHaveAttribute('href', '/setup');
    expect(screen.getByText(en.pwa.offline.unavailable)).toBeInTheDocument();
    expect(html()).toBe('false');
  });

  it('shows no banner over HTTPS', () => {
    render(withProviders(<InsecureContextBanner />));
    expect(screen.queryByTestId('insecure-context-banner')).toBeNull();
  });
});
