import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSyncEngine } from '@/client/offline/engine-context';
import { useReloadRequired } from '@/client/offline/instance';
import { useStorageHealth } from '@/client/offline/storage';

interface SyncNoticesProps {
  pending: number;
  onSignInAgain: () => void;
}

/** Dialogs that cannot wait until someone opens the Sync panel. */
export function SyncNotices({ pending, onSignInAgain }: SyncNoticesProps) {
  const { t } = useTranslation();
  const engine = useSyncEngine();
  const reloadRequired = useReloadRequired();
  const storage = useStorageHealth();
  const [authAsked, setAuthAsked] = useState(false);

  useEffect(() => engine.events.on('auth-required', () => setAuthAsked(true)), [engine]);
  useEffect(() => {
    if (storage.quotaExceeded) {
      notifications.show({
        id: 'storage-full',
        color: 'red',
        title: t('sync.storage.fullTitle'),
        message: t('sync.storage.full'),
        autoClose: false,
      });
    }
  }, [storage.quotaExceeded, t]);
  useEffect(() => {
    if (storage.persistence === 'refused') {
      notifications.show({
        id: 'storage-not-persistent',
        color: 'yellow',
        message: t('sync.storage.notPersistent'),
      });
    }
  }, [storage.persistence, t]);

  return (
    <>
      <Modal opened={authAsked} onClose={() => setAuthAsked(false)} title={t('sync.auth.title')} centered>
        <Stack>
          <Text>{t('sync.auth.message', { count: pending })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAuthAsked(false)}>
              {t('sync.action.later')}
            </Button>
            <Button
              onClick={() => {
                setAuthAsked(false);
                onSignInAgain();
              }}
            >
              {t('sync.auth.signIn')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={reloadRequired}
        onClose={() => undefined}
        withCloseButton={false}
        title={t('sync.reload.title')}
        centered
      >
        <Stack>
          <Text>{t('sync.reload.message')}</Text>
          <Group justify="flex-end">
            <Button onClick={() => window.location.reload()}>{t('sync.reload.action')}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
