import { helperResultSchema, type AiTone } from '@/domain/ai';
import type { Language } from '@/domain/constants';
import { apiFetch } from '@/client/api/client';

/** One helper request from a text field's AI menu. */
export type AiAssistAction =
  { kind: 'summarize' } | { kind: 'rewrite'; tone: AiTone } | { kind: 'translate'; targetLanguage: Language };

/**
 * POST /api/ai/summarize | /rewrite | /translate → the suggested text. `language` is the UI language
 * (the summary's and rewrite's language); a translation names only its target.
 */
export async function runAiAssist(
  action: AiAssistAction,
  text: string,
  language: Language,
  signal?: AbortSignal,
): Promise<string> {
  const request =
    action.kind === 'summarize'
      ? { path: '/ai/summarize', body: { text, language } }
      : action.kind === 'rewrite'
        ? { path: '/ai/rewrite', body: { text, tone: action.tone, language } }
        : { path: '/ai/translate', body: { text, targetLanguage: action.targetLanguage } };
  const data = await apiFetch<unknown>(request.path, { method: 'POST', body: request.body, signal });
  return helperResultSchema.parse(data).result;
}
