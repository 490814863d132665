import { Badge, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@/domain/notification';
import { dateTime, relativeTime } from './format-time';
import { inLanguage } from './localize';
import { NotificationIcon } from './notification-icon';
import { notificationTarget } from './notification-link';
import classes from './notifications.module.css';

interface NotificationCardProps {
  notification: Notification;
  highlighted: boolean;
  onMarkRead: (notification: Notification) => void;
  /** Marks it read and follows its link. */
  onOpen: (notification: Notification) => void;
}

/** One notification on the /notifications page: what happened, when, and what can be done with it. */
export function NotificationCard({ highlighted, onMarkRead, onOpen, ...props }: NotificationCardProps) {
  const { t, i18n } = useTranslation();
  const notification = inLanguage(props.notification, i18n.language);
  const target = notificationTarget(notification.link);
  const unread = !notification.read;
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="md"
      className={classes.card}
      data-unread={unread || undefined}
      data-highlighted={highlighted || undefined}
      data-notification-id={notification.id}
      aria-label={unread ? t('notifications.unreadLabel', { title: notification.title }) : notification.title}
    >
      {/* On a phone the buttons move below the text instead of squeezing it into a narrow column. */}
      <Group align="flex-start" wrap="wrap" gap="md">
        <NotificationIcon type={notification.type} />
        <Stack gap={4} style={{ flex: '1 1 14rem', minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={unread ? 700 : 500} style={{ overflowWrap: 'anywhere' }}>
              {notification.title}
            </Text>
            {unread ? (
              <Badge size="sm" variant="light">
                {t('notifications.new')}
              </Badge>
            ) : null}
          </Group>
          {notification.message ? (
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {notification.message}
            </Text>
          ) : null}
          <Tooltip label={dateTime(notification.createdAt, i18n.language)}>
            <Text size="xs" c="dimmed" component="time" dateTime={notification.createdAt} w="fit-content">
              {relativeTime(notification.createdAt, i18n.language)}
            </Text>
          </Tooltip>
        </Stack>
        <Group gap="xs" wrap="wrap" justify="flex-end" style={{ flex: 'none', marginInlineStart: 'auto' }}>
          {target ? (
            <Button
              size="xs"
              variant="light"
              rightSection={target.kind === 'external' ? <IconExternalLink size={14} /> : undefined}
              onClick={() => onOpen(notification)}
              aria-label={t('notifications.openItem', { title: notification.title })}
            >
              {t('notifications.open')}
            </Button>
          ) : null}
          {unread ? (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconCheck size={14} />}
              onClick={() => onMarkRead(notification)}
              aria-label={t('notifications.markReadItem', { title: notification.title })}
            >
              {t('notifications.markRead')}
            </Button>
          ) : null}
        </Group>
      </Group>
    </Paper>
  );
}
