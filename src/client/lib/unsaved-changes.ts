import { useEffect, useId } from 'react';
import { createStore, useStore } from '@/client/lib/store';

/**
 * Which open forms hold input that is not saved yet. The update prompt asks before reloading while
 * any is registered, so a new app version never throws away what someone typed.
 */
const dirtyForms = createStore<ReadonlySet<string>>(new Set());

export function registerUnsavedChanges(key: string): void {
  dirtyForms.set((current) => (current.has(key) ? current : new Set([...current, key])));
}

export function unregisterUnsavedChanges(key: string): void {
  dirtyForms.set((current) => {
    if (!current.has(key)) return current;
    const next = new Set(current);
    next.delete(key);
    return next;
  });
}

export function hasUnsavedChanges(): boolean {
  return dirtyForms.get().size > 0;
}

/** Registers the calling form while `isDirty` is true; unmounting unregisters it. */
export function useUnsavedChanges(isDirty: boolean): void {
  const key = useId();
  useEffect(() => {
    if (!isDirty) return undefined;
    registerUnsavedChanges(key);
    return () => unregisterUnsavedChanges(key);
  }, [isDirty, key]);
}

/** True while any form on the page has unsaved input. */
export function useHasUnsavedChanges(): boolean {
  return useStore(dirtyForms).size > 0;
}
