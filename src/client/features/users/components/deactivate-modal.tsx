import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@/domain/user';
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
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setFailure(null);
    onClose();
  };
  const confirm = async () => {
    if (!user) return;
    setBusy(true);
    setFailure(null);
    try {
      onDone(await deactivateUser(user.id));
    } catch (error) {
      setFailure(refusalMessage(error, t, t('users.deactivate.failed')));
    } finally {
      setBusy(false);
    }
  };

  const name = user ? user.name || user.username : '';
  return (
    <Modal
      opened={!!user}
      onClose={close}
      title={t('users.deactivate.title', { name })}
      closeButtonProps={{ 'aria-label': t('users.close') }}
    >
      <Stack gap="md">
        <Text>{t('users.deactivate.intro', { name })}</Text>
        <List size="sm" spacing={4}>
          <List.Item>{t('users.deactivate.noSignIn')}</List.Item>
          <List.Item>{t('users.deactivate.keepsRecords')}</List.Item>
          <List.Item>{t('users.deactivate.reversible')}</List.Item>
        </List>
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" mih={44} onClick={close} disabled={busy} data-autofocus>
            {t('users.form.cancel')}
          </Button>
          <Button color="red" mih={44} loading={busy} onClick={() => void confirm()}>
            {t('users.actions.deactivate')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
