import { useCallback, useEffect, useState } from 'react';

interface Loaded<T> {
  key: string;
  data: T | null;
  error: unknown;
}

export interface Resource<T> {
  /** The last answer; kept while a newer request runs so lists do not jump. */
  data: T | null;
  loading: boolean;
  /** The failure of the latest request, null once it succeeded. */
  error: unknown;
  reload(): void;
}

/**
 * Loads `load(signal)` whenever `key` changes (or `reload` is called); a newer request cancels an
 * older one. `key` null waits.
 */
export function useResource<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): Resource<T> {
  const [version, setVersion] = useState(0);
  const [loaded, setLoaded] = useState<Loaded<T>>({ key: '', data: null, error: null });
  const fullKey = key === null ? null : `${key}#${version}`;

  useEffect(() => {
    if (fullKey === null) return;
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => setLoaded({ key: fullKey, data, error: null }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoaded((current) => ({ key: fullKey, data: current.data, error }));
      },
    );
    return () => controller.abort();
    // `load` is keyed by `key`: a new function with the same key asks for the same thing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fullKey]);

  const reload = useCallback(() => setVersion((current) => current + 1), []);
  return {
    data: loaded.data,
    loading: fullKey !== null && loaded.key !== fullKey,
    error: loaded.key === fullKey ? loaded.error : null,
    reload,
  };
}
