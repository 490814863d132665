import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Assignment } from '@/domain/dispo/assignments';
import { deleteAssignment } from '../api/assignments';
import { dispoErrorMessage } from '../api/errors';
import { formatDay } from '../format';

interface DeleteAssignmentModalProps {
  assignment: Assignment | null;
  onClose(): void;
  onDeleted(assignment: Assignment): void;
}

/** Confirms before an assignment is deleted; a published one tells the driver it is gone. */
export function DeleteAssignmentModal({ assignment, onClose, onDeleted }: DeleteAssignmentModalProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setFailure(null);
    onClose();
  };
  const confirm = async () => {
    if (!assignment) return;
    setBusy(true);
    setFailure(null);
    try {
      await deleteAssignment(assignment.id);
      onDeleted(assignment);
    } catch (error) {
      setFailure(dispoErrorMessage(error, t, t('dispo.errors.deleteFailed')));
    } finally {
      setBusy(false);
    }
  };
  const values = assignment
    ? { driver: assignment.driver?.name ?? '—', date: formatDay(assignment.date) }
    : { driver: '', date: '' };
  return (
    <Modal
      opened={!!assignment}
      onClose={close}
      title={t('dispo.delete.title')}
      closeButtonProps={{ 'aria-label': t('dispo.actions.close') }}
    >
      <Stack gap="md">
        <Text>{t('dispo.delete.message', values)}</Text>
        {assignment?.status === 'published' ? (
          <Text size="sm" c="dimmed">
            {t('dispo.delete.published')}
          </Text>
        ) : null}
        {failure ? (
          <Alert color="red" role="alert">
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
