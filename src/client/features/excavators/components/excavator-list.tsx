import { Box } from '@mantine/core';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import type { RecordSyncState } from '@/client/offline';
import type { ExcavatorRecord } from '../model';
import type { ViewMode } from '../view-mode';
import { ExcavatorRow, ROW_HEIGHT } from './excavator-row';

interface ExcavatorListProps {
  items: readonly ExcavatorRecord[];
  mode: ViewMode;
  syncStates: ReadonlyMap<string, RecordSyncState>;
  onOpen(id: string): void;
}

const OVERSCAN = 3;

/**
 * The machines as a window-scrolled virtual list: only the rows in view (plus a few) are in the DOM,
 * so 10,000 machines cost as much as twenty.
 */
export function ExcavatorList({ items, mode, syncStates, onOpen }: ExcavatorListProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // The list starts below the header and filters, whose height varies (alerts, wrapping on a tablet).
  useLayoutEffect(() => {
    const element = listRef.current;
    if (!element) return;
    const top = Math.round(element.getBoundingClientRect().top + window.scrollY);
    if (top !== scrollMargin) setScrollMargin(top);
  }, [scrollMargin, items, mode]);

  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => ROW_HEIGHT[mode],
    overscan: OVERSCAN,
    scrollMargin,
    getItemKey: (index) => items[index]?.id ?? index,
  });

  useLayoutEffect(() => {
    virtualizer.measure();
  }, [mode, virtualizer]);

  return (
    <Box
      ref={listRef}
      role="list"
      data-testid="excavator-list"
      data-count={items.length}
      pos="relative"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((row) => {
        const excavator = items[row.index];
        if (!excavator) return null;
        return (
          <Box
            key={row.key}
            role="listitem"
            pos="absolute"
            top={0}
            left={0}
            w="100%"
            style={{ height: ROW_HEIGHT[mode], transform: `translateY(${row.start - scrollMargin}px)` }}
          >
            <ExcavatorRow
              excavator={excavator}
              mode={mode}
              syncState={syncStates.get(excavator.id) ?? null}
              onOpen={onOpen}
            />
          </Box>
        );
      })}
    </Box>
  );
}
