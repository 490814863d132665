import { useCallback, useState } from 'react';
import type { AiModelList } from '@/domain/ai';
import { useRemoteData, type RemoteData } from '@/client/lib/use-remote-data';
import { getAiModels } from './api';

export type ModelsState =
  /** Nothing to ask yet (no base URL saved). */
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; list: AiModelList }
  | { status: 'error'; error: unknown };

function modelsState(active: boolean, remote: RemoteData<AiModelList>): ModelsState {
  if (!active) return { status: 'idle' };
  if (remote.error) return { status: 'error', error: remote.error };
  // A reload shows the wait rather than the list of the previous configuration.
  if (remote.loading || !remote.data) return { status: 'loading' };
  return { status: 'ready', list: remote.data };
}

/**
 * The models the provider lists for chat and translation (GET /api/ai/admin/models and
 * /translator-models). `reload` after the configuration changed. Not loaded while `active` is false
 * (no base URL yet: there is nothing to ask).
 */
export function useModels(active: boolean) {
  const [generation, setGeneration] = useState(0);
  const chat = useRemoteData(active ? `chat-models#${generation}` : null, (signal) =>
    getAiModels('chat', signal),
  );
  const translator = useRemoteData(active ? `translator-models#${generation}` : null, (signal) =>
    getAiModels('translator', signal),
  );
  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  return { chat: modelsState(active, chat), translator: modelsState(active, translator), reload };
}
