import { startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';
import { QuietBoundary } from '@/client/ui/quiet-boundary';

/** How long a deferred part waits for an idle main thread after the first paint at most. */
const IDLE_TIMEOUT_MS = 1000;

/**
 * Calls `run` once the frame after now has painted and the main thread is idle (at the latest
 * IDLE_TIMEOUT_MS later). Returns a function that cancels it.
 */
export function afterPaintWhenIdle(run: () => void): () => void {
  let idle: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const frame = requestAnimationFrame(() => {
    if (typeof requestIdleCallback === 'function')
      idle = requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    else timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (idle !== null) cancelIdleCallback(idle);
    if (timer !== null) clearTimeout(timer);
  };
}

/**
 * False on the first render, true once the first screen has painted and the main thread is idle. The
 * switch is a transition: React renders what it reveals in slices that leave the main thread free
 * between them, instead of one long task a slow tablet cannot answer input during.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterPaintWhenIdle(() => startTransition(() => setPainted(true))), []);
  return painted;
}

/**
 * Renders `children` (lazy components, usually) only after the first screen has painted: parts of the
 * signed-in shell that show nothing until someone opens them, or that are off screen, load and render
 * once the page is shown.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  return useAfterFirstPaint() ? (
    <QuietBoundary>
      <Suspense fallback={null}>{children}</Suspense>
    </QuietBoundary>
  ) : null;
}
