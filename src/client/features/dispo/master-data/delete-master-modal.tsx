import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dispoErrorMessage } from '../api/errors';
import { deleteMaster, type MasterKind } from '../api/master-data';
import { MASTER_LABELS } from '../labels';

interface DeleteMasterModalProps {
  kind: MasterKind;
  target: { id: string; name: string } | null;
  onClose(): void;
  onDeleted(): void;
}

/**
 * Confirms a delete. While an assignment uses the record the server refuses with its reason
 * ("This driver is used by 2 assignments"), shown here as it is.
 */
export function DeleteMasterModal({ kind, target, onClose, onDeleted }: DeleteMasterModalProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setFailure(null);
    onClose();
  };
  const confirm = async () => {
    if (!target) return;
    setBusy(true);
    setFailure(null);
    try {
      await deleteMaster(kind, target.id);
      onDeleted();
    } catch (error) {
      setFailure(dispoErrorMessage(error, t, t('dispo.errors.deleteFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened={!!target}
      onClose={close}
      title={t(MASTER_LABELS[kind].deleteTitle)}
      closeButtonProps={{ 'aria-label': t('dispo.actions.close') }}
    >
      <Stack gap="md">
        <Text>{t('dispo.master.deleteMessage', { name: target?.name ?? '' })}</Text>
        {failure ? (
          <Alert color="red" role="alert" title={t('dispo.master.deleteRefused')}>
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" mih={44} onClick={close} disabled={busy} data-autofocus>
            {t('dispo.actions.cancel')}
          </Button>
          <Button color="red" mih={44} loading={busy} onClick={() => void confirm()}>
            {t('dispo.actions.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
