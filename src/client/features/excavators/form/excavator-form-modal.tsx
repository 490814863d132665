import { Loader, Modal, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useExcavator } from '../use-excavators';
import { ExcavatorForm } from './excavator-form';

interface ExcavatorFormModalProps {
  opened: boolean;
  /** The machine to edit; null creates a new one. */
  editId: string | null;
  onClose(): void;
  /** After a save: the record's id (the page opens its quick view). */
  onSaved(id: string): void;
}

/** Add or edit a machine; full screen on phones. */
export function ExcavatorFormModal({ opened, editId, onClose, onSaved }: ExcavatorFormModalProps) {
  const { t } = useTranslation();
  const small = useMediaQuery('(max-width: 40em)');
  const existing = useExcavator(editId);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      fullScreen={small}
      title={
        editId
          ? t('excavators.form.editTitle', { name: existing?.name ?? '' })
          : t('excavators.form.createTitle')
      }
      closeButtonProps={{ 'aria-label': t('excavators.close') }}
    >
      {!opened ? null : editId === null ? (
        <ExcavatorForm key="new" excavator={null} onCancel={onClose} onSaved={onSaved} />
      ) : existing === undefined ? (
        <Loader size="sm" aria-label={t('excavators.list.loading')} />
      ) : existing === null ? (
        <Text c="dimmed">{t('excavators.quickView.missing')}</Text>
      ) : (
        <ExcavatorForm key={existing.id} excavator={existing} onCancel={onClose} onSaved={onSaved} />
      )}
    </Modal>
  );
}
