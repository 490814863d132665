import { useSyncExternalStore } from 'react';
import { NOTIFICATION_HIGHLIGHT_MS } from '@/domain/constants';
import type { Notification } from '@/domain/notification';
import { createStore, type Store } from '@/client/lib/store';
import { getNotifications } from './api/get-notifications';
import { markAllNotificationsRead } from './api/mark-all-notifications-read';
import { markNotificationRead } from './api/mark-notification-read';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface NotificationsState {
  /** Every unread notification, newest first: its length is the badge count. */
  unread: readonly Notification[];
  unreadStatus: LoadStatus;
  /** The full list the /notifications page shows, newest first; loaded when the page opens. */
  all: readonly Notification[];
  allStatus: LoadStatus;
  /** Notifications that just arrived, highlighted for NOTIFICATION_HIGHLIGHT_MS. */
  highlighted: readonly string[];
}

export interface NotificationsApi {
  list(onlyUnread: boolean): Promise<Notification[]>;
  markRead(id: string): Promise<unknown>;
  markAllRead(): Promise<unknown>;
}

const defaultApi: NotificationsApi = {
  list: (onlyUnread) => getNotifications({ onlyUnread }),
  markRead: markNotificationRead,
  markAllRead: markAllNotificationsRead,
};

const INITIAL: NotificationsState = {
  unread: [],
  unreadStatus: 'idle',
  all: [],
  allStatus: 'idle',
  highlighted: [],
};

export interface NotificationsStore extends Pick<Store<NotificationsState>, 'get' | 'subscribe'> {
  /** Reloads the unread list (badge and dropdown); concurrent calls share one request. */
  refreshUnread(): Promise<void>;
  /** Loads the full list for the /notifications page. */
  loadAll(): Promise<void>;
  /**
   * The /notifications page is open: loads the full list (a cached one shows meanwhile) and keeps it
   * in refresh(). Returns the function that ends the watch.
   */
  watchAll(): () => void;
  /** Reloads the unread list, and the full list while the page is open. */
  refresh(): Promise<void>;
  /**
   * Takes a notification delivered live. Returns false when it is already known (a poll or an earlier
   * event brought it): a notification is never shown twice.
   */
  receive(notification: Notification): boolean;
  /** Marks one read at once; reverted (and the error rethrown) when the server refuses. */
  markRead(id: string): Promise<void>;
  /** Marks every one read at once: the count becomes zero and the unread list empty. */
  markAllRead(): Promise<void>;
  /** Called for every notification that arrives after the first load (live or found by a poll). */
  onArrival(listener: (notification: Notification) => void): () => void;
  /** Forgets everything (sign-out, another user). */
  reset(): void;
}

const newestFirst = (a: Notification, b: Notification) =>
  b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

function uniqueNewestFirst(items: readonly Notification[]): Notification[] {
  const byId = new Map<string, Notification>();
  for (const item of items) if (!byId.has(item.id)) byId.set(item.id, item);
  return [...byId.values()].sort(newestFirst);
}

/**
 * The notifications of the signed-in user as the bell and the /notifications page show them. Server
 * answers, live events and local marks meet here, keyed by id, so that an answer to a request that
 * was under way while an event arrived or a mark was made never brings back an old state.
 */
export function createNotificationsStore(api: NotificationsApi = defaultApi): NotificationsStore {
  const store = createStore<NotificationsState>(INITIAL);
  const set = (patch: Partial<NotificationsState>) => store.set((state) => ({ ...state, ...patch }));
  const arrivalListeners = new Set<(notification: Notification) => void>();
  const highlightTimers = new Map<string, ReturnType<typeof setTimeout>>();
  /** Every id this session has seen, read or not. */
  let known = new Set<string>();
  /** Ids marked read here; an answer from before the mark still lists them as unread. */
  let readHere = new Set<string>();
  /** Arrival order of live notifications, to keep those newer than a request's answer. */
  let arrivals = new Map<string, number>();
  let sequence = 0;
  /** Bumped by reset(): answers to requests of an earlier session are dropped. */
  let epoch = 0;
  let allWatchers = 0;
  let unreadRequest: Promise<void> | null = null;
  let allRequest: Promise<void> | null = null;

  const highlight = (id: string) => {
    clearTimeout(highlightTimers.get(id));
    set({ highlighted: [...store.get().highlighted.filter((entry) => entry !== id), id] });
    highlightTimers.set(
      id,
      setTimeout(() => {
        highlightTimers.delete(id);
        set({ highlighted: store.get().highlighted.filter((entry) => entry !== id) });
      }, NOTIFICATION_HIGHLIGHT_MS),
    );
  };

  const announce = (notification: Notification) => {
    highlight(notification.id);
    for (const listener of [...arrivalListeners]) listener(notification);
  };

  /** Server rows, with what happened here since the request left laid over them. */
  const merge = (
    server: Notification[],
    current: readonly Notification[],
    since: number,
    onlyUnread: boolean,
  ) => {
    const serverIds = new Set(server.map((item) => item.id));
    const arrivedSince = current.filter(
      (item) => !serverIds.has(item.id) && (arrivals.get(item.id) ?? -1) > since,
    );
    const rows = uniqueNewestFirst([...server, ...arrivedSince]).map((item) =>
      readHere.has(item.id) && !item.read ? { ...item, read: true } : item,
    );
    return onlyUnread ? rows.filter((item) => !item.read) : rows;
  };

  const refreshUnread = () => {
    if (unreadRequest) return unreadRequest;
    const started = { epoch, sequence };
    const firstLoad = store.get().unreadStatus !== 'ready';
    if (firstLoad) set({ unreadStatus: 'loading' });
    unreadRequest = api
      .list(true)
      .then(
        (server) => {
          if (started.epoch !== epoch) return;
          const fresh = server.filter((item) => !known.has(item.id) && !readHere.has(item.id));
          for (const item of server) known.add(item.id);
          set({
            unread: merge(server, store.get().unread, started.sequence, true),
            unreadStatus: 'ready',
          });
          // Found by a poll or a refresh: as new to the user as a live one (not on the first load).
          if (!firstLoad) for (const item of fresh) announce(item);
        },
        (error: unknown) => {
          if (started.epoch !== epoch) return;
          console.warn('Loading notifications failed', error);
          // A failed poll keeps what is shown; only a first load shows the error.
          if (store.get().unreadStatus !== 'ready') set({ unreadStatus: 'error' });
        },
      )
      .finally(() => {
        if (started.epoch === epoch) unreadRequest = null;
      });
    return unreadRequest;
  };

  const loadAll = () => {
    if (allRequest) return allRequest;
    const started = { epoch, sequence };
    if (store.get().allStatus !== 'ready') set({ allStatus: 'loading' });
    allRequest = api
      .list(false)
      .then(
        (server) => {
          if (started.epoch !== epoch) return;
          for (const item of server) known.add(item.id);
          set({ all: merge(server, store.get().all, started.sequence, false), allStatus: 'ready' });
        },
        (error: unknown) => {
          if (started.epoch !== epoch) return;
          console.warn('Loading notifications failed', error);
          if (store.get().allStatus !== 'ready') set({ allStatus: 'error' });
        },
      )
      .finally(() => {
        if (started.epoch === epoch) allRequest = null;
      });
    return allRequest;
  };

  const applyRead = (ids: ReadonlySet<string>) => {
    const { unread, all } = store.get();
    set({
      unread: unread.filter((item) => !ids.has(item.id)),
      all: all.map((item) => (ids.has(item.id) && !item.read ? { ...item, read: true } : item)),
    });
  };

  /** Puts notifications back as unread after the server refused to mark them. */
  const restoreUnread = (items: readonly Notification[]) => {
    const ids = new Set(items.map((item) => item.id));
    for (const id of ids) readHere.delete(id);
    const { unread, all } = store.get();
    set({
      unread: uniqueNewestFirst([...unread, ...items.map((item) => ({ ...item, read: false }))]),
      all: all.map((item) => (ids.has(item.id) ? { ...item, read: false } : item)),
    });
  };

  return {
    get: store.get,
    subscribe: store.subscribe,
    refreshUnread,
    loadAll,
    watchAll() {
      allWatchers += 1;
      void loadAll();
      let watching = true;
      return () => {
        if (watching) allWatchers -= 1;
        watching = false;
      };
    },
    async refresh() {
      await Promise.all([refreshUnread(), allWatchers > 0 ? loadAll() : undefined]);
    },
    receive(notification) {
      if (known.has(notification.id)) return false;
      known.add(notification.id);
      arrivals.set(notification.id, ++sequence);
      const { unread, all, allStatus } = store.get();
      set({
        unread: notification.read ? unread : [notification, ...unread],
        all: allStatus === 'idle' ? all : [notification, ...all],
      });
      announce(notification);
      return true;
    },
    async markRead(id) {
      const { unread, all } = store.get();
      const target = unread.find((item) => item.id === id) ?? all.find((item) => item.id === id);
      if (!target || (target.read && !unread.some((item) => item.id === id))) return;
      readHere.add(id);
      applyRead(new Set([id]));
      try {
        await api.markRead(id);
      } catch (error) {
        restoreUnread([target]);
        throw error;
      }
    },
    async markAllRead() {
      const { unread, all } = store.get();
      const pending = [...unread, ...all.filter((item) => !item.read)];
      const ids = new Set(pending.map((item) => item.id));
      for (const id of ids) readHere.add(id);
      applyRead(ids);
      try {
        await api.markAllRead();
      } catch (error) {
        restoreUnread(uniqueNewestFirst(pending));
        throw error;
      }
    },
    onArrival(listener) {
      arrivalListeners.add(listener);
      return () => arrivalListeners.delete(listener);
    },
    reset() {
      epoch += 1;
      unreadRequest = null;
      allRequest = null;
      for (const timer of highlightTimers.values()) clearTimeout(timer);
      highlightTimers.clear();
      known = new Set();
      readHere = new Set();
      arrivals = new Map();
      sequence = 0;
      store.set(INITIAL);
      // An open page keeps showing a list: the new session's.
      if (allWatchers > 0) void loadAll();
    },
  };
}

/** The app's notifications (one per page). */
export const notificationsStore = createNotificationsStore();

export function useNotifications(): NotificationsState {
  return useSyncExternalStore(notificationsStore.subscribe, notificationsStore.get, notificationsStore.get);
}
