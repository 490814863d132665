export { RecordSyncBadge, RecordSyncStatus } from './record-sync-badge';
export { guardedSignOut, SignOutGuardModal } from './sign-out-guard';
export { SyncIndicator } from './sync-indicator';
export { SyncPanel } from './sync-panel';
