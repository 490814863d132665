import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  aiChatRequestSchema,
  aiChatResponseSchema,
  aiConfigResponseSchema,
  aiConfigUpdateRequestSchema,
  aiDataChatRequestSchema,
  aiDataChatResponseSchema,
  aiHealthSchema,
  aiModelListSchema,
  aiStatsQuerySchema,
  aiStatsSchema,
  aiTranslationTestRequestSchema,
  aiTranslationTestResponseSchema,
  translatorModelOf,
  type AiTranslationOutcome,
} from '@/domain/ai';
import { LANGUAGES, type Language } from '@/domain/constants';
import { AiError } from '../../services/ai/errors';
import {
  aiConfigChanges,
  aiConfigToApi,
  applyAiConfigUpdate,
  readAiConfig,
  writeAiConfig,
} from './config-store';
import { gatherRecords } from './data-chat';
import { checkHealth, listModels } from './health';
import { adminChatPrompt, dataChatPrompt, translatePrompt } from './prompts';
import { AI_BODY_LIMIT, aiErrorResponses } from './schemas';
import { complete, prepareAiRequest } from './service';
import { aiStats } from './usage';

/**
 * Settings → AI (admin, policy 'ai:admin'): configuration, models, health, statistics and the test
 * tools. The tools work while the helpers are switched off, so an admin can try a configuration before
 * offering it to users.
 */
export async function aiAdminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { config: { access: 'ai:admin' as const } };

  r.get('/ai/admin/config', {
    ...admin,
    schema: { tags: ['ai'], response: { 200: aiConfigResponseSchema, ...aiErrorResponses } },
    handler: async () => ({ ai: aiConfigToApi(await readAiConfig(app.db)) }),
  });

  r.put('/ai/admin/config', {
    ...admin,
    schema: {
      tags: ['ai'],
      body: aiConfigUpdateRequestSchema,
      response: { 200: aiConfigResponseSchema, ...aiErrorResponses },
    },
    handler: async (request) =>
      app.db.transaction(async (tx) => {
        const before = await readAiConfig(tx, true);
        const after = applyAiConfigUpdate(before, request.body.ai);
        const changes = aiConfigChanges(before, after);
        if (Object.keys(changes).length > 0) {
          await writeAiConfig(tx, after, request.user!.id);
          await app.audit(
            request,
            { action: 'ai.config.update', entity: 'ai-config', entityId: 'ai', changes },
            tx,
          );
        }
        return { ai: aiConfigToApi(after) };
      }),
  });

  r.get('/ai/admin/models', {
    ...admin,
    schema: { tags: ['ai'], response: { 200: aiModelListSchema, ...aiErrorResponses } },
    handler: async () => {
      const config = await readAiConfig(app.db);
      return listModels(config, config.chatModel);
    },
  });

  r.get('/ai/admin/translator-models', {
    ...admin,
    schema: { tags: ['ai'], response: { 200: aiModelListSchema, ...aiErrorResponses } },
    handler: async () => {
      const config = await readAiConfig(app.db);
      return listModels(config, translatorModelOf(config));
    },
  });

  r.get('/ai/admin/health', {
    ...admin,
    schema: { tags: ['ai'], response: { 200: aiHealthSchema, ...aiErrorResponses } },
    handler: async () => checkHealth(await readAiConfig(app.db)),
  });

  r.get('/ai/admin/stats', {
    ...admin,
    schema: {
      tags: ['ai'],
      querystring: aiStatsQuerySchema,
      response: { 200: aiStatsSchema, ...aiErrorResponses },
    },
    handler: async (request) => aiStats(app.db, request.query),
  });

  r.post('/ai/admin/chat', {
    ...admin,
    bodyLimit: AI_BODY_LIMIT,
    schema: {
      tags: ['ai'],
      body: aiChatRequestSchema,
      response: { 200: aiChatResponseSchema, ...aiErrorResponses },
    },
    handler: async (request) => {
      const config = await prepareAiRequest(app, request, { requireEnabled: false });
      const reply = await complete(app, request, config, {
        helper: 'chat',
        model: config.chatModel,
        messages: adminChatPrompt(request.body.message),
      });
      return { reply };
    },
  });

  r.post('/ai/admin/data-chat', {
    ...admin,
    bodyLimit: AI_BODY_LIMIT,
    schema: {
      tags: ['ai'],
      body: aiDataChatRequestSchema,
      response: { 200: aiDataChatResponseSchema, ...aiErrorResponses },
    },
    handler: async (request) => {
      const { query, collections, limit } = request.body;
      // Rights and flags are checked before anything is counted or sent.
      const { records, used } = await gatherRecords(app, request, collections, limit);
      const config = await prepareAiRequest(app, request, { requireEnabled: false });
      // Fleet data leaves the server for the model service: keep a record of what was sent.
      await app.audit(request, {
        action: 'ai.data-chat',
        entity: 'ai',
        entityId: 'data-chat',
        changes: { collections: Object.keys(used), limit, used },
      });
      const answer = await complete(app, request, config, {
        helper: 'data-chat',
        model: config.chatModel,
        messages: dataChatPrompt(query, records),
      });
      return { answer, used };
    },
  });

  r.post('/ai/admin/translation-test', {
    ...admin,
    bodyLimit: AI_BODY_LIMIT,
    schema: {
      tags: ['ai'],
      body: aiTranslationTestRequestSchema,
      response: { 200: aiTranslationTestResponseSchema, ...aiErrorResponses },
    },
    handler: async (request) => {
      const config = await prepareAiRequest(app, request, { requireEnabled: false });
      const outcomes = await Promise.all(
        LANGUAGES.map(async (language): Promise<[Language, AiTranslationOutcome]> => {
          try {
            const result = await complete(app, request, config, {
              helper: 'translation-test',
              model: translatorModelOf(config),
              messages: translatePrompt(request.body.text, language),
            });
            return [language, { result }];
          } catch (error) {
            if (!(error instanceof AiError)) throw error;
            return [language, { error: { code: error.code, message: error.message } }];
          }
        }),
      );
      const results = Object.fromEntries(outcomes) as Record<Language, AiTranslationOutcome>;
      return { results };
    },
  });
}
