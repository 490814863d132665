import { ActionIcon, Drawer, Indicator } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { memo, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutboxSummary } from '@/client/offline/hooks/outbox';
import { useSyncEngine } from '@/client/offline/engine-context';
import { useStoreSelect } from '@/client/lib/store';
import { useStorageHealth } from '@/client/offline/storage';
import { signOut, useSession } from '@/client/lib/session/session-store';
import { LazyTooltip } from '@/client/ui/lazy-tooltip';
import { MergedNotices } from './merged-notices';
import { SignOutGuardModal } from './sign-out-guard';
import { SyncNotices } from './sync-notices';
import { SyncPanel } from './sync-panel';

// The dialogs the indicator hosts follow their own stores: the engine's status changes many times while
// a session starts (each collection's pull), and they need not render again with the badge.
const HostedSyncNotices = memo(SyncNotices);
const HostedMergedNotices = memo(MergedNotices);
const HostedSignOutGuardModal = memo(SignOutGuardModal);

/**
 * The top bar's sync button: a badge with the changes still to send (red when one needs a person),
 * opening the Sync panel. It also hosts the session-expired, reload and sign-out dialogs.
 */
export function SyncIndicator() {
  const { t } = useTranslation();
  const router = useRouter();
  const { user } = useSession();
  // Only the two parts it shows: the rest of the status (each pull's progress, the last error) changes
  // far more often.
  const engine = useSyncEngine();
  const authRequired = useStoreSelect(engine.status, (status) => status.authRequired);
  const replaying = useStoreSelect(engine.status, (status) => status.replaying);
  // A 401 ends the session before the dialog asks to sign in again: the entries it counts are those of
  // the user whose session just ended, not of nobody.
  const [lastUserId, setLastUserId] = useState<string | null>(null);
  if (user && user.id !== lastUserId) setLastUserId(user.id);
  const summary = useOutboxSummary(user?.id ?? (authRequired ? lastUserId : null));
  const storage = useStorageHealth();
  const [opened, setOpened] = useState(false);
  const pending = summary.waiting + summary.failed + summary.conflict;
  const attention = summary.failed + summary.conflict > 0 || authRequired || storage.quotaExceeded;
  const label = pending === 0 ? t('sync.indicator.synced') : t('sync.indicator.label', { count: pending });

  const signInAgain = useCallback(() => {
    setOpened(false);
    // The waiting changes stay: they go out when this user signs in again.
    signOut();
    void router.navigate({ to: '/login', replace: true });
  }, [router]);

  return (
    <>
      <LazyTooltip label={label}>
        <Indicator
          label={pending}
          size={18}
          color={attention ? 'red' : 'blue'}
          disabled={pending === 0 && !attention}
          processing={replaying}
          offset={6}
        >
          <ActionIcon
            variant="subtle"
            color={attention ? 'red' : 'gray'}
            size={44}
            onClick={() => setOpened(true)}
            aria-label={label}
            data-pending={pending}
          >
            <IconCloudUpload size={22} />
          </ActionIcon>
        </Indicator>
      </LazyTooltip>
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        position="right"
        size="md"
        title={t('sync.panel.title')}
      >
        <SyncPanel onSignInAgain={signInAgain} />
      </Drawer>
      <HostedSyncNotices pending={pending} onSignInAgain={signInAgain} />
      <HostedMergedNotices userId={user?.id ?? null} />
      <HostedSignOutGuardModal />
    </>
  );
}
