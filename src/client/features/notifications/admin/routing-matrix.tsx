import { Checkbox, Paper, Table, Text, Title } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENTS,
  type NotificationChannel,
  type NotificationEvent,
  type NotificationRouting,
} from '@/domain/notification-channels';
import { EVENT_LABEL, useChannelName } from '../labels';

interface RoutingMatrixProps {
  routing: NotificationRouting;
  /** Channels switched on: the others' columns are dimmed (their ticks are kept for later). */
  enabledChannels: ReadonlySet<NotificationChannel>;
  onChange: (routing: NotificationRouting) => void;
  readOnly: boolean;
}

/** Which events go to which channels: one checkbox per event and channel (re-rendered only when they change). */
export const RoutingMatrix = memo(function RoutingMatrix({
  routing,
  enabledChannels,
  onChange,
  readOnly,
}: RoutingMatrixProps) {
  const { t } = useTranslation();
  const channelName = useChannelName();

  const toggle = (event: NotificationEvent, channel: NotificationChannel, checked: boolean) => {
    const current = new Set(routing[event]);
    if (checked) current.add(channel);
    else current.delete(channel);
    // Kept in the channels' own order, so that ticking and unticking leaves the form unchanged.
    onChange({ ...routing, [event]: NOTIFICATION_CHANNELS.filter((entry) => current.has(entry)) });
  };

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="routing-title">
      <Title order={3} size="h4" id="routing-title">
        {t('notifications.admin.routing.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('notifications.admin.routing.hint')}
      </Text>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="xs" highlightOnHover striped withRowBorders>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('notifications.admin.routing.event')}</Table.Th>
              {NOTIFICATION_CHANNELS.map((channel) => (
                <Table.Th
                  key={channel}
                  scope="col"
                  ta="center"
                  c={enabledChannels.has(channel) ? undefined : 'dimmed'}
                  style={{ whiteSpace: 'nowrap' }}
                  title={
                    enabledChannels.has(channel) ? undefined : t('notifications.admin.routing.channelOff')
                  }
                >
                  {channelName(channel)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {NOTIFICATION_EVENTS.map((event) => (
              <Table.Tr key={event}>
                <Table.Th scope="row" fw={500}>
                  {t(EVENT_LABEL[event])}
                </Table.Th>
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <Table.Td key={channel} ta="center">
                    <Checkbox
                      checked={routing[event].includes(channel)}
                      onChange={(change) => toggle(event, channel, change.currentTarget.checked)}
                      disabled={readOnly}
                      opacity={enabledChannels.has(channel) ? 1 : 0.5}
                      aria-label={t('notifications.admin.routing.cell', {
                        event: t(EVENT_LABEL[event]),
                        channel: channelName(channel),
                      })}
                      styles={{ body: { justifyContent: 'center' } }}
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
});
