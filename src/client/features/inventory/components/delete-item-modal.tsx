import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InventoryRecord } from '../model';

interface DeleteItemModalProps {
  item: InventoryRecord;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/** Deleting asks first. */
export function DeleteItemModal({ item, onConfirm, onClose }: DeleteItemModalProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Modal opened onClose={onClose} title={t('inventory.delete.title')}>
      <Stack gap="md">
        <Text>{t('inventory.delete.message', { name: item.name })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
            {t('inventory.actions.cancel')}
          </Button>
          <Button
            color="red"
            loading={busy}
            onClick={() => {
              setBusy(true);
              void onConfirm().finally(() => setBusy(false));
            }}
          >
            {t('inventory.delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
