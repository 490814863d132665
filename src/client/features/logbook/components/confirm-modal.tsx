import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmModalProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  color?: string;
  onClose(): void;
  onConfirm(): Promise<void>;
}

/** Asks before a destructive or final step; shows a failure instead of closing. */
export function ConfirmModal({
  opened,
  title,
  message,
  confirmLabel,
  color = 'red',
  onClose,
  onConfirm,
}: ConfirmModalProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const confirm = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await onConfirm();
      onClose();
    } catch (error) {
      console.error(`${title} failed`, error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      closeButtonProps={{ 'aria-label': t('logbook.close') }}
    >
      <Stack gap="md">
        <Text>{message}</Text>
        {failed ? (
          <Alert color="red" role="alert">
            {t('logbook.actionFailed')}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="md" onClick={onClose} disabled={busy}>
            {t('logbook.form.cancel')}
          </Button>
          <Button color={color} size="md" onClick={() => void confirm()} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
