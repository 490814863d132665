import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSyncEngine } from '@/client/offline';
import type { ExcavatorRecord } from '../model';

interface DeleteExcavatorModalProps {
  excavator: ExcavatorRecord | null;
  onClose(): void;
  onDeleted(): void;
}

/** Asks before a machine is deleted; the delete is queued and reaches the server when online. */
export function DeleteExcavatorModal({ excavator, onClose, onDeleted }: DeleteExcavatorModalProps) {
  const { t } = useTranslation();
  const engine = useSyncEngine();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    if (!excavator) return;
    setBusy(true);
    setError(null);
    try {
      await engine.deleteRecord('excavators', excavator.id);
      onDeleted();
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : t('excavators.errors.deleteFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened={excavator !== null}
      onClose={onClose}
      title={t('excavators.delete.title')}
      closeButtonProps={{ 'aria-label': t('excavators.close') }}
    >
      <Stack gap="md">
        <Text>{t('excavators.delete.message', { name: excavator?.name ?? '' })}</Text>
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" mih={44} onClick={onClose} disabled={busy}>
            {t('excavators.actions.cancel')}
          </Button>
          <Button color="red" mih={44} loading={busy} onClick={() => void confirm()}>
            {t('excavators.delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
