import { Stack } from '@mantine/core';
import { IconDeviceMobileMessage } from '@tabler/icons-react';
import { useMemo } from 'react';
import { NOTIFICATION_CHANNELS } from '@/domain/notification-channels';
import { ChannelCard } from './channel-card';
import type { ChannelEditorProps } from './channel-editor';
import { channelChanged } from './channel-form';
import { ChatChannelCard } from './chat-channel-card';
import { EmailChannelCard } from './email-channel-card';
import { RoutingMatrix } from './routing-matrix';
import { SaveBar } from './save-bar';
import { SectionLoadFailed, SectionLoading } from './section-load-states';
import { useChannelSettings } from './use-channel-settings';

export interface NotificationAdminSectionProps {
  /** Shows the settings without controls. @default false */
  readOnly?: boolean;
  /** Told whenever the section starts or stops holding unsaved input (the page's status and leave guard). */
  onDirtyChange?: (dirty: boolean) => void;
}

const CHAT_CHANNELS = ['slack', 'teams', 'discord', 'webhook'] as const;

/**
 * Settings → Notifications (admin): switch e-mail, web push and the chat webhooks on,
 * enter their settings (secrets are write-only: "configured", replace or remove — never shown), route
 * events to channels, and send a test through each channel.
 */
export function NotificationAdminSection({ readOnly = false, onDirtyChange }: NotificationAdminSectionProps) {
  const settings = useChannelSettings(onDirtyChange);
  const { load, form, saved, update } = settings;

  const enabledChannels = useMemo(
    () => new Set(form ? NOTIFICATION_CHANNELS.filter((channel) => form[channel].enabled) : []),
    [form],
  );

  if (load.status === 'loading' || !form || !saved) {
    if (load.status === 'error') return <SectionLoadFailed error={load.error} onRetry={settings.reload} />;
    return <SectionLoading />;
  }
  const view = load.status === 'ready' ? load.view : null;
  if (!view) return null;

  const editor: ChannelEditorProps = { view, form, saved, update, errors: settings.errors, readOnly };

  return (
    <Stack gap="lg" data-testid="notification-admin">
      <ChannelCard
        channel="push"
        icon={IconDeviceMobileMessage}
        enabled={form.push.enabled}
        onEnabledChange={(enabled) => update((current) => ({ ...current, push: { enabled } }))}
        unsaved={channelChanged(form, saved, 'push')}
        readOnly={readOnly}
      />
      <EmailChannelCard {...editor} />
      {CHAT_CHANNELS.map((channel) => (
        <ChatChannelCard key={channel} channel={channel} {...editor} />
      ))}
      <RoutingMatrix
        routing={form.routing}
        enabledChannels={enabledChannels}
        onChange={settings.setRouting}
        readOnly={readOnly}
      />
      {readOnly ? null : (
        <SaveBar
          dirty={settings.dirty}
          saving={settings.saving}
          saveError={settings.saveError}
          onDiscard={settings.discard}
          onSave={() => void settings.save()}
        />
      )}
    </Stack>
  );
}
