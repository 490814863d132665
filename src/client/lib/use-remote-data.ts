import { startTransition, useCallback, useEffect, useState } from 'react';
import { isNetworkError } from './api-errors';

export interface RemoteData<T> {
  /** The last answer; kept while a newer request (another key, a reload) is under way so views do not jump. */
  data: T | null;
  /** A request for the current key is under way. */
  loading: boolean;
  /** The failure of the latest request, null once it succeeded. */
  error: unknown;
  /** The latest request got no answer at all (no signal, server unreachable), rather than a refusal. */
  unreachable: boolean;
  /** Asks again for the same key. */
  reload(): void;
}

export interface RemoteDataOptions {
  /** Asks again this long after each answer (or failure) while the key stays; off when absent. */
  refreshMs?: number;
}

interface Loaded<T> {
  key: string;
  data: T | null;
  error: unknown;
}

/**
 * Loads `fetcher(signal)` for `key`, the one way a screen reads server data for display. A new key (or
 * `reload`) aborts the older request, and an answer that arrives after its request was superseded or the
 * component unmounted is dropped, so a slow old page never overwrites a newer one. `key` null waits (not
 * allowed, offline, nothing to ask yet) and keeps the last answer.
 */
export function useRemoteData<T>(
  key: string | null,
  fetcher: (signal: AbortSignal) => Promise<T>,
  { refreshMs }: RemoteDataOptions = {},
): RemoteData<T> {
  const [version, setVersion] = useState(0);
  const [loaded, setLoaded] = useState<Loaded<T>>({ key: '', data: null, error: null });
  const fullKey = key === null ? null : `${key}#${version}`;

  useEffect(() => {
    if (fullKey === null) return;
    const controller = new AbortController();
    // An answer renders as a transition: React draws a screen full of new data in slices and answers a
    // tap between them, where a slow tablet otherwise sat in one long task until all of it was drawn.
    fetcher(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) startTransition(() => setLoaded({ key: fullKey, data, error: null }));
      },
      (error: unknown) => {
        if (!controller.signal.aborted)
          startTransition(() => setLoaded((current) => ({ key: fullKey, data: current.data, error })));
      },
    );
    return () => controller.abort();
    // The fetcher is named by `key`: a new function for the same key asks for the same thing, so it
    // must not ask again (callers pass inline arrows).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fullKey]);

  // The next refresh counts from the answer, so a slow server is never asked twice at once; switching
  // refreshing on (a job started) starts the wait without asking again at once.
  const answered = fullKey !== null && loaded.key === fullKey;
  useEffect(() => {
    if (!answered || refreshMs === undefined) return;
    const timer = setTimeout(() => setVersion((current) => current + 1), refreshMs);
    return () => clearTimeout(timer);
  }, [answered, refreshMs, loaded]);

  const reload = useCallback(() => setVersion((current) => current + 1), []);
  const error = loaded.key === fullKey ? loaded.error : null;
  return {
    data: loaded.data,
    loading: fullKey !== null && !answered,
    error,
    unreachable: isNetworkError(error),
    reload,
  };
}
