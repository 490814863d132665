import type { AiConfigField } from './config-form';

/* The i18n keys of Settings → AI built from values, spelled out so every key is findable in the source. */

export const CONFIG_ERROR_KEY: Record<AiConfigField, string> = {
  enabled: 'ai.admin.config.errors.enabled',
  baseUrl: 'ai.admin.config.errors.baseUrl',
  apiKey: 'ai.admin.config.errors.apiKey',
  chatModel: 'ai.admin.config.errors.chatModel',
  translatorModel: 'ai.admin.config.errors.translatorModel',
  temperature: 'ai.admin.config.errors.temperature',
  maxTokens: 'ai.admin.config.errors.maxTokens',
  timeoutSeconds: 'ai.admin.config.errors.timeoutSeconds',
  rateLimitPerMinute: 'ai.admin.config.errors.rateLimitPerMinute',
};

/** Names of the statistics' helpers (AI_HELPERS); unknown ones are shown as the server names them. */
export const HELPER_KEY: Record<string, string> = {
  summarize: 'ai.admin.helpers.summarize',
  rewrite: 'ai.admin.helpers.rewrite',
  translate: 'ai.admin.helpers.translate',
  chat: 'ai.admin.helpers.chat',
  'data-chat': 'ai.admin.helpers.data-chat',
  'translation-test': 'ai.admin.helpers.translation-test',
};
