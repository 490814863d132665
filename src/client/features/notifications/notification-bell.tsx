import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Indicator,
  Loader,
  Popover,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { notifications as toast } from '@mantine/notifications';
import { IconBell, IconBellCheck, IconChecks } from '@tabler/icons-react';
import { Link, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_DROPDOWN_MAX } from '@/domain/constants';
import { isFeatureEnabled } from '@/domain/features';
import type { Notification } from '@/domain/notification';
import { useCurrentUser } from '@/client/lib/session/session-store';
import { useSettings } from '@/client/lib/session/settings-store';
import { relativeTime } from './format-time';
import { inLanguage } from './localize';
import { NotificationIcon } from './notification-icon';
import { useFollowNotificationLink } from './notification-link';
import classes from './notifications.module.css';
import { notificationsStore, useNotifications } from './notifications-store';
import { startNotificationSync } from './notifications-sync';
import { PushOptInCompact } from './push/push-opt-in';

/** Runs live delivery for the signed-in user while the shell shows; a new user starts afresh. */
function useNotificationSync(userId: string, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    notificationsStore.reset();
    const stop = startNotificationSync(notificationsStore);
    return () => {
      stop();
      notificationsStore.reset();
    };
  }, [userId, enabled]);
}

/** Shows a failed mark as a short notice; the store has already put the notification back. */
export function useReadErrorNotice(): (error: unknown) => void {
  const { t } = useTranslation();
  return (error) =>
    toast.show({
      color: 'red',
      message: t('notifications.errors.markRead', {
        message: error instanceof Error ? error.message : String(error),
      }),
    });
}

/**
 * The bell in the top bar: unread badge and a dropdown of the latest unread notifications.
 * Hidden, and not syncing, while the notifications feature is switched off.
 */
export function NotificationBell() {
  const user = useCurrentUser();
  const { settings } = useSettings();
  const enabled = isFeatureEnabled(settings.features, 'notifications');
  useNotificationSync(user.id, enabled);
  return enabled ? <BellDropdown /> : null;
}

function BellDropdown() {
  const { t, i18n } = useTranslation();
  const router = useRouter();
  const { unread, unreadStatus, highlighted } = useNotifications();
  const [opened, setOpened] = useState(false);
  const followLink = useFollowNotificationLink();
  const showReadError = useReadErrorNotice();
  const count = unread.length;
  const latest = unread.slice(0, NOTIFICATION_DROPDOWN_MAX);
  const label = count > 0 ? t('notifications.bell.labelUnread', { count }) : t('notifications.bell.label');
  const arrival = useLatestArrival();

  const open = (notification: Notification) => {
    setOpened(false);
    notificationsStore.markRead(notification.id).catch(showReadError);
    if (!followLink(notification.link)) void router.navigate({ to: '/notifications' });
  };
  const markAll = () => {
    notificationsStore.markAllRead().catch(showReadError);
  };

  return (
    <>
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width="min(24rem, calc(100vw - 1rem))"
        shadow="lg"
        radius="md"
        withinPortal
        trapFocus
        returnFocus
      >
        <Popover.Target>
          <Tooltip label={label} disabled={opened}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size={44}
              radius="xl"
              aria-label={label}
              onClick={() => setOpened((value) => !value)}
              data-testid="notification-bell"
            >
              <Indicator
                label={count}
                maxValue={99}
                disabled={count === 0}
                size={18}
                offset={3}
                color="red"
                data-testid="notification-badge"
              >
                <IconBell size={24} stroke={1.6} />
              </Indicator>
            </ActionIcon>
          </Tooltip>
        </Popover.Target>
        <Popover.Dropdown className={classes.dropdown} aria-label={t('notifications.bell.title')}>
          {/* "Alle als gelesen markieren" does not fit beside the title: it moves below, whole. */}
          <Group justify="space-between" wrap="wrap" gap={4} className={classes.dropdownHeader}>
            <Text fw={700}>{t('notifications.bell.title')}</Text>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconChecks size={16} />}
              onClick={markAll}
              disabled={count === 0}
            >
              {t('notifications.markAllRead')}
            </Button>
          </Group>
          <div className={classes.dropdownList} data-testid="notification-dropdown-list">
            {unreadStatus === 'loading' || unreadStatus === 'idle' ? (
              <Group justify="center" p="lg">
                <Loader size="sm" aria-label={t('notifications.loading')} />
              </Group>
            ) : unreadStatus === 'error' && count === 0 ? (
              <Alert color="red" variant="light" m="sm" title={t('notifications.errors.load')}>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  onClick={() => void notificationsStore.refresh()}
                >
                  {t('notifications.retry')}
                </Button>
              </Alert>
            ) : latest.length === 0 ? (
              <Stack align="center" gap={4} p="lg">
                <IconBellCheck size={32} stroke={1.4} color="var(--mantine-color-dimmed)" aria-hidden />
                <Text size="sm" c="dimmed">
                  {t('notifications.bell.empty')}
                </Text>
              </Stack>
            ) : (
              latest
                .map((stored) => inLanguage(stored, i18n.language))
                .map((notification) => (
                  <UnstyledButton
                    key={notification.id}
                    className={classes.item}
                    onClick={() => open(notification)}
                    data-highlighted={highlighted.includes(notification.id) || undefined}
                    data-notification-id={notification.id}
                  >
                    <NotificationIcon type={notification.type} size={30} />
                    <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                      <Text size="sm" fw={600} lineClamp={2}>
                        {notification.title}
                      </Text>
                      {notification.message ? (
                        <Text size="sm" c="dimmed" lineClamp={3}>
                          {notification.message}
                        </Text>
                      ) : null}
                      <Text size="xs" c="dimmed">
                        {relativeTime(notification.createdAt, i18n.language)}
                      </Text>
                    </Stack>
                  </UnstyledButton>
                ))
            )}
          </div>
          <Stack gap="xs" className={classes.dropdownFooter}>
            <Button
              component={Link}
              to="/notifications"
              variant="default"
              size="xs"
              fullWidth
              onClick={() => setOpened(false)}
            >
              {t('notifications.bell.viewAll')}
            </Button>
            <PushOptInCompact />
          </Stack>
        </Popover.Dropdown>
      </Popover>
      <VisuallyHidden aria-live="polite" role="status">
        {arrival ? t('notifications.bell.arrived', { title: inLanguage(arrival, i18n.language).title }) : ''}
      </VisuallyHidden>
    </>
  );
}

/** The last notification that arrived after the first load, announced to screen readers. */
function useLatestArrival(): Notification | null {
  const [latest, setLatest] = useState<Notification | null>(null);
  useEffect(() => notificationsStore.onArrival(setLatest), []);
  return latest;
}
