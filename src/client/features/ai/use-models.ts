import { useCallback, useEffect, useState } from 'react';
import type { AiModelList } from '@/domain/ai';
import { getAiModels } from './api';

export type ModelsState =
  /** Nothing to ask yet (no base URL saved). */
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; list: AiModelList }
  | { status: 'error'; error: unknown };

/**
 * The models the provider lists for chat and translation (GET /api/ai/admin/models and
 * /translator-models). `reload` after the configuration changed. Not loaded while `active` is false
 * (no base URL yet: there is nothing to ask).
 */
export function useModels(active: boolean) {
  const [chat, setChat] = useState<ModelsState>({ status: 'loading' });
  const [translator, setTranslator] = useState<ModelsState>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    const load = (purpose: 'chat' | 'translator', set: (state: ModelsState) => void) =>
      getAiModels(purpose, controller.signal).then(
        (list) => set({ status: 'ready', list }),
        (error: unknown) => {
          if (!controller.signal.aborted) set({ status: 'error', error });
        },
      );
    void load('chat', setChat);
    void load('translator', setTranslator);
    return () => controller.abort();
  }, [active, generation]);

  const reload = useCallback(() => {
    setChat({ status: 'loading' });
    setTranslator({ status: 'loading' });
    setGeneration((n) => n + 1);
  }, []);

  const idle: ModelsState = { status: 'idle' };
  return { chat: active ? chat : idle, translator: active ? translator : idle, reload };
}
