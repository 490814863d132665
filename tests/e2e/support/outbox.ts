import type { Page } from '@playwright/test';
import { v7 as uuidv7 } from 'uuid';

/*
 * Direct access to the app's IndexedDB database (`fleetpilot`) from a same-origin page that runs no app
 * code (e.g. /api/health): queue writes while the app is closed, count stores. Shared by the e2e
 * offline specs and the offline-engine bench.
 */

/**
 * Counts a store (0 while the database or the store does not exist yet). The app may navigate while it
 * starts (sign-in redirect, a service worker taking over): a count cut off by that is asked again.
 */
export async function countStore(page: Page, store: string): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await countStoreOnce(page, store);
    } catch (error) {
      const navigated = error instanceof Error && /context was destroyed|navigat/i.test(error.message);
      if (!navigated || attempt >= 20) throw error;
      await page.waitForLoadState('domcontentloaded');
    }
  }
}

function countStoreOnce(page: Page, store: string): Promise<number> {
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('fleetpilot');
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(name)) {
            db.close();
            resolve(0);
            return;
          }
          const request = db.transaction(name, 'readonly').objectStore(name).count();
          request.onsuccess = () => {
            db.close();
            resolve(request.result);
          };
          request.onerror = () => {
            db.close();
            resolve(0);
          };
        };
      }),
    store,
  );
}

/**
 * Writes `count` queued inventory creates (local row + outbox entry, as the engine's createRecord stores
 * them) for `userId`, so the app's next start replays them. Names are `${prefix} ${i}`.
 */
export function queueInventoryCreates(page: Page, userId: string, count: number, prefix: string) {
  const now = new Date().toISOString();
  const items = Array.from({ length: count }, (_, i) => {
    const id = uuidv7();
    const entryId = uuidv7();
    const data = { id, name: `${prefix} ${i}`, maker: 'Queued', quantity: i % 20, price: 1.5, tags: [] };
    return {
      row: {
        ...data,
        version: 0,
        createdAt: now,
        createdBy: userId,
        updatedAt: now,
        updatedBy: userId,
        deletedAt: null,
        _sync: 'pending',
      },
      entry: {
        id: entryId,
        idempotencyKey: entryId,
        keyUsedAt: null,
        userId,
        collection: 'inventory',
        recordId: id,
        kind: 'create',
        method: 'POST',
        url: '/api/inventory',
        body: { type: 'json', data },
        ifMatch: false,
        baseVersion: 0,
        baseRecord: null,
        state: 'waiting',
        error: null,
        errorKey: null,
        errorStatus: null,
        attempts: 0,
        nextAttemptAt: 0,
        createdAt: now,
        conflict: null,
        label: data.name,
      },
    };
  });
  return page.evaluate(
    (queued) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('fleetpilot');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['inventory', 'outbox'], 'readwrite');
          for (const { row, entry } of queued) {
            tx.objectStore('inventory').put(row);
            tx.objectStore('outbox').add(entry);
          }
          tx.oncomplete = () => {
            db.close();
            // Tell a running app what changed, as its own database layer tells other tabs: a write
            // behind its back would otherwise leave its counts stale until it next writes itself.
            const channel = new BroadcastChannel('x-storagemutated-1');
            const everything = { from: -Infinity, to: [[]], d: 1 };
            // `all`: every live query re-reads (counts by index included), not only reads by key.
            channel.postMessage({
              all: everything,
              'idb://fleetpilot/outbox/': everything,
              'idb://fleetpilot/inventory/': everything,
            });
            channel.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    items,
  );
}

/** True once the app has created its database with the outbox (checked without creating anything). */
export function appDatabaseReady(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const known = await indexedDB.databases();
    if (!known.some((db) => db.name === 'fleetpilot')) return false;
    return new Promise<boolean>((resolve) => {
      const open = indexedDB.open('fleetpilot');
      open.onerror = () => resolve(false);
      open.onsuccess = () => {
        const ready = open.result.objectStoreNames.contains('outbox');
        open.result.close();
        resolve(ready);
      };
    });
  });
}
