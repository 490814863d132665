import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '@/client/ui/confirm-modal';
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
  return (
    <ConfirmModal
      opened={!!target}
      title={t(MASTER_LABELS[kind].deleteTitle)}
      confirmLabel={t('dispo.actions.delete')}
      onClose={onClose}
      onConfirm={async () => {
        if (!target) return;
        await deleteMaster(kind, target.id);
        onDeleted();
      }}
      failureMessage={(error) => dispoErrorMessage(error, t, t('dispo.errors.deleteFailed'))}
      failureTitle={t('dispo.master.deleteRefused')}
    >
      <Text>{t('dispo.master.deleteMessage', { name: target?.name ?? '' })}</Text>
    </ConfirmModal>
  );
}
