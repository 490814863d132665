import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '@/client/ui/confirm-modal';
import type { InventoryRecord } from '../model';

interface DeleteItemModalProps {
  item: InventoryRecord;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/** Deleting asks first. */
export function DeleteItemModal({ item, onConfirm, onClose }: DeleteItemModalProps) {
  const { t } = useTranslation();
  return (
    <ConfirmModal
      opened
      title={t('inventory.delete.title')}
      confirmLabel={t('inventory.delete.confirm')}
      onClose={onClose}
      onConfirm={onConfirm}
    >
      <Text>{t('inventory.delete.message', { name: item.name })}</Text>
    </ConfirmModal>
  );
}
