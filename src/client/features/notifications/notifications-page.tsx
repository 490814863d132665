import {
  Alert,
  Button,
  EmptyState,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconBellCheck, IconChecks, IconInbox, IconRefresh } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@/domain/notification';
import { PageHeader } from '@/client/shell/page-header';
import { groupNotifications } from './group-notifications';
import { useReadErrorNotice } from './notification-bell';
import { NotificationCard } from './notification-card';
import { useFollowNotificationLink } from './notification-link';
import { notificationsStore, useNotifications } from './notifications-store';
import { PushOptInPanel } from './push/push-opt-in';
import { GROUP_LABEL } from './labels';

type Filter = 'all' | 'unread';

/**
 * /notifications: every notification grouped today, yesterday, this week and older;
 * mark one or all read; an unread filter; each opens its link. Live arrivals appear at the top.
 */
export function NotificationsPage() {
  const { t } = useTranslation();
  const { all, allStatus, unread, highlighted } = useNotifications();
  const [filter, setFilter] = useState<Filter>('all');
  const followLink = useFollowNotificationLink();
  const showReadError = useReadErrorNotice();

  useEffect(() => {
    // The bell keeps the unread list; opening the page is also a good moment to bring it up to date.
    void notificationsStore.refreshUnread();
    return notificationsStore.watchAll();
  }, []);

  // The unread filter shows the unread list itself: it is complete, the full list is capped.
  const items = filter === 'unread' ? unread : all;
  const groups = useMemo(() => groupNotifications(items), [items]);

  const markRead = (notification: Notification) => {
    notificationsStore.markRead(notification.id).catch(showReadError);
  };
  const open = (notification: Notification) => {
    if (!notification.read) markRead(notification);
    followLink(notification.link);
  };

  return (
    <>
      <PageHeader
        title={t('nav.notifications')}
        description={t('shell.pages.notifications')}
        actions={
          <Button
            leftSection={<IconChecks size={18} />}
            variant="light"
            disabled={unread.length === 0}
            onClick={() => notificationsStore.markAllRead().catch(showReadError)}
          >
            {t('notifications.markAllRead')}
          </Button>
        }
      />
      <Stack gap="lg">
        <PushOptInPanel />
        <Group justify="space-between" gap="sm">
          <SegmentedControl
            value={filter}
            onChange={(value) => setFilter(value as Filter)}
            aria-label={t('notifications.page.filter')}
            data={[
              { value: 'all', label: t('notifications.page.all') },
              { value: 'unread', label: t('notifications.page.unread', { count: unread.length }) },
            ]}
          />
          <Text size="sm" c="dimmed" role="status" data-testid="unread-count">
            {t('notifications.page.unreadCount', { count: unread.length })}
          </Text>
        </Group>
        {allStatus === 'error' ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={20} />}
            title={t('notifications.errors.load')}
            role="alert"
          >
            <Button
              mt="xs"
              size="xs"
              color="red"
              variant="light"
              leftSection={<IconRefresh size={14} />}
              onClick={() => void notificationsStore.loadAll()}
            >
              {t('notifications.retry')}
            </Button>
          </Alert>
        ) : allStatus !== 'ready' ? (
          <Stack
            gap="sm"
            role="status"
            aria-busy="true"
            aria-label={t('notifications.loading')}
            data-testid="notifications-loading"
          >
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} height={88} radius="md" />
            ))}
          </Stack>
        ) : groups.length === 0 ? (
          <EmptyState
            py="xl"
            withIndicatorBackground
            icon={filter === 'unread' ? <IconBellCheck size={28} /> : <IconInbox size={28} />}
            title={filter === 'unread' ? t('notifications.page.emptyUnread') : t('notifications.page.empty')}
            description={t('notifications.page.emptyHint')}
          />
        ) : (
          groups.map(({ group, items: groupItems }) => (
            <section key={group} aria-labelledby={`notifications-${group}`} data-group={group}>
              <Title order={2} size="h5" id={`notifications-${group}`} mb="xs" c="dimmed" tt="uppercase">
                {t(GROUP_LABEL[group])}
              </Title>
              <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
                {groupItems.map((notification) => (
                  <NotificationCard
                    key={notification.id}
                    notification={notification}
                    highlighted={highlighted.includes(notification.id)}
                    onMarkRead={markRead}
                    onOpen={open}
                  />
                ))}
              </Stack>
            </section>
          ))
        )}
      </Stack>
    </>
  );
}
