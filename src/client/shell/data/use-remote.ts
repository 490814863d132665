import { useCallback, useEffect, useState } from 'react';

export interface Remote<T> {
  /** The last answer; kept while a newer request (another range, a retry) is under way. */
  data: T | null;
  loading: boolean;
  /** The failure of the latest request, null once it succeeded. */
  error: unknown;
  reload(): void;
}

interface Loaded<T> {
  key: string;
  data: T | null;
  error: unknown;
}

/**
 * Loads `load` for `key` while `enabled` (e.g. not while offline); a newer key cancels the older request
 * and the last answer stays visible while the next one loads.
 */
export function useRemote<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
  enabled = true,
): Remote<T> {
  const [version, setVersion] = useState(0);
  const [loaded, setLoaded] = useState<Loaded<T>>({ key: '', data: null, error: null });
  const fullKey = `${key}#${version}`;

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => setLoaded({ key: fullKey, data, error: null }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoaded((current) => ({ key: fullKey, data: current.data, error }));
      },
    );
    return () => controller.abort();
    // `load` is keyed by `key`: a new function for the same key must not refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fullKey, enabled]);

  const reload = useCallback(() => setVersion((current) => current + 1), []);
  return {
    data: loaded.data,
    loading: enabled && loaded.key !== fullKey,
    error: loaded.key === fullKey ? loaded.error : null,
    reload,
  };
}
