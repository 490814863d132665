import {
  channelTestResultSchema,
  notificationChannelsViewSchema,
  type ChannelTestResult,
  type NotificationChannel,
  type NotificationChannelsUpdate,
  type NotificationChannelsView,
} from '@/domain/notification-channels';
import { apiFetch } from '@/client/api/client';

/** `GET /api/notification-channels` (admin): settings with the state of each secret, never a secret. */
export async function getNotificationChannels(signal?: AbortSignal): Promise<NotificationChannelsView> {
  return notificationChannelsViewSchema.parse(await apiFetch<unknown>('/notification-channels', { signal }));
}

/** `PUT /api/notification-channels`: a secret left out is kept, `null` removes it, a string replaces it. */
export async function updateNotificationChannels(
  update: NotificationChannelsUpdate,
): Promise<NotificationChannelsView> {
  return notificationChannelsViewSchema.parse(
    await apiFetch<unknown>('/notification-channels', { method: 'PUT', body: update }),
  );
}

/** `POST /api/notification-channels/{channel}/test`: the provider's answer, success or its error. */
export async function sendChannelTest(channel: NotificationChannel, to?: string): Promise<ChannelTestResult> {
  return channelTestResultSchema.parse(
    await apiFetch<unknown>(`/notification-channels/${channel}/test`, {
      method: 'POST',
      body: channel === 'email' && to ? { to } : {},
    }),
  );
}
