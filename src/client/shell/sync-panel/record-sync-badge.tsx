import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SyncCollection } from '@/client/offline/collections';
import { useRecordSyncState } from '@/client/offline/hooks/sync-state';
import type { RecordSyncState } from '@/client/offline/types';
import { RECORD_STATE_KEY } from './keys';

const COLOR: Record<RecordSyncState, string> = { waiting: 'blue', failed: 'red', conflict: 'orange' };

/** *waiting to sync* / *failed* / *conflict* for a record shown in a module's list or detail. */
export function RecordSyncBadge({ state }: { state: RecordSyncState | null | undefined }) {
  const { t } = useTranslation();
  if (!state) return null;
  return (
    <Badge size="sm" variant="light" color={COLOR[state]} data-sync-state={state}>
      {t(RECORD_STATE_KEY[state])}
    </Badge>
  );
}

/** The badge for one record, reading its state itself (detail views; lists use useCollectionSyncStates). */
export function RecordSyncStatus({ collection, id }: { collection: SyncCollection; id: string }) {
  return <RecordSyncBadge state={useRecordSyncState(collection, id)} />;
}
