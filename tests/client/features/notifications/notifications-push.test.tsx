import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationBell } from '@/client/features/notifications/notification-bell';
import { vapidKeyBytes } from '@/client/features/notifications/push/push-subscription';
import { notificationsStore } from '@/client/features/notifications/notifications-store';
import { signOut } from '@/client/lib/session/session-store';
import { setNotificationBell } from '@/client/shell/top-bar-slot';
import { makeUser, renderApp, resetClientState } from '../../support/render';

/* A browser with push: a service worker registration whose PushManager the test controls. */

// A P-256 public key as the server sends it (base64url, 65 bytes).
const VAPID_PUBLIC_KEY =
  'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const P256DH = `B${'x'.repeat(86)}`;
const AUTH = 'a'.repeat(22);

class FakeSubscription {
  readonly options: { applicationServerKey: ArrayBuffer | null; userVisibleOnly: boolean };
  constructor(
    readonly endpoint: string,
    key: Uint8Array | null,
  ) {
    this.options = { applicationServerKey: key ? key.slice().buffer : null, userVisibleOnly: true };
  }
  toJSON() {
    return { endpoint: this.endpoint, expirationTime: null, keys: { p256dh: P256DH, auth: AUTH } };
  }
  unsubscribe = vi.fn(async () => {
    browser.subscription = null;
    return true;
  });
}

const browser = {
  permission: 'default' as NotificationPermission,
  answer: 'granted' as NotificationPermission,
  subscription: null as FakeSubscription | null,
  requestPermission: vi.fn(),
  subscribe: vi.fn(),
};

let requests: Array<{ method: string; url: string; body: unknown }>;

function installBrowser({ push = true }: { push?: boolean } = {}) {
  browser.permission = 'default';
  browser.answer = 'granted';
  browser.subscription = null;
  browser.requestPermission = vi.fn(async () => {
    browser.permission = browser.answer;
    return browser.answer;
  });
  browser.subscribe = vi.fn(async (options: { applicationServerKey: Uint8Array }) => {
    browser.subscription = new FakeSubscription(
      'https://push.example.test/send/device-1',
      options.applicationServerKey,
    );
    return browser.subscription;
  });
  const registration = {
    active: {},
    pushManager: { getSubscription: async () => browser.subscription, subscribe: browser.subscribe },
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: vi.fn(async () => registration),
      ready: Promise.resolve(registration),
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    },
  });
  if (push) vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', {
    get permission() {
      return browser.permission;
    },
    requestPermission: browser.requestPermission,
  });
}

function installServer() {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      requests.push({ method, url, body });
      const reply = (status: number, data: unknown) =>
        new Response(data === null ? null : JSON.stringify(data), {
          status,
          headers: { 'Content-Type': 'application/json' },
        });
      if (url.startsWith('/api/notifications')) return reply(200, []);
      if (url === '/api/push/vapid-public-key') return reply(200, { publicKey: VAPID_PUBLIC_KEY });
      if (url === '/api/push/subscriptions' && method === 'POST')
        return reply(201, { id: 's1', endpoint: 'x', createdAt: new Date().toISOString() });
      if (url === '/api/push/subscriptions' && method === 'DELETE') return reply(204, null);
      return reply(404, { message: 'not faked', code: 'NOT_FOUND' });
    }),
  );
}

const pushRequests = () => requests.filter((request) => request.url.startsWith('/api/push'));
const panel = () => screen.getByRole('region', { name: 'Push notifications on this device' });

async function openPage() {
  setNotificationBell(<NotificationBell />);
  await renderApp({ path: '/notifications', user: makeUser('manager', { id: 'user-manager' }) });
  await screen.findByRole('heading', { name: 'Notifications', level: 1 });
}

beforeEach(() => {
  resetClientState();
  installServer();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  setNotificationBell(null);
  notificationsStore.reset();
});

describe('push opt-in', () => {
  it('never asks on page load; after the click it asks, subscribes with the VAPID key and registers the subscription', async () => {
    installBrowser();
    await openPage();
    await waitFor(() => expect(within(panel()).getByTestId('push-state')).toHaveTextContent('Off'));
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(pushRequests()).toEqual([]);
    // Offered in the bell's dropdown too.
    await userEvent.click(screen.getByTestId('notification-bell'));
    expect(
      await screen.findAllByRole('button', { name: 'Enable push notifications on this device' }),
    ).toHaveLength(2);
    await userEvent.click(screen.getByTestId('notification-bell'));
    expect(browser.requestPermission).not.toHaveBeenCalled();

    await userEvent.click(
      within(panel()).getByRole('button', { name: 'Enable push notifications on this device' }),
    );

    await waitFor(() => expect(within(panel()).getByTestId('push-state')).toHaveTextContent('On'));
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.subscribe).toHaveBeenCalledTimes(1);
    const options = browser.subscribe.mock.calls[0]![0] as {
      userVisibleOnly: boolean;
      applicationServerKey: Uint8Array;
    };
    expect(options.userVisibleOnly).toBe(true);
    expect([...options.applicationServerKey]).toEqual([...vapidKeyBytes(VAPID_PUBLIC_KEY)]);
    expect(options.applicationServerKey).toHaveLength(65);
    expect(pushRequests()).toEqual([
      { method: 'GET', url: '/api/push/vapid-public-key', body: undefined },
      {
        method: 'POST',
        url: '/api/push/subscriptions',
        body: { endpoint: 'https://push.example.test/send/device-1', keys: { p256dh: P256DH, auth: AUTH } },
      },
    ]);
    // The offer in the bell's dropdown is gone once push is on.
    await userEvent.click(screen.getByTestId('notification-bell'));
    expect(
      screen.queryAllByRole('button', { name: 'Enable push notifications on this device' }),
    ).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'View all' })).toBeInTheDocument();
  });

  it('switches off: the server forgets the subscription and the browser drops it', async () => {
    installBrowser();
    await openPage();
    await userEvent.click(
      await within(panel()).findByRole('button', { name: 'Enable push notifications on this device' }),
    );
    const subscription = await waitFor(() => {
      expect(browser.subscription).not.toBeNull();
      return browser.subscription!;
    });
    await userEvent.click(await within(panel()).findByRole('button', { name: 'Turn off on this device' }));

    await waitFor(() => expect(within(panel()).getByTestId('push-state')).toHaveTextContent('Off'));
    expect(pushRequests().at(-1)).toEqual({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      body: { endpoint: 'https://push.example.test/send/device-1' },
    });
    expect(subscription.unsubscribe).toHaveBeenCalled();
  });

  it('shows "blocked" when the person says no, and never subscribes', async () => {
    installBrowser();
    browser.answer = 'denied';
    await openPage();
    await userEvent.click(
      await within(panel()).findByRole('button', { name: 'Enable push notifications on this device' }),
    );
    await waitFor(() => expect(within(panel()).getByTestId('push-state')).toHaveTextContent('Blocked'));
    expect(within(panel()).getByText(/blocked for this site/)).toBeInTheDocument();
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(pushRequests()).toEqual([]);
  });

  it('shows "not supported" without PushManager, with nothing to click', async () => {
    installBrowser({ push: false });
    await openPage();
    await waitFor(() => expect(within(panel()).getByTestId('push-state')).toHaveTextContent('Not supported'));
    expect(within(panel()).queryByRole('button')).not.toBeInTheDocument();
  });

  it('drops the device subscription at sign-out, so the next person does not get the pushes', async () => {
    installBrowser();
    await openPage();
    await userEvent.click(
      await within(panel()).findByRole('button', { name: 'Enable push notifications on this device' }),
    );
    await waitFor(() => expect(within(panel()).getByTestId('push-state')).toHaveTextContent('On'));
    const subscription = browser.subscription!;
    signOut();
    await waitFor(() => expect(subscription.unsubscribe).toHaveBeenCalled());
    expect(localStorage.getItem('fleetpilot:push-owner')).toBeNull();
  });
});
