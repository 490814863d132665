import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { aiErrorDetail, aiErrorMessage } from '@/client/ui/ai/ai-errors';

export type AiCallState<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'done'; data: T }
  | { status: 'error'; message: string; detail: string | null };

/**
 * One test-tool request at a time: a new run aborts the previous one, unmounting aborts too. Failures
 * become the clear message of the error code plus the server's detail for the administrator.
 */
export function useAiCall<T>() {
  const { t } = useTranslation();
  const [state, setState] = useState<AiCallState<T>>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(
    (call: (signal: AbortSignal) => Promise<T>) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setState({ status: 'loading' });
      call(current.signal).then(
        (data) => {
          if (!current.signal.aborted) setState({ status: 'done', data });
        },
        (error: unknown) => {
          if (current.signal.aborted) return;
          setState({ status: 'error', message: aiErrorMessage(t, error), detail: aiErrorDetail(error) });
        },
      );
    },
    [t],
  );
  return { state, run };
}
