import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { QuietBoundary } from '@/client/ui/quiet-boundary';

/**
 * Renders `children` (lazy components, usually) only after the frame following its mount: parts of the
 * signed-in shell that show nothing until someone opens them load after the first screen has painted.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setTimeout(() => setPainted(true), 0));
    return () => cancelAnimationFrame(frame);
  }, []);
  return painted ? (
    <QuietBoundary>
      <Suspense fallback={null}>{children}</Suspense>
    </QuietBoundary>
  ) : null;
}
