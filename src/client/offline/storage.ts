import Dexie from 'dexie';
import { createStore, useStore } from '@/client/lib/store';

export type PersistenceState = 'unknown' | 'persisted' | 'refused' | 'unsupported';

export interface StorageHealth {
  persistence: PersistenceState;
  /** Set when the device refused to store a change because it is full. */
  quotaExceeded: boolean;
}

export const storageStore = createStore<StorageHealth>({ persistence: 'unknown', quotaExceeded: false });

/**
 * Asks the browser to keep this site's data under storage pressure (after sign-in: the outbox may
 * hold the only copy of a day's work). A refusal is shown to the user.
 */
export async function requestPersistentStorage(): Promise<PersistenceState> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  let state: PersistenceState;
  if (!storage || typeof storage.persist !== 'function') state = 'unsupported';
  else {
    try {
      const already = typeof storage.persisted === 'function' ? await storage.persisted() : false;
      state = already || (await storage.persist()) ? 'persisted' : 'refused';
    } catch {
      state = 'refused';
    }
  }
  storageStore.set((s) => ({ ...s, persistence: state }));
  return state;
}

/** Reads whether storage is already persistent, without asking (at start with a restored session). */
export async function checkPersistentStorage(): Promise<void> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage || typeof storage.persisted !== 'function') {
    storageStore.set((s) => ({ ...s, persistence: 'unsupported' }));
    return;
  }
  const persisted = await storage.persisted().catch(() => false);
  storageStore.set((s) => ({ ...s, persistence: persisted ? 'persisted' : s.persistence }));
}

export function isQuotaError(error: unknown): boolean {
  for (let current = error; current && typeof current === 'object';) {
    const { name, inner } = current as { name?: unknown; inner?: unknown };
    if (name === 'QuotaExceededError' || name === Dexie.errnames.QuotaExceeded) return true;
    current = inner;
  }
  return false;
}

/** The device is full: the change was NOT stored; the caller shows this and keeps the form open. */
export class StorageFullError extends Error {
  readonly i18nKey = 'sync.storage.full';
  constructor(cause: unknown) {
    super('The device storage is full; the change was not saved.', { cause });
    this.name = 'StorageFullError';
  }
}

export function reportQuotaExceeded(): void {
  storageStore.set((s) => ({ ...s, quotaExceeded: true }));
}

export function clearQuotaExceeded(): void {
  storageStore.set((s) => ({ ...s, quotaExceeded: false }));
}

export function useStorageHealth(): StorageHealth {
  return useStore(storageStore);
}
