import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSyncEngine } from '@/client/offline/engine-context';
import type { OutboxEntry } from '@/client/offline/types';
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
  const [busy, setBusy] = useState(false);
  const discard = async () => {
    setBusy(true);
    try {
      await engine.discard(entry.seq!);
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('sync.discard.title')} centered>
      <Stack>
        <Text fw={600}>{describeEntry(entry, t)}</Text>
        <Text size="sm">
          {entry.kind === 'create' ? t('sync.discard.messageCreate') : t('sync.discard.message')}
        </Text>
        {later > 0 ? <Text size="sm">{t('sync.discard.later', { count: later })}</Text> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('sync.action.cancel')}
          </Button>
          <Button color="red" loading={busy} onClick={() => void discard()}>
            {t('sync.discard.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
