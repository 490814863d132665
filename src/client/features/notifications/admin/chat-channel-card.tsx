import { Select, Stack } from '@mantine/core';
import { IconBrandDiscord, IconBrandSlack, IconBrandTeams, IconWebhook } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TEAMS_FORMATS, type ChatChannel } from '@/domain/notification-channels';
import { ChannelCard } from './channel-card';
import type { ChannelEditorProps } from './channel-editor';
import { channelChanged } from './channel-form';
import { ChannelSecretField } from './channel-secret-field';
import { TEAMS_FORMAT_LABEL } from '../labels';

const CHAT_ICONS = {
  slack: IconBrandSlack,
  teams: IconBrandTeams,
  discord: IconBrandDiscord,
  webhook: IconWebhook,
};

/** A chat webhook channel: its URL, and Teams' message format or the generic webhook's signing secret. */
export function ChatChannelCard({ channel, ...editor }: ChannelEditorProps & { channel: ChatChannel }) {
  const { t } = useTranslation();
  const { form, saved, update, readOnly } = editor;
  return (
    <ChannelCard
      channel={channel}
      icon={CHAT_ICONS[channel]}
      enabled={form[channel].enabled}
      onEnabledChange={(enabled) =>
        update((current) => ({ ...current, [channel]: { ...current[channel], enabled } }))
      }
      unsaved={channelChanged(form, saved, channel)}
      readOnly={readOnly}
    >
      <Stack gap="sm">
        <ChannelSecretField
          editor={editor}
          field={`${channel}.url`}
          label={t('notifications.admin.webhookUrl')}
          kind="url"
        />
        {channel === 'teams' ? (
          <Select
            label={t('notifications.admin.teamsFormat')}
            data={TEAMS_FORMATS.map((format) => ({
              value: format,
              label: t(TEAMS_FORMAT_LABEL[format]),
            }))}
            value={form.teams.format}
            onChange={(value) =>
              value &&
              update((current) => ({
                ...current,
                teams: { ...current.teams, format: value as typeof current.teams.format },
              }))
            }
            allowDeselect={false}
            disabled={readOnly}
          />
        ) : null}
        {channel === 'webhook' ? (
          <ChannelSecretField
            editor={editor}
            field="webhook.secret"
            label={t('notifications.admin.webhookSecret')}
            kind="password"
            description={t('notifications.admin.webhookSecretHint')}
          />
        ) : null}
      </Stack>
    </ChannelCard>
  );
}
