import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { User } from '@/domain/user';
import { ConfirmModal } from '@/client/ui/confirm-modal';
import { deactivateUser } from '../api/deactivate-user';
import { refusalMessage } from '../api/refusals';

interface DeactivateModalProps {
  user: User | null;
  onClose(): void;
  onDone(user: User): void;
}

/**
 * The confirmation before taking an account away. The API never erases users (DELETE deactivates),
 * so the button says what happens: Deactivate — and the text says how to undo it.
 */
export function DeactivateModal({ user, onClose, onDone }: DeactivateModalProps) {
  const { t } = useTranslation();
  const name = user ? user.name || user.username : '';
  return (
    <ConfirmModal
      opened={!!user}
      title={t('users.deactivate.title', { name })}
      confirmLabel={t('users.actions.deactivate')}
      onClose={onClose}
      onConfirm={async () => {
        if (user) onDone(await deactivateUser(user.id));
      }}
      failureMessage={(error) => refusalMessage(error, t, t('users.deactivate.failed'))}
    >
      <Text>{t('users.deactivate.intro', { name })}</Text>
      <List size="sm" spacing={4}>
        <List.Item>{t('users.deactivate.noSignIn')}</List.Item>
        <List.Item>{t('users.deactivate.keepsRecords')}</List.Item>
        <List.Item>{t('users.deactivate.reversible')}</List.Item>
      </List>
    </ConfirmModal>
  );
}
