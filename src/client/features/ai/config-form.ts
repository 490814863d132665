import { aiConfigUpdateSchema, type AiConfig, type AiConfigUpdate } from '@/domain/ai';

/** What the form does with the write-only API key. */
export type ApiKeyEdit = { mode: 'keep' } | { mode: 'replace'; value: string } | { mode: 'clear' };

export interface AiConfigForm {
  enabled: boolean;
  baseUrl: string;
  apiKey: ApiKeyEdit;
  chatModel: string;
  translatorModel: string;
  temperature: number | string;
  maxTokens: number | string;
  /** The time limit in seconds (the API stores milliseconds). */
  timeoutSeconds: number | string;
  rateLimitPerMinute: number | string;
}

export type AiConfigField = Exclude<keyof AiConfigForm, 'apiKey'> | 'apiKey';
export type AiConfigErrors = Partial<Record<AiConfigField, string>>;

export function formFromConfig(config: AiConfig): AiConfigForm {
  return {
    enabled: config.enabled,
    baseUrl: config.baseUrl,
    apiKey: { mode: 'keep' },
    chatModel: config.chatModel,
    translatorModel: config.translatorModel,
    temperature: config.temperature,
    maxTokens: config.maxTokens,
    timeoutSeconds: config.timeoutMs / 1000,
    rateLimitPerMinute: config.rateLimitPerMinute,
  };
}

const num = (value: number | string): number => (typeof value === 'number' ? value : Number.NaN);

/** The PUT body: every field, and the API key only when it is replaced (string) or removed (null). */
export function updateFromForm(form: AiConfigForm): Record<string, unknown> {
  return {
    enabled: form.enabled,
    baseUrl: form.baseUrl.trim(),
    chatModel: form.chatModel.trim(),
    translatorModel: form.translatorModel.trim(),
    temperature: num(form.temperature),
    maxTokens: num(form.maxTokens),
    timeoutMs: Math.round(num(form.timeoutSeconds) * 1000),
    rateLimitPerMinute: num(form.rateLimitPerMinute),
    ...(form.apiKey.mode === 'replace' && form.apiKey.value.trim() !== '' && { apiKey: form.apiKey.value }),
    ...(form.apiKey.mode === 'clear' && { apiKey: null }),
  };
}

const FIELD_BY_API: Record<string, AiConfigField> = {
  enabled: 'enabled',
  baseUrl: 'baseUrl',
  apiKey: 'apiKey',
  chatModel: 'chatModel',
  translatorModel: 'translatorModel',
  temperature: 'temperature',
  maxTokens: 'maxTokens',
  timeoutMs: 'timeoutSeconds',
  rateLimitPerMinute: 'rateLimitPerMinute',
};

/**
 * Checks the form with the API's own schema. Returns the update or the fields in error (the caller
 * shows `ai.admin.config.errors.<field>`). Switching the helpers on needs a base URL and a chat model.
 */
export function validateForm(
  form: AiConfigForm,
): { ok: true; update: AiConfigUpdate } | { ok: false; fields: AiConfigField[] } {
  const body = updateFromForm(form);
  const parsed = aiConfigUpdateSchema.safeParse(body);
  const fields = new Set<AiConfigField>();
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = FIELD_BY_API[String(issue.path[0])];
      if (field) fields.add(field);
    }
  }
  if (form.enabled && form.baseUrl.trim() === '') fields.add('baseUrl');
  if (form.enabled && form.chatModel.trim() === '') fields.add('chatModel');
  if (fields.size > 0 || !parsed.success) return { ok: false, fields: [...fields] };
  return { ok: true, update: parsed.data };
}

/** Server field errors (details.fields of VALIDATION_FAILED) as form fields. */
export function serverFields(details: unknown): AiConfigField[] {
  if (!details || typeof details !== 'object' || !('fields' in details)) return [];
  const fields = (details as { fields: unknown }).fields;
  if (!fields || typeof fields !== 'object') return [];
  return Object.keys(fields)
    .map((key) => FIELD_BY_API[key.replace(/^ai\./, '')])
    .filter((field): field is AiConfigField => !!field);
}

export function formsEqual(a: AiConfigForm, b: AiConfigForm): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
