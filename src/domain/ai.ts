import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { LANGUAGES, type Language } from './constants';
import { can, type Actor } from './permissions';

/*
 * AI helpers and AI administration, shared by the server (src/server/modules/ai) and the
 * client's helper buttons and Settings → AI screen. The server talks to any OpenAI-compatible model
 * server (Ollama, vLLM, LM Studio, hosted services) through src/server/services/ai.
 */

/** Longest text a helper, the admin chat or the translation test accepts (characters). */
export const AI_MAX_TEXT_CHARS = 20_000;
/** Longest data-chat question (characters). */
export const AI_MAX_QUERY_CHARS = 2_000;
/** Data chat: how many records may be quoted to the model at most, and the default. */
export const AI_DATA_CHAT_MAX_LIMIT = 50;
export const AI_DATA_CHAT_DEFAULT_LIMIT = 20;
/** Default per-user limit of AI requests per minute (configurable in the AI configuration). */
export const AI_DEFAULT_RATE_LIMIT_PER_MINUTE = 30;

/** The model is told the language by name; `gr` is the app's code for Greek. */
export const AI_LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'German',
  bg: 'Bulgarian',
  gr: 'Greek',
};
export const aiLanguageSchema = lazySchema(() => z.enum(LANGUAGES));

export const AI_TONES = ['formal', 'neutral', 'concise', 'friendly'] as const;
export type AiTone = (typeof AI_TONES)[number];

/** What the statistics count, one name per kind of model call. */
export const AI_HELPERS = [
  'summarize',
  'rewrite',
  'translate',
  'chat',
  'data-chat',
  'translation-test',
] as const;
export type AiHelper = (typeof AI_HELPERS)[number];

/**
 * Error codes of the AI endpoints beside the common ones (src/domain/errors.ts), with their HTTP status.
 * Every error body stays `{ message, code, details? }`.
 */
export const AI_ERROR_CODES = {
  /** No base URL or no chat model configured. */
  AI_NOT_CONFIGURED: 503,
  /** The administrator switched the helpers off. */
  AI_DISABLED: 503,
  /** The model server did not answer within the configured time limit. */
  AI_TIMEOUT: 504,
  /** Connection refused, unknown host, connection reset. */
  AI_UNREACHABLE: 503,
  /** The configured model does not exist on the model server. */
  AI_MODEL_NOT_FOUND: 502,
  /** The model server refused the API key (401/403). */
  AI_AUTH_FAILED: 502,
  /** The model server is rate limiting or overloaded (429). */
  AI_BUSY: 503,
  /** Any other non-2xx answer of the model server. */
  AI_PROVIDER_ERROR: 502,
  /** A 2xx answer that could not be read (not JSON, no choices, empty text, too large). */
  AI_BAD_RESPONSE: 502,
} as const;
export type AiErrorCode = keyof typeof AI_ERROR_CODES;

export const aiErrorSchema = lazySchema(() => z.object({ code: z.string(), message: z.string() }));
export type AiErrorInfo = z.infer<typeof aiErrorSchema>;

const text = lazySchema(() =>
  z
    .string()
    .max(AI_MAX_TEXT_CHARS, `At most ${AI_MAX_TEXT_CHARS} characters`)
    .refine((s) => s.trim().length > 0, 'Must not be empty'),
);

/*
 * ── Configuration ────────────────────────────────────────────────────────────────────────────────
 */

/** The configuration as the API returns it: the API key is write-only, only whether one is stored. */
export const aiConfigSchema = lazySchema(() =>
  z.object({
    /** OpenAI-compatible base URL, e.g. http://localhost:11434/v1 (Ollama); "" when not configured. */
    baseUrl: z.string(),
    apiKeyConfigured: z.boolean(),
    chatModel: z.string(),
    /** Model for translations; "" means the chat model. */
    translatorModel: z.string(),
    temperature: z.number(),
    maxTokens: z.number().int(),
    timeoutMs: z.number().int(),
    /** AI requests per user and minute (helpers and admin tools together). */
    rateLimitPerMinute: z.number().int(),
    /** Whether the helpers are offered to users. The admin tools also work while this is off. */
    enabled: z.boolean(),
  }),
);
export type AiConfig = z.infer<typeof aiConfigSchema>;
export const aiConfigResponseSchema = lazySchema(() => z.object({ ai: aiConfigSchema }));
export type AiConfigResponse = z.infer<typeof aiConfigResponseSchema>;

const baseUrlSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .max(500)
    .refine((s) => s === '' || /^https?:\/\/[^\s/]+/i.test(s), 'Must be an http:// or https:// URL')
    .transform((s) => s.replace(/\/+$/, '')),
);
const modelName = lazySchema(() => z.string().trim().max(200));

/**
 * PUT /api/ai/admin/config body `{ ai }`: only the fields sent change. `apiKey` omitted keeps the
 * stored key; `null` or "" clears it.
 */
export const aiConfigUpdateSchema = lazySchema(() =>
  z
    .object({
      baseUrl: baseUrlSchema,
      apiKey: z.union([z.string().trim().max(1000), z.null()]).transform((v) => (v ? v : null)),
      chatModel: modelName,
      translatorModel: modelName,
      temperature: z.number().min(0).max(2),
      maxTokens: z.number().int().min(1).max(200_000),
      timeoutMs: z.number().int().min(1_000).max(600_000),
      rateLimitPerMinute: z.number().int().min(1).max(10_000),
      enabled: z.boolean(),
    })
    .partial()
    .strict(),
);
export type AiConfigUpdate = z.infer<typeof aiConfigUpdateSchema>;
export const aiConfigUpdateRequestSchema = lazySchema(() => z.object({ ai: aiConfigUpdateSchema }));

export const AI_DEFAULT_CONFIG: AiConfig = {
  baseUrl: '',
  apiKeyConfigured: false,
  chatModel: '',
  translatorModel: '',
  temperature: 0.3,
  maxTokens: 1024,
  timeoutMs: 60_000,
  rateLimitPerMinute: AI_DEFAULT_RATE_LIMIT_PER_MINUTE,
  enabled: false,
};

/** Base URL and chat model set: the minimum to call a model. */
export function isAiConfigured(config: Pick<AiConfig, 'baseUrl' | 'chatModel'>): boolean {
  return config.baseUrl !== '' && config.chatModel !== '';
}

/** The model translations use: the translator model, else the chat model. */
export function translatorModelOf(config: Pick<AiConfig, 'chatModel' | 'translatorModel'>): string {
  return config.translatorModel || config.chatModel;
}

/*
 * ── Helpers ──────────────────────────────────────────────────────────────────────────────────────
 */

export const summarizeRequestSchema = lazySchema(() => z.object({ text, language: aiLanguageSchema }));
export type SummarizeRequest = z.infer<typeof summarizeRequestSchema>;

export const rewriteRequestSchema = lazySchema(() =>
  z.object({
    text,
    tone: z.enum(AI_TONES),
    language: aiLanguageSchema,
  }),
);
export type RewriteRequest = z.infer<typeof rewriteRequestSchema>;

export const translateRequestSchema = lazySchema(() =>
  z.object({
    text,
    targetLanguage: aiLanguageSchema,
    sourceLanguage: aiLanguageSchema.optional(),
  }),
);
export type TranslateRequest = z.infer<typeof translateRequestSchema>;

export const helperResultSchema = lazySchema(() => z.object({ result: z.string() }));
export type HelperResult = z.infer<typeof helperResultSchema>;

/**
 * GET /api/ai/status (any signed-in user): whether the helpers can be offered, without revealing the
 * configuration. `reason` says why not.
 */
export const aiStatusSchema = lazySchema(() =>
  z.object({
    available: z.boolean(),
    reason: z.enum(['not-configured', 'disabled']).nullable(),
  }),
);
export type AiStatus = z.infer<typeof aiStatusSchema>;

/*
 * ── Admin ────────────────────────────────────────────────────────────────────────────────────────
 */

export const aiModelSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    ownedBy: z.string().nullable(),
    /** The model the configuration names for this purpose (chat or translator). */
    configured: z.boolean(),
  }),
);
export type AiModel = z.infer<typeof aiModelSchema>;
export const aiModelListSchema = lazySchema(() =>
  z.object({
    models: z.array(aiModelSchema),
    /** The configured model; it may be missing from `models` (then it is not available). */
    configured: z.string(),
  }),
);
export type AiModelList = z.infer<typeof aiModelListSchema>;

export const aiHealthSchema = lazySchema(() =>
  z.object({
    reachable: z.boolean(),
    /** Time to the model list's answer; null when there was no answer. */
    latencyMs: z.number().int().nullable(),
    modelsPresent: z.object({ chat: z.boolean(), translator: z.boolean() }),
    error: aiErrorSchema.optional(),
  }),
);
export type AiHealth = z.infer<typeof aiHealthSchema>;

const dateOnly = lazySchema(() => z.iso.date());
export const aiStatsQuerySchema = lazySchema(() =>
  z
    .object({
      /** First day (UTC, inclusive); default 29 days before `to`. */
      from: dateOnly.optional(),
      /** Last day (UTC, inclusive); default today. */
      to: dateOnly.optional(),
      helper: z.enum(AI_HELPERS).optional(),
    })
    .refine((q) => !q.from || !q.to || q.from <= q.to, {
      path: ['to'],
      message: '"to" must not be before "from"',
    }),
);
export type AiStatsQuery = z.infer<typeof aiStatsQuerySchema>;

export const aiStatsRowSchema = lazySchema(() =>
  z.object({
    day: z.string(),
    helper: z.string(),
    calls: z.number().int(),
    errors: z.number().int(),
    promptTokens: z.number().int(),
    completionTokens: z.number().int(),
    avgLatencyMs: z.number().int(),
    p95LatencyMs: z.number().int(),
  }),
);
export type AiStatsRow = z.infer<typeof aiStatsRowSchema>;
export const aiStatsSchema = lazySchema(() =>
  z.object({ from: z.string(), to: z.string(), items: z.array(aiStatsRowSchema) }),
);
export type AiStats = z.infer<typeof aiStatsSchema>;

export const aiChatRequestSchema = lazySchema(() => z.object({ message: text }));
export const aiChatResponseSchema = lazySchema(() => z.object({ reply: z.string() }));
export type AiChatResponse = z.infer<typeof aiChatResponseSchema>;

export const aiDataChatRequestSchema = lazySchema(() =>
  z.object({
    query: z
      .string()
      .max(AI_MAX_QUERY_CHARS, `At most ${AI_MAX_QUERY_CHARS} characters`)
      .refine((s) => s.trim().length > 0, 'Must not be empty'),
    collections: z.array(z.string().trim().min(1).max(100)).min(1).max(20),
    limit: z.number().int().min(1).max(AI_DATA_CHAT_MAX_LIMIT).default(AI_DATA_CHAT_DEFAULT_LIMIT),
  }),
);
export type AiDataChatRequest = z.infer<typeof aiDataChatRequestSchema>;
export const aiDataChatResponseSchema = lazySchema(() =>
  z.object({
    answer: z.string(),
    /** Records quoted to the model, per collection. */
    used: z.record(z.string(), z.number().int()),
  }),
);
export type AiDataChatResponse = z.infer<typeof aiDataChatResponseSchema>;

export const aiTranslationTestRequestSchema = lazySchema(() => z.object({ text }));
export const aiTranslationOutcomeSchema = lazySchema(() =>
  z.object({
    result: z.string().optional(),
    error: aiErrorSchema.optional(),
  }),
);
export type AiTranslationOutcome = z.infer<typeof aiTranslationOutcomeSchema>;
export const aiTranslationTestResponseSchema = lazySchema(() =>
  z.object({
    results: z.object({
      en: aiTranslationOutcomeSchema,
      de: aiTranslationOutcomeSchema,
      bg: aiTranslationOutcomeSchema,
      gr: aiTranslationOutcomeSchema,
    }),
  }),
);
export type AiTranslationTestResponse = z.infer<typeof aiTranslationTestResponseSchema>;

/**
 * Who may use the helpers: users who can edit the free text of reports or logbook entries (admin,
 * manager, operator). Others — dispo and view-only roles — are refused.
 */
export function canUseAiHelpers(actor: Actor | null | undefined): boolean {
  return can(actor, 'ai:use');
}
