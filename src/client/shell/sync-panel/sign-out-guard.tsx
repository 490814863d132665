import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '@/client/offline/connectivity';
import type { SyncEngine } from '@/client/offline/engine';
import { useSyncEngine } from '@/client/offline/engine-context';
import { createStore, useStore } from '@/client/lib/store';
import { useSession } from '@/client/lib/session/session-store';

interface GuardRequest {
  count: number;
  proceed: () => void;
}

const guardStore = createStore<GuardRequest | null>(null);

/**
 * Sign-out with changes still waiting warns first (they would stay on the device, sent only when
 * this user signs in again) and offers to sync now. Without waiting changes it signs out at once.
 */
export async function guardedSignOut(
  engine: SyncEngine,
  userId: string | null,
  proceed: () => void,
): Promise<void> {
  const count = userId ? await engine.pendingCountForUser(userId) : 0;
  if (count === 0) proceed();
  else guardStore.set({ count, proceed });
}

/** The warning dialog; mounted once in the signed-in shell (by SyncIndicator). */
export function SignOutGuardModal() {
  const { t } = useTranslation();
  const request = useStore(guardStore);
  const engine = useSyncEngine();
  const { user } = useSession();
  const online = useOnline();
  const [syncing, setSyncing] = useState(false);
  const close = () => guardStore.set(null);

  const syncFirst = async () => {
    if (!request) return;
    setSyncing(true);
    try {
      await engine.sync({ force: true });
      const left = user ? await engine.pendingCountForUser(user.id) : 0;
      if (left === 0) {
        close();
        request.proceed();
      } else guardStore.set({ ...request, count: left });
    } finally {
      setSyncing(false);
    }
  };

  return (
    <Modal opened={request !== null} onClose={close} title={t('sync.signOut.title')} centered>
      <Stack>
        <Text>{t('sync.signOut.message', { count: request?.count ?? 0 })}</Text>
        {online ? null : (
          <Text size="sm" c="dimmed">
            {t('sync.signOut.offline')}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('sync.action.cancel')}
          </Button>
          <Button
            variant="light"
            color="red"
            onClick={() => {
              const proceed = request?.proceed;
              close();
              proceed?.();
            }}
          >
            {t('sync.signOut.anyway')}
          </Button>
          <Button onClick={() => void syncFirst()} loading={syncing} disabled={!online}>
            {t('sync.signOut.syncFirst')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
