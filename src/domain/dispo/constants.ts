import type { SyncCollectionName } from '../sync';

/** Dispo's fixed vocabularies and limits, shared by the forms, the API and the driver's tablet. */

export const DISPO_OPERATIONS = ['pickup', 'place', 'swap'] as const;
export type DispoOperation = (typeof DISPO_OPERATIONS)[number];
export const DISPO_STATUSES = ['draft', 'published'] as const;
export type DispoStatus = (typeof DISPO_STATUSES)[number];

export const DISPO_MAX_ROUNDS = 30;
export const DISPO_MAX_ITEMS_PER_ROUND = 30;
export const DISPO_MAX_QUANTITY = 99;
/** The company's zone: "today" when a request names none. */
export const DISPO_DEFAULT_TIME_ZONE = 'Europe/Berlin';
/** The synced collection of assignments (one of SYNC_COLLECTIONS; the Dexie table on the device). */
export const DISPO_SYNC_COLLECTION = 'dispoAssignments' satisfies SyncCollectionName;
