import { AI_MAX_TEXT_CHARS, canUseAiHelpers } from '@/domain/ai';
import { isFeatureEnabled } from '@/domain/features';
import { useOnlineStatus } from '@/client/lib/use-online-status';
import { useSession } from '@/client/lib/session/session-store';
import { useSettings } from '@/client/lib/session/settings-store';
import { useAiStatus } from './ai-status';

export type AiUnavailableReason =
  'offline' | 'flagOff' | 'notConfigured' | 'disabled' | 'checking' | 'empty' | 'tooLong';

export interface AiAvailability {
  /** False for roles that may not use the helpers: the button is not shown at all. */
  allowed: boolean;
  /** Why the helpers cannot run now (i18n key `ai.assist.reason.<reason>`), null when they can. */
  reason: AiUnavailableReason | null;
}

/** Whether a text field's AI helpers can run for `text`, and if not, why. */
export function useAiAvailability(text: string): AiAvailability {
  const { user } = useSession();
  const online = useOnlineStatus();
  const { settings } = useSettings();
  const allowed = canUseAiHelpers(user);
  const flagOn = isFeatureEnabled(settings.features, 'ai');
  const status = useAiStatus(allowed && online && flagOn);

  let reason: AiUnavailableReason | null = null;
  if (!online) reason = 'offline';
  else if (!flagOn) reason = 'flagOff';
  else if (status.kind === 'failed' && status.code === 'FEATURE_DISABLED') reason = 'flagOff';
  else if (status.kind === 'failed' && status.code === 'NETWORK_ERROR') reason = 'offline';
  else if (status.kind === 'known' && status.status.reason === 'not-configured') reason = 'notConfigured';
  else if (status.kind === 'known' && status.status.reason === 'disabled') reason = 'disabled';
  else if (status.kind === 'unknown') reason = 'checking';
  else if (text.trim() === '') reason = 'empty';
  else if (text.length > AI_MAX_TEXT_CHARS) reason = 'tooLong';
  return { allowed, reason };
}
