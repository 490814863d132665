interface TaskScheduler {
  yield?: () => Promise<void>;
}

/**
 * Resolves in a new task, so the browser can handle input and paint before the caller goes on: the
 * way to cut start-up work into pieces a slow tablet's main thread is not blocked by. Uses
 * `scheduler.yield()` where the browser has it (the rest keeps its place ahead of other queued
 * work), else a zero-delay timeout.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: TaskScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
