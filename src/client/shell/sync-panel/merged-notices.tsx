import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { COLLECTIONS } from '@/client/offline/collections';
import { useSyncEngine } from '@/client/offline/engine-context';
import { useLiveQuery } from '@/client/offline/hooks/records';
import { dismissMergedNotice, readMergedNotices, type MergedNotice } from '@/client/offline/merged';
import { fieldLabel } from './format';

const NONE: MergedNotice[] = [];

/**
 * Tells the person once when their change went through merged with someone else's: which fields came
 * from the other side and from whom. The record on this device already shows them; this says why.
 */
export function MergedNotices({ userId }: { userId: string | null }) {
  const { t } = useTranslation();
  const engine = useSyncEngine();
  const notices = useLiveQuery(
    () => readMergedNotices(engine, userId).catch(() => NONE),
    [engine, userId],
    NONE,
  );
  useEffect(() => {
    for (const notice of notices) {
      const fields = notice.fields.map((field) => fieldLabel(field, t)).join(', ');
      const record = t(COLLECTIONS[notice.collection].recordLabel);
      notifications.show({
        id: `merged-${notice.id}`,
        color: 'blue',
        autoClose: 12_000,
        title: t('sync.merged.title', { record, label: notice.label ?? notice.recordId.slice(0, 8) }),
        message: notice.from
          ? t('sync.merged.from', { name: notice.from, fields })
          : t('sync.merged.fromSomeone', { fields }),
      });
      void dismissMergedNotice(engine, notice.id);
    }
  }, [engine, notices, t]);
  return null;
}
