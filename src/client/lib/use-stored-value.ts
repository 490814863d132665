import { useCallback, useSyncExternalStore } from 'react';
import { createStore, type Store } from '@/client/lib/store';

/**
 * A small value kept in localStorage as JSON (a layout choice such as the compact sidebar), shared by
 * every component that shows it and followed across tabs.
 *
 * The value is read once per key and kept in a store: a component that mounts does not read and
 * write the storage again. Mantine's storage hook does both after every mount, which renders the
 * component a second time with a new copy of an array, the whole sidebar on every start.
 */
const stores = new Map<string, Store<unknown>>();

function readStored(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? undefined : (JSON.parse(raw) as unknown);
  } catch {
    return undefined;
  }
}

let followingOtherTabs = false;

function storeFor(key: string): Store<unknown> {
  let store = stores.get(key);
  if (!store) {
    store = createStore(readStored(key));
    stores.set(key, store);
  }
  if (!followingOtherTabs && typeof window !== 'undefined') {
    followingOtherTabs = true;
    // Another tab's change; `key` null is a cleared storage.
    window.addEventListener('storage', (event) => {
      if (event.storageArea !== localStorage) return;
      for (const [storedKey, stored] of stores)
        if (event.key === null || event.key === storedKey) stored.set(readStored(storedKey));
    });
  }
  return store;
}

/** Forgets the values read so far (tests that clear the storage between cases). */
export function forgetStoredValues(): void {
  stores.clear();
}

/**
 * `[value, setValue]` of `key`: the stored value when `isValue` accepts it, else `defaultValue`.
 * `setValue` stores the new value and shows it in every component that uses the key.
 */
export function useStoredValue<T>(
  key: string,
  defaultValue: T,
  isValue: (value: unknown) => value is T,
): [T, (next: T | ((current: T) => T)) => void] {
  const store = storeFor(key);
  const read = () => {
    const value = store.get();
    return isValue(value) ? value : defaultValue;
  };
  const value = useSyncExternalStore(store.subscribe, read, read);
  const setValue = useCallback(
    (next: T | ((current: T) => T)) => {
      const current = store.get();
      const resolved =
        typeof next === 'function'
          ? (next as (current: T) => T)(isValue(current) ? current : defaultValue)
          : next;
      try {
        localStorage.setItem(key, JSON.stringify(resolved));
      } catch {
        // Storage full or blocked: the choice still applies until the page is closed.
      }
      store.set(resolved);
    },
    [store, key, defaultValue, isValue],
  );
  return [value, setValue];
}
