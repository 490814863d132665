/** How long the main thread must go without a long task to count as settled. */
export const SETTLED_QUIET_MS = 500;
/** The latest a caller waits after the page's load event, however busy the page stays. */
export const SETTLED_MAX_WAIT_MS = 5000;

interface SettleOptions {
  quietMs?: number;
  maxWaitMs?: number;
  /** Start-up work to wait for as well before the quiet time starts (its failure counts as done). */
  after?: Promise<unknown>;
}

/**
 * Calls `callback` once the page has loaded, `after` is done, and the main thread has then gone
 * `quietMs` without a long task (over 50 ms); at the latest `maxWaitMs` after the load event: for work
 * that should not compete with the first screen for a slow tablet's CPU, yet must not wait for long.
 * Where the browser reports no long tasks, the quiet time is simply waited. Returns a function that
 * cancels it.
 */
export function whenSettled(callback: () => void, options: SettleOptions = {}): () => void {
  const quietMs = options.quietMs ?? SETTLED_QUIET_MS;
  const maxWaitMs = options.maxWaitMs ?? SETTLED_MAX_WAIT_MS;
  let quietTimer: ReturnType<typeof setTimeout> | undefined;
  let maxTimer: ReturnType<typeof setTimeout> | undefined;
  let observer: PerformanceObserver | undefined;
  let done = false;

  const stop = () => {
    done = true;
    clearTimeout(quietTimer);
    clearTimeout(maxTimer);
    observer?.disconnect();
    window.removeEventListener('load', start);
  };
  const fire = () => {
    if (done) return;
    stop();
    callback();
  };
  const restartQuiet = () => {
    clearTimeout(quietTimer);
    quietTimer = setTimeout(fire, quietMs);
  };
  const watchQuiet = () => {
    if (done) return;
    if (
      typeof PerformanceObserver !== 'undefined' &&
      PerformanceObserver.supportedEntryTypes?.includes('longtask')
    ) {
      observer = new PerformanceObserver(restartQuiet);
      observer.observe({ type: 'longtask' });
    }
    restartQuiet();
  };
  function start() {
    if (done) return;
    maxTimer = setTimeout(fire, maxWaitMs);
    if (options.after) options.after.then(watchQuiet, watchQuiet);
    else watchQuiet();
  }

  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start);
  return stop;
}
