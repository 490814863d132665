import { useSyncExternalStore } from 'react';

/**
 * A small observable value read by React through `useSyncExternalStore`. One helper for the whole
 * client: the offline engine uses it too (it depends on lib only, so the service worker can load it).
 */
export interface Store<T> {
  get(): T;
  set(next: T | ((current: T) => T)): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      const resolved = typeof next === 'function' ? (next as (current: T) => T)(value) : next;
      if (Object.is(resolved, value)) return;
      value = resolved;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useStore<T>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/**
 * A part of a store's value, for a component that shows only that part: it re-renders when `select`
 * gives something else (`Object.is`), not on every change of the store. `select` returns a primitive
 * or a part the store's updates keep as it was when they do not touch it.
 */
export function useStoreSelect<T, S>(store: Store<T>, select: (value: T) => S): S {
  const read = () => select(store.get());
  return useSyncExternalStore(store.subscribe, read, read);
}

type AnyHandler = (...args: never[]) => void;

/** A typed event emitter without Node's: `on` returns the unsubscribe function. */
export class Emitter<Events extends { [K in keyof Events]: unknown[] }> {
  private handlers = new Map<keyof Events, Set<AnyHandler>>();

  on<K extends keyof Events>(event: K, handler: (...args: Events[K]) => void): () => void {
    let set = this.handlers.get(event);
    if (!set) this.handlers.set(event, (set = new Set()));
    const stored = handler as unknown as AnyHandler;
    set.add(stored);
    return () => set.delete(stored);
  }

  emit<K extends keyof Events>(event: K, ...args: Events[K]): void {
    for (const handler of [...(this.handlers.get(event) ?? [])]) {
      try {
        (handler as unknown as (...a: Events[K]) => void)(...args);
      } catch (error) {
        console.error(`Handler for ${String(event)} failed`, error);
      }
    }
  }
}
