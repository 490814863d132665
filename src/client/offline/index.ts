/*
 * The offline engine's public face for modules. Read mirrored rows with
 * `useLiveQuery` over `useSyncEngine().db`; write only through the engine:
 *
 *   const engine = useSyncEngine();
 *   await engine.createRecord('excavators', values, { files: { profileImage: file }, multipart: true });
 *   await engine.updateRecord('excavators', id, changedFields);
 *   await engine.deleteRecord('excavators', id);
 *   await engine.enqueueCall({ collection: 'logbook', recordId: id, method: 'PUT',
 *     url: `/api/betriebstagebuch/${id}/approve`, optimistic: { status: 'approved' } });
 *
 * List rows show `useCollectionSyncStates(collection)` / `useRecordSyncState(collection, id)` with
 * `RecordSyncBadge` (src/client/shell/sync-panel). A new index for a list filter is a new entry in
 * SCHEMA_VERSIONS (schema.ts); a PUT's field list goes into COLLECTIONS (collections.ts).
 */
export { COLLECTIONS, collectionUrl, SYNC_COLLECTIONS, type SyncCollection } from './collections';
export { isOnline, useOnline } from './connectivity';
export { openOfflineDb, type OfflineDb } from './db';
export { createSyncEngine, type SyncEngine, type SyncStatus } from './engine';
export { SyncEngineProvider, useOptionalSyncEngine, useSyncEngine, WhenEngineReady } from './engine-context';
export { compressImage } from './files';
export { readBatchStatuses, useBatchStatuses, type BatchStatus } from './hooks/batches';
export { useCollectionRows } from './hooks/collection-rows';
export { useLocalFiles } from './hooks/local-files';
export { recordStateOf, useOutboxEntries, useOutboxSummary } from './hooks/outbox';
export { useLiveQuery, useMetaValue, useRecord } from './hooks/records';
export { useCollectionSyncStates, useRecordSyncState, useSyncStatus } from './hooks/sync-state';
export { onTableChanged } from './hooks/table-changes';
export { getSyncEngine, META_KEYS, startOfflineEngine, useReloadRequired } from './instance';
export { RecordNotFoundError, type BatchOptions, type CallOptions, type WriteOptions } from './mutate';
export { connectRealtime, disconnectRealtime, onRealtime, useRealtimeConnected } from './realtime';
export { isQuotaError, requestPersistentStorage, StorageFullError, useStorageHealth } from './storage';
export type { BatchResult, OutboxEntry, RecordSyncState, SyncedRow } from './types';
