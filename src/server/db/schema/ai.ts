import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/*
 * AI helpers and administration. No `@/` imports: drizzle-kit loads the schema with its own
 * resolver.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The AI configuration, one row (id = 1). Kept out of the public settings document because it holds the
 * provider's API key, which the API never sends back.
 */
export const aiConfig = pgTable('ai_config', {
  id: integer('id').primaryKey(),
  baseUrl: text('base_url').notNull().default(''),
  apiKey: text('api_key'),
  chatModel: text('chat_model').notNull().default(''),
  translatorModel: text('translator_model').notNull().default(''),
  temperature: doublePrecision('temperature').notNull().default(0.3),
  maxTokens: integer('max_tokens').notNull().default(1024),
  timeoutMs: integer('timeout_ms').notNull().default(60_000),
  rateLimitPerMinute: integer('rate_limit_per_minute').notNull().default(30),
  enabled: boolean('enabled').notNull().default(false),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedBy: uuid('updated_by'),
});

/** One row per model call: the statistics (calls, errors, tokens, latency per helper and day). */
export const aiCalls = pgTable(
  'ai_calls',
  {
    id: uuid('id').primaryKey(),
    at: ts('at').notNull().defaultNow(),
    helper: text('helper').notNull(),
    userId: uuid('user_id'),
    model: text('model').notNull(),
    ok: boolean('ok').notNull(),
    errorCode: text('error_code'),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    latencyMs: integer('latency_ms').notNull(),
  },
  (t) => [index('ai_calls_at_idx').on(t.at), index('ai_calls_helper_at_idx').on(t.helper, t.at)],
);

/** Per-user request counter for the AI rate limit: a fixed one-minute window, shared by every instance. */
export const aiRateLimits = pgTable('ai_rate_limits', {
  key: text('key').primaryKey(),
  windowStart: ts('window_start').notNull(),
  count: integer('count').notNull().default(0),
});
