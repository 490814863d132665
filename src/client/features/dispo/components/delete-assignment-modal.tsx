import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Assignment } from '@/domain/dispo/assignments';
import { ConfirmModal } from '@/client/ui/confirm-modal';
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
  const values = assignment
    ? { driver: assignment.driver?.name ?? '—', date: formatDay(assignment.date) }
    : { driver: '', date: '' };
  return (
    <ConfirmModal
      opened={!!assignment}
      title={t('dispo.delete.title')}
      confirmLabel={t('dispo.actions.delete')}
      onClose={onClose}
      onConfirm={async () => {
        if (!assignment) return;
        await deleteAssignment(assignment.id);
        onDeleted(assignment);
      }}
      failureMessage={(error) => dispoErrorMessage(error, t, t('dispo.errors.deleteFailed'))}
    >
      <Text>{t('dispo.delete.message', values)}</Text>
      {assignment?.status === 'published' ? (
        <Text size="sm" c="dimmed">
          {t('dispo.delete.published')}
        </Text>
      ) : null}
    </ConfirmModal>
  );
}
