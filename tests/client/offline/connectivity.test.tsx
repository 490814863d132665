import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  reportNetworkFailure,
  reportServerReached,
  SLOW_ANSWER_MS,
  useConnection,
  useOnline,
} from '@/client/offline/connectivity';
import { getRealtimeSocket, onRealtime } from '@/client/offline/realtime';

afterEach(() => {
  vi.restoreAllMocks();
  reportServerReached();
});

describe('connectivity', () => {
  it('follows the browser and is refined by failed and answered requests', () => {
    const { result } = renderHook(() => useOnline());
    expect(result.current).toBe(true);
    act(() => reportNetworkFailure());
    expect(result.current).toBe(false);
    act(() => reportServerReached());
    expect(result.current).toBe(true);

    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => window.dispatchEvent(new Event('offline')));
    expect(result.current).toBe(false);
    act(() => reportNetworkFailure());
    onLine.mockReturnValue(true);
    // The browser coming online gives the server a fresh chance.
    act(() => window.dispatchEvent(new Event('online')));
    expect(result.current).toBe(true);
  });
});

describe('connection quality', () => {
  it('is poor after a deadline or a slow answer, offline without answers, online after a prompt one', () => {
    const { result } = renderHook(() => useConnection());
    expect(result.current).toBe('online');
    act(() => reportNetworkFailure('timeout'));
    expect(result.current).toBe('poor');
    act(() => reportServerReached(100));
    expect(result.current).toBe('online');
    act(() => reportServerReached(SLOW_ANSWER_MS + 1));
    expect(result.current).toBe('poor');
    act(() => reportNetworkFailure('unreachable'));
    expect(result.current).toBe('offline');
    act(() => reportServerReached(10));
    expect(result.current).toBe('online');
  });
});

describe('realtime socket', () => {
  it('is created once, lazily, websocket-only on /socket.io, and reused', () => {
    const socket = getRealtimeSocket();
    expect(getRealtimeSocket()).toBe(socket);
    expect(socket.connected).toBe(false);
    expect(socket.io.opts.path).toBe('/socket.io');
    expect(socket.io.opts.transports).toEqual(['websocket']);
  });

  it('lets modules subscribe to server events by name', () => {
    const received: unknown[] = [];
    const stop = onRealtime('notification:new', (notification) => received.push(notification));
    // socket.io-client hands every incoming server event to the onAny listeners.
    const deliver = (payload: unknown) =>
      getRealtimeSocket()
        .listenersAny()
        .forEach((listener) => listener('notification:new', payload));
    deliver({ _id: 'n1' });
    stop();
    deliver({ _id: 'n2' });
    expect(received).toEqual([{ _id: 'n1' }]);
  });
});
