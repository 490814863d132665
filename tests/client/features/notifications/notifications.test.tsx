import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_DROPDOWN_MAX, NOTIFICATION_HIGHLIGHT_MS, UNREAD_POLL_MS } from '@/domain/constants';
import type { Notification } from '@/domain/notification';
import { groupNotifications, notificationGroup } from '@/client/features/notifications/group-notifications';
import { NotificationBell } from '@/client/features/notifications/notification-bell';
import {
  createNotificationsStore,
  notificationsStore,
} from '@/client/features/notifications/notifications-store';
import type * as RealtimeModule from '@/client/offline/realtime';
import { realtimeStore } from '@/client/offline/realtime';
import { setNotificationBell } from '@/client/shell/top-bar-slot';
import { i18n } from '@/client/i18n';
import { makeSettings, makeUser, renderApp, resetClientState } from '../../support/render';

/* The app's one socket, replaced by one the test drives: events reach the same `onRealtime` listeners. */
const socket = vi.hoisted(() => {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  return {
    listeners,
    emit(event: string, ...args: unknown[]) {
      for (const listener of [...(listeners.get(event) ?? [])]) listener(...args);
    },
  };
});
vi.mock('@/client/offline/realtime', async (importOriginal) => {
  const original = await importOriginal<typeof RealtimeModule>();
  return {
    ...original,
    onRealtime: (event: string, listener: (...args: unknown[]) => void) => {
      let set = socket.listeners.get(event);
      if (!set) socket.listeners.set(event, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
  };
});

/* ── A fake server behind fetch ─────────────────────────────────────────────────────────────────── */

let server: Notification[];
let requests: string[];
let failListRequests = 0;

function makeNotification(n: number, overrides: Partial<Notification> = {}): Notification {
  const id = `0190aaaa-0000-7000-8000-${String(n).padStart(12, '0')}`;
  return {
    id,
    _id: id,
    type: 'report.submitted',
    title: `Notification ${n}`,
    message: `Message ${n}`,
    link: null,
    read: false,
    createdAt: new Date(Date.UTC(2025, 2, 1, 8, n)).toISOString(),
    ...overrides,
  };
}

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
const newestFirst = (items: Notification[]) =>
  [...items].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

function installServer(initial: Notification[]) {
  server = initial;
  requests = [];
  failListRequests = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      requests.push(`${method} ${url}`);
      if (method === 'GET' && url.startsWith('/api/notifications')) {
        if (failListRequests > 0) {
          failListRequests -= 1;
          return json(500, { message: 'Database unavailable', code: 'INTERNAL' });
        }
        const onlyUnread = url.includes('onlyUnread=true');
        return json(200, newestFirst(server.filter((item) => !onlyUnread || !item.read)));
      }
      if (method === 'PATCH' && url === '/api/notifications/read-all') {
        const updated = server.filter((item) => !item.read).length;
        server = server.map((item) => ({ ...item, read: true }));
        return json(200, { updated });
      }
      const readOne = /^\/api\/notifications\/([^/]+)\/read$/.exec(url);
      if (method === 'PATCH' && readOne) {
        const found = server.find((item) => item.id === readOne[1]);
        if (!found) return json(404, { message: 'Notification not found', code: 'NOT_FOUND' });
        server = server.map((item) => (item.id === found.id ? { ...item, read: true } : item));
        return json(200, { ...found, read: true });
      }
      return json(404, { message: `No fake for ${method} ${url}`, code: 'NOT_FOUND' });
    }),
  );
}

const listRequests = () => requests.filter((request) => request.startsWith('GET /api/notifications'));

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

async function renderShell(path = '/') {
  setNotificationBell(<NotificationBell />);
  const app = await renderApp({ path, user: makeUser('manager', { id: 'user-manager' }) });
  await waitFor(() => expect(listRequests().length).toBeGreaterThan(0));
  return app;
}

const bell = () => screen.getByTestId('notification-bell');
const badge = () => screen.getByTestId('notification-badge');
const dropdownList = () => screen.getByTestId('notification-dropdown-list');
const navItem = () =>
  document.querySelector<HTMLElement>('.mantine-AppShell-navbar [data-nav-key="notifications"]')!;

beforeEach(() => {
  resetClientState();
  setVisibility('visible');
  realtimeStore.set({ connected: true });
});
afterEach(() => {
  // Unmounted first, so that nothing it starts on the way out reaches the real network.
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setNotificationBell(null);
  notificationsStore.reset();
  socket.listeners.clear();
});

/* ── The store on its own ───────────────────────────────────────────────────────────────────────── */

describe('notifications store', () => {
  const api = (items: Notification[]) => ({
    list: vi.fn(async (onlyUnread: boolean) => items.filter((item) => !onlyUnread || !item.read)),
    markRead: vi.fn(async () => undefined),
    markAllRead: vi.fn(async () => undefined),
  });

  it('highlights a new notification for exactly NOTIFICATION_HIGHLIGHT_MS', async () => {
    const store = createNotificationsStore(api([]));
    await store.refreshUnread();
    vi.useFakeTimers();
    const fresh = makeNotification(1);
    expect(store.receive(fresh)).toBe(true);
    expect(store.get().highlighted).toEqual([fresh.id]);
    vi.advanceTimersByTime(NOTIFICATION_HIGHLIGHT_MS - 1);
    expect(store.get().highlighted).toEqual([fresh.id]);
    vi.advanceTimersByTime(1);
    expect(store.get().highlighted).toEqual([]);
  });

  it('never holds a notification twice, whether it came by socket or by poll first', async () => {
    const first = makeNotification(1);
    const second = makeNotification(2);
    const items = [first];
    const fake = api(items);
    const store = createNotificationsStore(fake);
    const arrivals: string[] = [];
    store.onArrival((notification) => arrivals.push(notification.id));
    await store.refreshUnread();

    // Polled first, then the late socket event for the same notification.
    items.push(second);
    await store.refreshUnread();
    expect(store.receive(second)).toBe(false);
    // Socket first, then a poll listing it.
    const third = makeNotification(3);
    expect(store.receive(third)).toBe(true);
    expect(store.receive({ ...third })).toBe(false);
    items.push(third);
    await store.refreshUnread();

    expect(store.get().unread.map((item) => item.id)).toEqual([third.id, second.id, first.id]);
    expect(arrivals).toEqual([second.id, third.id]);
  });

  it('keeps a live arrival and a local mark when an older answer comes back afterwards', async () => {
    const old = makeNotification(1);
    let answer!: (items: Notification[]) => void;
    const fake = api([]);
    fake.list.mockImplementationOnce(async () => []);
    const store = createNotificationsStore(fake);
    await store.refreshUnread();

    fake.list.mockImplementationOnce(() => new Promise<Notification[]>((resolve) => (answer = resolve)));
    const pending = store.refreshUnread();
    const live = makeNotification(2);
    store.receive(live);
    store.receive(old);
    await store.markRead(old.id);
    answer([old]); // the server answered before it knew of the live one and of the mark
    await pending;
    expect(store.get().unread.map((item) => item.id)).toEqual([live.id]);
  });

  it('puts a notification back when the server refuses to mark it read', async () => {
    const item = makeNotification(1);
    const fake = api([item]);
    fake.markRead.mockRejectedValueOnce(new Error('offline'));
    const store = createNotificationsStore(fake);
    await store.refreshUnread();
    await expect(store.markRead(item.id)).rejects.toThrow('offline');
    expect(store.get().unread.map((entry) => entry.id)).toEqual([item.id]);
  });
});

/* ── Grouping ───────────────────────────────────────────────────────────────────────────────────── */

describe('grouping', () => {
  // Wednesday 12 March 2025, 10:00 local time.
  const now = new Date(2025, 2, 12, 10, 0);
  const at = (day: number, hour: number, minute = 0) => new Date(2025, 2, day, hour, minute).toISOString();

  it('puts notifications under today, yesterday, this week and older by the local calendar', () => {
    expect(notificationGroup(at(12, 0, 1), now)).toBe('today');
    expect(notificationGroup(at(12, 9, 59), now)).toBe('today');
    expect(notificationGroup(at(11, 23, 59), now)).toBe('yesterday');
    expect(notificationGroup(at(11, 0, 0), now)).toBe('yesterday');
    expect(notificationGroup(at(10, 12), now)).toBe('thisWeek');
    expect(notificationGroup(at(6, 0, 0), now)).toBe('thisWeek');
    expect(notificationGroup(at(5, 23, 59), now)).toBe('older');
    expect(notificationGroup(new Date(2024, 11, 24).toISOString(), now)).toBe('older');
    // A device clock a little behind the server: still today.
    expect(notificationGroup(at(12, 10, 5), now)).toBe('today');
  });

  it('lists the groups in order, leaving out empty ones', () => {
    const items = [
      makeNotification(4, { createdAt: at(12, 8) }),
      makeNotification(3, { createdAt: at(9, 8) }),
      makeNotification(2, { createdAt: at(1, 8) }),
      makeNotification(1, { createdAt: at(1, 7) }),
    ];
    expect(groupNotifications(items, now).map(({ group, items: list }) => [group, list.length])).toEqual([
      ['today', 1],
      ['thisWeek', 1],
      ['older', 2],
    ]);
  });
});

/* ── The bell in the signed-in shell ────────────────────────────────────────────────────────────── */

describe('notification bell', () => {
  it('shows the unread count as the badge and the latest 10 in the dropdown', async () => {
    const unread = Array.from({ length: 12 }, (_, index) => makeNotification(index + 1));
    installServer([...unread, makeNotification(50, { read: true })]);
    await renderShell();

    await waitFor(() => expect(badge()).toHaveTextContent('12'));
    expect(requests).toContain('GET /api/notifications?onlyUnread=true');
    expect(bell()).toHaveAccessibleName('Notifications (12 unread)');
    expect(within(navItem()).getByText('12')).toBeInTheDocument();

    await userEvent.click(bell());
    const items = within(dropdownList()).getAllByRole('button');
    expect(items).toHaveLength(NOTIFICATION_DROPDOWN_MAX);
    expect(items[0]).toHaveTextContent('Notification 12');
    expect(items[0]).toHaveTextContent('Message 12');
    expect(items[9]).toHaveTextContent('Notification 3');
    expect(screen.getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/notifications');
  });

  it("words a notification with a message key in the reader's language, whatever language it was stored in", async () => {
    // Stored while the site spoke German; the reader reads English, then switches to Greek.
    installServer([
      makeNotification(1, {
        type: 'stock.low',
        key: 'stock.low',
        params: { item: 'Hydraulikfilter HF-7', quantity: 1, minimum: 4 },
        title: 'Niedriger Bestand: Hydraulikfilter HF-7',
        message: 'Nur noch 1 auf Lager (Minimum 4).',
      }),
    ]);
    await renderShell();
    await userEvent.click(bell());
    const [item] = within(dropdownList()).getAllByRole('button');
    expect(item).toHaveTextContent('Low stock: Hydraulikfilter HF-7');
    expect(item).not.toHaveTextContent('Niedriger Bestand');
    await act(() => i18n.changeLanguage('gr'));
    expect(within(dropdownList()).getAllByRole('button')[0]).toHaveTextContent(
      'Χαμηλό απόθεμα: Hydraulikfilter HF-7',
    );
  });

  it('adds a live notification once: count +1, prepended, capped at 10, highlighted 1200 ms, sidebar pulses', async () => {
    installServer(Array.from({ length: 10 }, (_, index) => makeNotification(index + 1)));
    await renderShell();
    await waitFor(() => expect(badge()).toHaveTextContent('10'));
    await userEvent.click(bell());
    expect(navItem()).not.toHaveAttribute('data-pulse');

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const live = makeNotification(11, {
      title: 'Report EX-7 submitted',
      createdAt: new Date().toISOString(),
    });
    server.push(live);
    act(() => socket.emit('notification:new', live));

    expect(badge()).toHaveTextContent('11');
    const items = within(dropdownList()).getAllByRole('button');
    expect(items).toHaveLength(NOTIFICATION_DROPDOWN_MAX);
    expect(items[0]).toHaveTextContent('Report EX-7 submitted');
    expect(items[0]).toHaveAttribute('data-highlighted');
    expect(within(dropdownList()).queryByText('Notification 1')).not.toBeInTheDocument();
    expect(navItem()).toHaveAttribute('data-pulse');
    expect(screen.getByText('New notification: Report EX-7 submitted')).toBeInTheDocument();

    // The same notification again (a repeated event) is not shown twice.
    act(() => socket.emit('notification:new', { ...live }));
    expect(badge()).toHaveTextContent('11');
    expect(within(dropdownList()).getAllByText('Report EX-7 submitted')).toHaveLength(1);

    act(() => vi.advanceTimersByTime(NOTIFICATION_HIGHLIGHT_MS - 1));
    expect(within(dropdownList()).getAllByRole('button')[0]).toHaveAttribute('data-highlighted');
    act(() => vi.advanceTimersByTime(1));
    expect(within(dropdownList()).getAllByRole('button')[0]).not.toHaveAttribute('data-highlighted');
    expect(navItem()).not.toHaveAttribute('data-pulse');
    vi.useRealTimers();

    // A refresh that lists it (tab visible again) does not add it a second time.
    act(() => setVisibility('visible'));
    await waitFor(() => expect(listRequests().length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(badge()).toHaveTextContent('11'));
    expect(within(dropdownList()).getAllByText('Report EX-7 submitted')).toHaveLength(1);
  });

  it('ignores an event that is not a notification', async () => {
    installServer([makeNotification(1)]);
    await renderShell();
    await waitFor(() => expect(badge()).toHaveTextContent('1'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    act(() => socket.emit('notification:new', { title: 'no id' }));
    expect(badge()).toHaveTextContent('1');
    expect(warn).toHaveBeenCalled();
  });

  it('marks all as read: the count becomes zero and the list empties', async () => {
    installServer([makeNotification(1), makeNotification(2), makeNotification(3)]);
    await renderShell();
    await waitFor(() => expect(badge()).toHaveTextContent('3'));
    await userEvent.click(bell());
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));

    await waitFor(() => expect(requests).toContain('PATCH /api/notifications/read-all'));
    expect(within(dropdownList()).queryAllByRole('button')).toHaveLength(0);
    expect(within(dropdownList()).getByText("You're all caught up")).toBeInTheDocument();
    expect(bell()).toHaveAccessibleName('Notifications');
    expect(within(navItem()).queryByText('3')).not.toBeInTheDocument();
    expect(server.every((item) => item.read)).toBe(true);
  });

  it('opens a notification: marks it read and follows its link inside the app', async () => {
    installServer([makeNotification(1, { title: 'Check EX-2', link: '/excavators?id=ex-2' })]);
    const { router } = await renderShell();
    await waitFor(() => expect(badge()).toHaveTextContent('1'));
    await userEvent.click(bell());
    await userEvent.click(within(dropdownList()).getByRole('button', { name: /Check EX-2/ }));

    await waitFor(() => expect(router.state.location.href).toBe('/excavators?id=ex-2'));
    await waitFor(() => expect(server[0]!.read).toBe(true));
    expect(requests).toContain(`PATCH /api/notifications/${server[0]!.id}/read`);
    expect(bell()).toHaveAccessibleName('Notifications');
  });

  it('polls every 60 s only while the socket is down and the tab visible, and refreshes when the tab shows', async () => {
    installServer([makeNotification(1)]);
    await renderShell();
    await waitFor(() => expect(badge()).toHaveTextContent('1'));
    const initial = listRequests().length;

    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    // Socket up: nothing is polled.
    act(() => vi.advanceTimersByTime(3 * UNREAD_POLL_MS));
    expect(listRequests()).toHaveLength(initial);

    // Socket down, tab visible: one request per minute.
    act(() => {
      realtimeStore.set({ connected: false });
      socket.emit('disconnect', 'transport close');
    });
    act(() => vi.advanceTimersByTime(UNREAD_POLL_MS - 1));
    expect(listRequests()).toHaveLength(initial);
    server.push(makeNotification(2, { title: 'Found by a poll' }));
    await act(async () => vi.advanceTimersByTime(1));
    expect(listRequests()).toHaveLength(initial + 1);
    await waitFor(() => expect(badge()).toHaveTextContent('2'));
    expect(navItem()).toHaveAttribute('data-pulse');
    await act(async () => vi.advanceTimersByTime(UNREAD_POLL_MS));
    expect(listRequests()).toHaveLength(initial + 2);

    // Tab hidden: no polling.
    act(() => setVisibility('hidden'));
    await act(async () => vi.advanceTimersByTime(5 * UNREAD_POLL_MS));
    expect(listRequests()).toHaveLength(initial + 2);

    // Tab visible again: refreshed at once, then polled again.
    await act(async () => setVisibility('visible'));
    expect(listRequests()).toHaveLength(initial + 3);
    await act(async () => vi.advanceTimersByTime(UNREAD_POLL_MS));
    expect(listRequests()).toHaveLength(initial + 4);

    // Socket back: it catches up once, and polling stops.
    await act(async () => {
      realtimeStore.set({ connected: true });
      socket.emit('connect');
    });
    expect(listRequests()).toHaveLength(initial + 5);
    await act(async () => vi.advanceTimersByTime(5 * UNREAD_POLL_MS));
    expect(listRequests()).toHaveLength(initial + 5);
  });

  it('is hidden and quiet while the notifications feature is off', async () => {
    installServer([makeNotification(1)]);
    setNotificationBell(<NotificationBell />);
    await renderApp({
      path: '/',
      user: makeUser('manager'),
      settings: makeSettings({ notifications: false }),
    });
    await screen.findByRole('heading', { name: /Welcome/ });
    expect(screen.queryByTestId('notification-bell')).not.toBeInTheDocument();
    expect(listRequests()).toHaveLength(0);
  });
});

/* ── The /notifications page ────────────────────────────────────────────────────────────────────── */

describe('/notifications page', () => {
  const now = new Date(2025, 2, 12, 10, 0);
  const at = (day: number, hour: number) => new Date(2025, 2, day, hour, 0).toISOString();

  function seed() {
    installServer([
      makeNotification(5, { title: 'Report submitted today', createdAt: at(12, 9), link: '/reports' }),
      makeNotification(4, { title: 'Logbook from yesterday', createdAt: at(11, 16), read: true }),
      makeNotification(3, { title: 'Stock low on Monday', createdAt: at(10, 7) }),
      makeNotification(2, { title: 'Maintenance last month', createdAt: at(1, 7), read: true }),
      makeNotification(1, { title: 'Old approval', createdAt: new Date(2025, 0, 20).toISOString() }),
    ]);
  }

  async function openPage() {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    const app = await renderShell('/notifications');
    await screen.findByText('Report submitted today');
    return app;
  }

  const group = (name: string) => screen.getByRole('heading', { name }).closest('section') as HTMLElement;
  const titlesIn = (section: HTMLElement) =>
    within(section)
      .getAllByRole('listitem')
      .map((item) => item.getAttribute('aria-label'));

  it('groups notifications into today, yesterday, this week and older', async () => {
    seed();
    await openPage();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Today',
      'Yesterday',
      'This week',
      'Older',
    ]);
    expect(titlesIn(group('Today'))).toEqual(['Unread: Report submitted today']);
    expect(titlesIn(group('Yesterday'))).toEqual(['Logbook from yesterday']);
    expect(titlesIn(group('This week'))).toEqual(['Unread: Stock low on Monday']);
    expect(titlesIn(group('Older'))).toEqual(['Maintenance last month', 'Unread: Old approval']);
    expect(requests).toContain('GET /api/notifications');
  });

  it('marks one read, filters unread, marks all read', async () => {
    seed();
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: 'Mark as read: Stock low on Monday' }));
    await waitFor(() => expect(titlesIn(group('This week'))).toEqual(['Stock low on Monday']));
    expect(screen.getByTestId('unread-count')).toHaveTextContent('2 unread');
    expect(server.find((item) => item.title === 'Stock low on Monday')!.read).toBe(true);

    await userEvent.click(screen.getByRole('radio', { name: 'Unread (2)' }));
    expect(screen.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual([
      'Unread: Report submitted today',
      'Unread: Old approval',
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(screen.getByText('No unread notifications')).toBeInTheDocument());
    expect(screen.getByTestId('unread-count')).toHaveTextContent('0 unread');
    expect(bell()).toHaveAccessibleName('Notifications');
    await userEvent.click(screen.getByRole('radio', { name: 'All' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(screen.queryByText('New')).not.toBeInTheDocument();
  });

  it('opens a notification link through the router and marks it read', async () => {
    seed();
    const { router } = await openPage();
    await userEvent.click(screen.getByRole('button', { name: 'Open: Report submitted today' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reports'));
    await waitFor(() =>
      expect(server.find((item) => item.title === 'Report submitted today')!.read).toBe(true),
    );
  });

  it('shows a live notification at the top of today, highlighted', async () => {
    seed();
    await openPage();
    const live = makeNotification(9, {
      title: 'Live one',
      createdAt: new Date(2025, 2, 12, 9, 59).toISOString(),
    });
    act(() => socket.emit('notification:new', live));
    const today = group('Today');
    expect(titlesIn(today)[0]).toBe('Unread: Live one');
    expect(within(today).getAllByRole('listitem')[0]).toHaveAttribute('data-highlighted');
  });

  it('shows loading, then an error with retry, then the empty state', async () => {
    installServer([]);
    // The page loads the unread list and the full list: both fail.
    failListRequests = 2;
    await renderApp({ path: '/notifications', user: makeUser('manager') });
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Notifications could not be loaded'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('No notifications yet')).toBeInTheDocument());
  });

  it('shows the loading state while the list is on its way', async () => {
    installServer([]);
    const never = new Promise<Response>(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => never),
    );
    await renderApp({ path: '/notifications', user: makeUser('manager') });
    expect(await screen.findByTestId('notifications-loading')).toHaveAttribute('aria-busy', 'true');
    fireEvent.click(screen.getByRole('radio', { name: 'Unread (0)' }));
    expect(screen.getByTestId('notifications-loading')).toBeInTheDocument();
  });
});
