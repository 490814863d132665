/*
 * The mirrored collections and their place in the API. Kept apart from the protocol's schemas (sync.ts)
 * so the service worker can read it without bundling zod.
 */

/**
 * The collections the server's sync feed serves and devices mirror; each module registers its own.
 * `dispoAssignments` is DISPO_SYNC_COLLECTION (src/domain/dispo.ts): a driver's tablet mirrors their
 * own published assignments, dispatchers every assignment. `followUps` holds the work left over from
 * failed checklist items (src/domain/followup.ts).
 */
export const SYNC_COLLECTIONS = [
  'excavators',
  'reports',
  'logbook',
  'inventory',
  'dispoAssignments',
  'followUps',
] as const;
export type SyncCollectionName = (typeof SYNC_COLLECTIONS)[number];

export interface SyncCollectionApi {
  /** Where the collection lives in the REST API, below /api. */
  path: string;
  /**
   * The collection's screens read the device's mirror, so the service worker must not keep HTTP copies
   * of its API (a cached copy would compete with the mirror). False where screens read the API online
   * with a cached copy as the offline fallback (the dispatchers' planning screens, follow-ups).
   */
  screensReadMirror: boolean;
}

/** Each mirrored collection's place in the API: the client's engine and the service worker read it. */
export const SYNC_COLLECTION_API: Readonly<Record<SyncCollectionName, SyncCollectionApi>> = {
  excavators: { path: '/excavators', screensReadMirror: true },
  reports: { path: '/reports', screensReadMirror: true },
  logbook: { path: '/betriebstagebuch', screensReadMirror: true },
  inventory: { path: '/inventory', screensReadMirror: true },
  dispoAssignments: { path: '/containers/assignments', screensReadMirror: false },
  followUps: { path: '/follow-ups', screensReadMirror: false },
};
