import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';

/**
 * A list virtualised against the window's scroll (the app's page scrolls, not a box inside it): only
 * the rows in view are rendered, so 10,000 items stay smooth.
 */
export function useWindowList<E extends HTMLElement>(count: number, estimateSize: number) {
  const listRef = useRef<E>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const element = listRef.current;
    if (!element) return;
    const measure = () => setScrollMargin(element.getBoundingClientRect().top + window.scrollY);
    measure();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(document.body);
    return () => observer?.disconnect();
  }, []);
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => estimateSize,
    overscan: 3,
    scrollMargin,
  });
  return { listRef, virtualizer, scrollMargin };
}
