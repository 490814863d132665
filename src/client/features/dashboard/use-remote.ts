import { useCallback, useEffect, useState } from 'react';

export interface RemoteState<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
  reload(): void;
}

interface Loaded<T> {
  key: string;
  data: T | null;
  error: unknown;
}

/**
 * Loads `load` for `key` (skipped while `enabled` is false); a newer key aborts the older request and
 * the last answer stays visible while the next one loads.
 */
export function useRemote<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
  enabled = true,
): RemoteState<T> {
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
    // `load` is derived from `key`: the key says when to load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fullKey, enabled]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return {
    data: loaded.data,
    error: loaded.key === fullKey ? loaded.error : null,
    loading: enabled && loaded.key !== fullKey,
    reload,
  };
}
