import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  aiStatusSchema,
  canUseAiHelpers,
  isAiConfigured,
  helperResultSchema,
  rewriteRequestSchema,
  summarizeRequestSchema,
  translateRequestSchema,
  translatorModelOf,
} from '@/domain/ai';
import { forbidden } from '../../http-error';
import { rewritePrompt, summarizePrompt, translatePrompt } from './prompts';
import { readAiConfig } from './config-store';
import { AI_BODY_LIMIT, aiErrorResponses } from './schemas';
import { complete, prepareAiRequest } from './service';

/** Runs after the access plugin (signed in, `ai` flag on): only users who can edit free text. */
async function mayEditText(request: FastifyRequest) {
  if (!canUseAiHelpers(request.user)) {
    throw forbidden('Only users who can edit reports or logbook entries may use the AI helpers');
  }
}

/**
 * The helpers next to free-text fields: summarise, rewrite, translate → `{ result }`. Refused while the
 * helpers are not configured or switched off; rate-limited per user.
 */
export async function aiHelperRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const common = {
    config: { access: 'signed-in' as const },
    onRequest: mayEditText,
    bodyLimit: AI_BODY_LIMIT,
  };

  // Read-only: lets the helper buttons say why they are disabled before anyone clicks them.
  r.get('/ai/status', {
    config: { access: 'signed-in' as const },
    schema: { tags: ['ai'], response: { 200: aiStatusSchema } },
    handler: async () => {
      const config = await readAiConfig(app.db);
      if (!isAiConfigured(config)) return { available: false, reason: 'not-configured' as const };
      if (!config.enabled) return { available: false, reason: 'disabled' as const };
      return { available: true, reason: null };
    },
  });

  r.post('/ai/summarize', {
    ...common,
    schema: {
      tags: ['ai'],
      body: summarizeRequestSchema,
      response: { 200: helperResultSchema, ...aiErrorResponses },
    },
    handler: async (request) => {
      const config = await prepareAiRequest(app, request, { requireEnabled: true });
      const { text, language } = request.body;
      const result = await complete(app, request, config, {
        helper: 'summarize',
        model: config.chatModel,
        messages: summarizePrompt(text, language),
      });
      return { result };
    },
  });

  r.post('/ai/rewrite', {
    ...common,
    schema: {
      tags: ['ai'],
      body: rewriteRequestSchema,
      response: { 200: helperResultSchema, ...aiErrorResponses },
    },
    handler: async (request) => {
      const config = await prepareAiRequest(app, request, { requireEnabled: true });
      const { text, tone, language } = request.body;
      const result = await complete(app, request, config, {
        helper: 'rewrite',
        model: config.chatModel,
        messages: rewritePrompt(text, tone, language),
      });
      return { result };
    },
  });

  r.post('/ai/translate', {
    ...common,
    schema: {
      tags: ['ai'],
      body: translateRequestSchema,
      response: { 200: helperResultSchema, ...aiErrorResponses },
    },
    handler: async (request) => {
      const config = await prepareAiRequest(app, request, { requireEnabled: true });
      const { text, targetLanguage, sourceLanguage } = request.body;
      const result = await complete(app, request, config, {
        helper: 'translate',
        model: translatorModelOf(config),
        messages: translatePrompt(text, targetLanguage, sourceLanguage),
      });
      return { result };
    },
  });
}
