import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/client/api/client';
import { useRemoteData } from '@/client/lib/use-remote-data';

/** A request the test answers by hand, recording the signal it was given. */
interface Pending<T> {
  key: string;
  signal: AbortSignal;
  resolve(value: T): void;
  reject(error: unknown): void;
}

function manualFetcher<T>() {
  const calls: Pending<T>[] = [];
  const make = (key: string) => (signal: AbortSignal) =>
    new Promise<T>((resolve, reject) => {
      // Deliberately ignores the signal: a server that answers anyway must still not win.
      calls.push({ key, signal, resolve, reject });
    });
  return { calls, make };
}

describe('useRemoteData', () => {
  it('loads for the key and reports loading until the answer arrives', async () => {
    const { calls, make } = manualFetcher<string>();
    const { result } = renderHook(() => useRemoteData('a', make('a')));
    expect(result.current).toMatchObject({ data: null, loading: true, error: null });
    await act(async () => calls[0]!.resolve('answer a'));
    expect(result.current).toMatchObject({
      data: 'answer a',
      loading: false,
      error: null,
      unreachable: false,
    });
  });

  it('aborts the older request on a new key and ignores its late answer', async () => {
    const { calls, make } = manualFetcher<string>();
    const { result, rerender } = renderHook(({ key }) => useRemoteData(key, make(key)), {
      initialProps: { key: 'page-1' },
    });
    rerender({ key: 'page-2' });
    expect(calls.map((call) => call.key)).toEqual(['page-1', 'page-2']);
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(calls[1]!.signal.aborted).toBe(false);

    await act(async () => calls[1]!.resolve('second'));
    // The first page answers last: it must not replace the newer one.
    await act(async () => calls[0]!.resolve('first'));
    expect(result.current.data).toBe('second');
    expect(result.current.loading).toBe(false);
  });

  it('keeps the last answer visible while the next key loads', async () => {
    const { calls, make } = manualFetcher<string>();
    const { result, rerender } = renderHook(({ key }) => useRemoteData(key, make(key)), {
      initialProps: { key: 'x' },
    });
    await act(async () => calls[0]!.resolve('x data'));
    rerender({ key: 'y' });
    expect(result.current).toMatchObject({ data: 'x data', loading: true });
  });

  it('aborts on unmount and drops the answer', async () => {
    const { calls, make } = manualFetcher<string>();
    const { unmount } = renderHook(() => useRemoteData('a', make('a')));
    unmount();
    expect(calls[0]!.signal.aborted).toBe(true);
  });

  it('does not ask again for a new function with the same key', () => {
    const fetcher = vi.fn(() => new Promise<string>(() => undefined));
    const { rerender } = renderHook(() => useRemoteData('same', () => fetcher()));
    rerender();
    rerender();
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('waits while the key is null and keeps the last answer', async () => {
    const { calls, make } = manualFetcher<string>();
    const { result, rerender } = renderHook(
      ({ key }: { key: string | null }) => useRemoteData(key, make('k')),
      {
        initialProps: { key: 'k' as string | null },
      },
    );
    await act(async () => calls[0]!.resolve('kept'));
    rerender({ key: null });
    expect(calls).toHaveLength(1);
    expect(result.current).toMatchObject({ data: 'kept', loading: false, error: null });
  });

  it('reports a failure, keeps the older data, and clears the failure once a reload succeeds', async () => {
    const { calls, make } = manualFetcher<string>();
    const { result, rerender } = renderHook(({ key }) => useRemoteData(key, make(key)), {
      initialProps: { key: 'one' },
    });
    await act(async () => calls[0]!.resolve('one data'));
    rerender({ key: 'two' });
    const refusal = new ApiError(403, 'FORBIDDEN', 'no');
    await act(async () => calls[1]!.reject(refusal));
    expect(result.current).toMatchObject({
      data: 'one data',
      loading: false,
      error: refusal,
      unreachable: false,
    });

    act(() => result.current.reload());
    expect(calls).toHaveLength(3);
    expect(result.current).toMatchObject({ loading: true, error: null });
    await act(async () => calls[2]!.resolve('two data'));
    expect(result.current).toMatchObject({ data: 'two data', loading: false, error: null });
  });

  it('tells a missing answer from a refusal', async () => {
    const { calls, make } = manualFetcher<string>();
    const { result } = renderHook(() => useRemoteData('a', make('a')));
    await act(async () => calls[0]!.reject(new ApiError(0, 'NETWORK_ERROR', 'offline')));
    expect(result.current.unreachable).toBe(true);
  });

  it('a reload aborts the request still under way', async () => {
    const { calls, make } = manualFetcher<string>();
    const { result } = renderHook(() => useRemoteData('a', make('a')));
    act(() => result.current.reload());
    expect(calls[0]!.signal.aborted).toBe(true);
    await act(async () => calls[0]!.resolve('stale'));
    expect(result.current.data).toBeNull();
    await act(async () => calls[1]!.resolve('fresh'));
    expect(result.current.data).toBe('fresh');
  });

  it('asks again after each answer when refreshing', async () => {
    vi.useFakeTimers();
    try {
      const { calls, make } = manualFetcher<string>();
      const { result } = renderHook(() => useRemoteData('a', make('a'), { refreshMs: 1000 }));
      await act(async () => calls[0]!.resolve('first'));
      expect(calls).toHaveLength(1);
      await act(async () => vi.advanceTimersByTime(1000));
      expect(calls).toHaveLength(2);
      // The earlier answer stays on screen while the refresh runs.
      expect(result.current).toMatchObject({ data: 'first', loading: true });
      await act(async () => calls[1]!.resolve('second'));
      expect(result.current.data).toBe('second');
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops refreshing on unmount', async () => {
    vi.useFakeTimers();
    try {
      const { calls, make } = manualFetcher<string>();
      const { unmount } = renderHook(() => useRemoteData('a', make('a'), { refreshMs: 1000 }));
      await act(async () => calls[0]!.resolve('first'));
      unmount();
      await act(async () => vi.advanceTimersByTime(5000));
      expect(calls).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
  it('switching refreshing on waits before asking again', async () => {
    vi.useFakeTimers();
    try {
      const { calls, make } = manualFetcher<string>();
      const { rerender } = renderHook(({ every }) => useRemoteData('a', make('a'), { refreshMs: every }), {
        initialProps: { every: undefined as number | undefined },
      });
      await act(async () => calls[0]!.resolve('idle'));
      await act(async () => vi.advanceTimersByTime(5000));
      expect(calls).toHaveLength(1);
      rerender({ every: 1000 });
      expect(calls).toHaveLength(1);
      await act(async () => vi.advanceTimersByTime(1000));
      expect(calls).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
