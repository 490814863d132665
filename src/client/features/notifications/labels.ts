import { useTranslation } from 'react-i18next';
import type {
  ChannelFailure,
  NotificationChannel,
  NotificationEvent,
  SmtpSecurity,
  TeamsFormat,
} from '@/domain/notification-channels';
import type { NotificationGroup } from './group-notifications';
import type { PushState } from './push/push-subscription';

// i18n keys spelled out, so that every key can be found in the source (tests/client/i18n/locales.test.ts).

export const GROUP_LABEL: Record<NotificationGroup, string> = {
  today: 'notifications.groups.today',
  yesterday: 'notifications.groups.yesterday',
  thisWeek: 'notifications.groups.thisWeek',
  older: 'notifications.groups.older',
};

export const PUSH_STATE_LABEL: Record<PushState, string> = {
  enabled: 'notifications.push.state.enabled',
  available: 'notifications.push.state.available',
  blocked: 'notifications.push.state.blocked',
  unsupported: 'notifications.push.state.unsupported',
};

export const PUSH_STATE_HINT: Record<PushState, string> = {
  enabled: 'notifications.push.hint.enabled',
  available: 'notifications.push.hint.available',
  blocked: 'notifications.push.hint.blocked',
  unsupported: 'notifications.push.hint.unsupported',
};

export const EVENT_LABEL: Record<NotificationEvent, string> = {
  'report.submitted': 'notifications.events.report.submitted',
  'report.approved': 'notifications.events.report.approved',
  'report.rejected': 'notifications.events.report.rejected',
  'logbook.pending': 'notifications.events.logbook.pending',
  'logbook.approved': 'notifications.events.logbook.approved',
  'maintenance.due': 'notifications.events.maintenance.due',
  'stock.low': 'notifications.events.stock.low',
  'dispo.published': 'notifications.events.dispo.published',
  'dispo.changed': 'notifications.events.dispo.changed',
  'backup.failed': 'notifications.events.backup.failed',
};

export const CHANNEL_HINT: Record<NotificationChannel, string> = {
  email: 'notifications.admin.channelHint.email',
  push: 'notifications.admin.channelHint.push',
  slack: 'notifications.admin.channelHint.slack',
  teams: 'notifications.admin.channelHint.teams',
  discord: 'notifications.admin.channelHint.discord',
  webhook: 'notifications.admin.channelHint.webhook',
};

/** A failed test send, said in the user's language; the server's detail goes beneath. */
export const CHANNEL_FAILURE_TEXT: Record<ChannelFailure, string> = {
  NOT_CONFIGURED: 'notifications.admin.testFailure.NOT_CONFIGURED',
  NO_RECIPIENT: 'notifications.admin.testFailure.NO_RECIPIENT',
  NO_SUBSCRIPTION: 'notifications.admin.testFailure.NO_SUBSCRIPTION',
  UNREACHABLE: 'notifications.admin.testFailure.UNREACHABLE',
  TIMEOUT: 'notifications.admin.testFailure.TIMEOUT',
  AUTH_FAILED: 'notifications.admin.testFailure.AUTH_FAILED',
  REJECTED: 'notifications.admin.testFailure.REJECTED',
  FAILED: 'notifications.admin.testFailure.FAILED',
};

export const TEAMS_FORMAT_LABEL: Record<TeamsFormat, string> = {
  adaptiveCard: 'notifications.admin.teamsFormats.adaptiveCard',
  messageCard: 'notifications.admin.teamsFormats.messageCard',
};

/** Product and protocol names stay as they are in every language. */
const CHANNEL_BRAND: Partial<Record<NotificationChannel, string>> = {
  slack: 'Slack',
  teams: 'Microsoft Teams',
  discord: 'Discord',
};
const CHANNEL_LABEL: Partial<Record<NotificationChannel, string>> = {
  email: 'notifications.channels.email',
  push: 'notifications.channels.push',
  webhook: 'notifications.channels.webhook',
};
const SECURITY_NAME: Record<SmtpSecurity, string | null> = {
  none: null,
  starttls: 'STARTTLS',
  tls: 'TLS (SMTPS)',
};

export function useChannelName(): (channel: NotificationChannel) => string {
  const { t } = useTranslation();
  return (channel) => CHANNEL_BRAND[channel] ?? t(CHANNEL_LABEL[channel] ?? channel);
}

export function useSecurityName(): (security: SmtpSecurity) => string {
  const { t } = useTranslation();
  return (security) => SECURITY_NAME[security] ?? t('notifications.admin.smtp.securityOptions.none');
}
