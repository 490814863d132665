import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSyncEngine } from '@/client/offline';
import { ConfirmModal } from '@/client/ui/confirm-modal';
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
  return (
    <ConfirmModal
      opened={excavator !== null}
      title={t('excavators.delete.title')}
      confirmLabel={t('excavators.delete.confirm')}
      onClose={onClose}
      onConfirm={async () => {
        if (!excavator) return;
        await engine.deleteRecord('excavators', excavator.id);
        onDeleted();
      }}
      failureMessage={(cause) =>
        cause instanceof Error ? cause.message : t('excavators.errors.deleteFailed')
      }
    >
      <Text>{t('excavators.delete.message', { name: excavator?.name ?? '' })}</Text>
    </ConfirmModal>
  );
}
