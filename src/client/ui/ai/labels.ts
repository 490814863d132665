import type { AiTone } from '@/domain/ai';
import type { Language } from '@/domain/constants';
import type { AiUnavailableReason } from './use-ai-availability';

/* The i18n keys of the AI helpers' labels, spelled out so that every key is findable in the source. */

export const AI_REASON_KEY: Record<AiUnavailableReason, string> = {
  offline: 'ai.assist.reason.offline',
  flagOff: 'ai.assist.reason.flagOff',
  notConfigured: 'ai.assist.reason.notConfigured',
  disabled: 'ai.assist.reason.disabled',
  checking: 'ai.assist.reason.checking',
  empty: 'ai.assist.reason.empty',
  tooLong: 'ai.assist.reason.tooLong',
};

export const AI_TONE_KEY: Record<AiTone, string> = {
  formal: 'ai.tones.formal',
  neutral: 'ai.tones.neutral',
  concise: 'ai.tones.concise',
  friendly: 'ai.tones.friendly',
};

/** A language's name in the UI language (the language picker shows each in its own language). */
export const AI_LANGUAGE_KEY: Record<Language, string> = {
  en: 'ai.languages.en',
  de: 'ai.languages.de',
  bg: 'ai.languages.bg',
  gr: 'ai.languages.gr',
};

/** Error codes with a clear message of their own. */
export const AI_ERROR_KEY: Record<string, string> = {
  AI_NOT_CONFIGURED: 'ai.errors.AI_NOT_CONFIGURED',
  AI_DISABLED: 'ai.errors.AI_DISABLED',
  AI_TIMEOUT: 'ai.errors.AI_TIMEOUT',
  AI_UNREACHABLE: 'ai.errors.AI_UNREACHABLE',
  AI_MODEL_NOT_FOUND: 'ai.errors.AI_MODEL_NOT_FOUND',
  AI_AUTH_FAILED: 'ai.errors.AI_AUTH_FAILED',
  AI_BUSY: 'ai.errors.AI_BUSY',
  AI_PROVIDER_ERROR: 'ai.errors.AI_PROVIDER_ERROR',
  AI_BAD_RESPONSE: 'ai.errors.AI_BAD_RESPONSE',
  RATE_LIMITED: 'ai.errors.RATE_LIMITED',
  PAYLOAD_TOO_LARGE: 'ai.errors.PAYLOAD_TOO_LARGE',
  FEATURE_DISABLED: 'ai.errors.FEATURE_DISABLED',
  FORBIDDEN: 'ai.errors.FORBIDDEN',
  NETWORK_ERROR: 'ai.errors.NETWORK_ERROR',
};
