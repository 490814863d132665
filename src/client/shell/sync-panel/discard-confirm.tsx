import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSyncEngine } from '@/client/offline/engine-context';
import type { OutboxEntry } from '@/client/offline/types';
import { ConfirmModal } from '@/client/ui/confirm-modal';
import { describeEntry } from './format';

interface DiscardConfirmProps {
  entry: OutboxEntry;
  /** Later waiting changes of the same record, discarded with it (they were made on top of it). */
  later: number;
  onClose: () => void;
}

/** Nothing leaves the outbox without the server's acknowledgement or a person's word: this is the word. */
export function DiscardConfirm({ entry, later, onClose }: DiscardConfirmProps) {
  const { t } = useTranslation();
  const engine = useSyncEngine();
  return (
    <ConfirmModal
      opened
      title={t('sync.discard.title')}
      confirmLabel={t('sync.discard.confirm')}
      onClose={onClose}
      onConfirm={async () => {
        await engine.discard(entry.seq!);
        onClose();
      }}
    >
      <Text fw={600}>{describeEntry(entry, t)}</Text>
      <Text size="sm">
        {entry.kind === 'create' ? t('sync.discard.messageCreate') : t('sync.discard.message')}
      </Text>
      {later > 0 ? <Text size="sm">{t('sync.discard.later', { count: later })}</Text> : null}
    </ConfirmModal>
  );
}
