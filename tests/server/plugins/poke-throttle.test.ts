import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_POKE_SPREAD,
  deliverSpread,
  PokeThrottle,
  pokeSpreadMs,
  pokeWindowMs,
  type SyncPoke,
} from '@/server/plugins/poke-throttle';

describe('PokeThrottle', () => {
  let now = 0;
  let sent: SyncPoke[];
  let throttle: PokeThrottle;

  beforeEach(() => {
    vi.useFakeTimers();
    now = 1_000;
    sent = [];
    throttle = new PokeThrottle(
      (poke) => sent.push(poke),
      () => 200,
      () => now,
    );
  });
  afterEach(() => {
    throttle.close();
    vi.useRealTimers();
  });

  const advance = (ms: number) => {
    now += ms;
    vi.advanceTimersByTime(ms);
  };

  it('sends a lone poke at once', () => {
    throttle.add(['excavators'], 7);
    expect(sent).toEqual([{ collections: ['excavators'], cursor: 7 }]);
  });

  it('merges the pokes within the window into one, with the union and the newest cursor', () => {
    throttle.add(['excavators'], 7);
    for (const [collections, cursor] of [
      [['reports'], 10],
      [['excavators'], 9],
      [['inventory', 'reports'], 8],
    ] as const) {
      advance(30);
      throttle.add([...collections], cursor);
    }
    expect(sent).toHaveLength(1);
    advance(109);
    expect(sent).toHaveLength(1);
    advance(1);
    expect(sent).toEqual([
      { collections: ['excavators'], cursor: 7 },
      { collections: ['reports', 'excavators', 'inventory'], cursor: 10 },
    ]);
    // Quiet for a window: the next lone poke goes at once again.
    advance(200);
    throttle.add(['logbook'], 11);
    expect(sent.at(-1)).toEqual({ collections: ['logbook'], cursor: 11 });
    expect(sent).toHaveLength(3);
  });

  it('sends at most one poke per window under a steady stream of writes', () => {
    for (let i = 1; i <= 100; i++) {
      throttle.add(['reports'], i);
      advance(10);
    }
    advance(200);
    // 1,000 ms of writes every 10 ms, a window of 200 ms: the first at once, then one per window.
    expect(sent.length).toBeLessThanOrEqual(6);
    expect(sent.at(-1)?.cursor).toBe(100);
  });

  it('leaves the cursor out when one of the merged changes came without one', () => {
    throttle.add(['excavators'], 7);
    throttle.add(['logbook']);
    throttle.add(['reports'], 12);
    advance(200);
    expect(sent).toEqual([
      { collections: ['excavators'], cursor: 7 },
      { collections: ['logbook', 'reports'] },
    ]);
    advance(200);
    throttle.add(['reports'], 13);
    expect(sent.at(-1)).toEqual({ collections: ['reports'], cursor: 13 });
  });

  it('sends nothing after close', () => {
    throttle.add(['excavators'], 1);
    throttle.add(['reports'], 2);
    throttle.close();
    advance(500);
    expect(sent).toHaveLength(1);
  });
});

describe('pokeWindowMs', () => {
  it('grows with the sockets between a floor and a ceiling', () => {
    const window = { minMs: 250, perSocketMs: 4, maxMs: 2000 };
    expect(pokeWindowMs(window, 0)).toBe(250);
    expect(pokeWindowMs(window, 150)).toBe(600);
    expect(pokeWindowMs(window, 5000)).toBe(2000);
  });
});

describe('spreading a poke over the sockets', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gives a few sockets the poke at once', () => {
    expect(pokeSpreadMs(DEFAULT_POKE_SPREAD, 10)).toBe(0);
    const got: number[] = [];
    deliverSpread([1, 2, 3], 0, (n) => got.push(n));
    expect(got).toEqual([1, 2, 3]);
  });

  it('spreads many sockets in equal slices over the spread, each once, the first slice at once', () => {
    const sockets = Array.from({ length: 300 }, (_, i) => i);
    const spread = pokeSpreadMs(DEFAULT_POKE_SPREAD, sockets.length);
    expect(spread).toBe(300);
    const got: number[] = [];
    deliverSpread(sockets, spread, (n) => got.push(n));
    const firstSlice = got.length;
    expect(firstSlice).toBeGreaterThan(0);
    expect(firstSlice).toBeLessThan(30);
    vi.advanceTimersByTime(spread / 2);
    expect(got.length).toBeGreaterThan(firstSlice);
    expect(got.length).toBeLessThan(sockets.length);
    vi.advanceTimersByTime(spread / 2);
    expect(got).toEqual(sockets);
  });

  it('stops the slices still waiting when cancelled', () => {
    const got: number[] = [];
    const cancel = deliverSpread(
      Array.from({ length: 100 }, (_, i) => i),
      100,
      (n) => got.push(n),
    );
    const delivered = got.length;
    cancel();
    vi.advanceTimersByTime(1_000);
    expect(got.length).toBe(delivered);
  });
});
