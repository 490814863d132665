import { NAV_ITEMS, type NavKey } from '@/domain/navigation/nav-items';
import { createStore, useStore } from '@/client/lib/store';

const NAV_KEYS = new Set<string>(NAV_ITEMS.map((item) => item.key));

/**
 * A short list of navigation keys per user, kept in localStorage under `<prefix>:<userId>`
 * (favorites and recent pages). One store per list so the sidebar and the mobile menu agree.
 */
export function createUserNavList(prefix: string) {
  const store = createStore<Record<string, NavKey[]>>({});

  function read(userId: string): NavKey[] {
    const cached = store.get()[userId];
    if (cached) return cached;
    let list: NavKey[] = [];
    try {
      const parsed: unknown = JSON.parse(localStorage.getItem(`${prefix}:${userId}`) ?? '[]');
      if (Array.isArray(parsed)) list = parsed.filter((key): key is NavKey => NAV_KEYS.has(String(key)));
    } catch {
      list = [];
    }
    return list;
  }

  function write(userId: string, list: NavKey[]): void {
    localStorage.setItem(`${prefix}:${userId}`, JSON.stringify(list));
    store.set((current) => ({ ...current, [userId]: list }));
  }

  function use(userId: string): NavKey[] {
    const state = useStore(store);
    return state[userId] ?? read(userId);
  }

  return { read, write, use, reset: () => store.set({}) };
}

export const favoritesList = createUserNavList('fleetpilot:favorites');
export const recentsList = createUserNavList('fleetpilot:recents');
