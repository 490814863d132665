import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenSettled } from '@/client/lib/when-settled';

/** A stand-in for the browser's long-task reports: `report()` is a long task ending now. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  static supportedEntryTypes = ['longtask'];
  observing = false;
  constructor(private readonly onEntries: () => void) {
    FakeObserver.instances.push(this);
  }
  observe() {
    this.observing = true;
  }
  disconnect() {
    this.observing = false;
  }
  report() {
    if (this.observing) this.onEntries();
  }
}

function setReadyState(state: DocumentReadyState) {
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => state });
}

describe('whenSettled', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeObserver.instances = [];
    vi.stubGlobal('PerformanceObserver', FakeObserver);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    setReadyState('complete');
  });

  it('waits for the load event, then for a quiet main thread', () => {
    setReadyState('loading');
    const callback = vi.fn();
    whenSettled(callback, { quietMs: 500, maxWaitMs: 5000 });
    vi.advanceTimersByTime(2000);
    expect(callback).not.toHaveBeenCalled();

    setReadyState('complete');
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(499);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('starts the quiet time again after each long task', () => {
    const callback = vi.fn();
    whenSettled(callback, { quietMs: 500, maxWaitMs: 5000 });
    const [observer] = FakeObserver.instances;
    vi.advanceTimersByTime(400);
    observer!.report();
    vi.advanceTimersByTime(400);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(callback).toHaveBeenCalledTimes(1);
    expect(observer!.observing).toBe(false);
  });

  it('gives up waiting for quiet after the longest wait', () => {
    const callback = vi.fn();
    whenSettled(callback, { quietMs: 500, maxWaitMs: 2000 });
    const [observer] = FakeObserver.instances;
    // A long task every 300 ms: never 500 ms of quiet.
    for (let i = 0; i < 6; i++) {
      vi.advanceTimersByTime(300);
      observer!.report();
    }
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(200);
    expect(callback).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('starts the quiet time only when the start-up work it was given is done', async () => {
    let finish!: () => void;
    const startup = new Promise<void>((resolve) => (finish = resolve));
    const callback = vi.fn();
    whenSettled(callback, { quietMs: 500, maxWaitMs: 5000, after: startup });
    await vi.advanceTimersByTimeAsync(2000);
    expect(callback).not.toHaveBeenCalled();
    finish();
    await vi.advanceTimersByTimeAsync(499);
    expect(callback).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('waits for start-up work no longer than the longest wait', async () => {
    const callback = vi.fn();
    whenSettled(callback, { quietMs: 500, maxWaitMs: 3000, after: new Promise(() => {}) });
    await vi.advanceTimersByTimeAsync(2999);
    expect(callback).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('waits the quiet time where long tasks are not reported', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const callback = vi.fn();
    whenSettled(callback, { quietMs: 500 });
    vi.advanceTimersByTime(500);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('does nothing once cancelled', () => {
    const callback = vi.fn();
    const cancel = whenSettled(callback, { quietMs: 500 });
    cancel();
    vi.advanceTimersByTime(10_000);
    expect(callback).not.toHaveBeenCalled();
  });
});
