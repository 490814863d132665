import { Tooltip, type TooltipProps } from '@mantine/core';
import { cloneElement, useState, type PointerEvent, type ReactElement } from 'react';

interface TriggerProps {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
}

export type LazyTooltipProps = Omit<TooltipProps, 'children' | 'target' | 'opened' | 'defaultOpened'> & {
  /** One element that takes pointer handlers (a Mantine component or a DOM element). */
  children: ReactElement<TriggerProps>;
};

/**
 * A hover tooltip that costs nothing until a mouse first rests on its element: Mantine's tooltip sets
 * up its floating position hooks when it mounts, and the top bar's half a dozen of them were part of
 * every screen's first render, on tablets that never hover. The element renders as it is; the first
 * mouse over it mounts the tooltip beside it (aimed at the element, so the element is not rebuilt and
 * keeps its focus), and from then on entering and leaving open and close it. Touch and pen do not open
 * it, as Mantine's own default.
 */
export function LazyTooltip({ children, ...tooltip }: LazyTooltipProps) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const own = children.props;
  const trigger = cloneElement(children, {
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      own.onPointerEnter?.(event);
      if (event.pointerType !== 'mouse') return;
      setTarget(event.currentTarget);
      setOpened(true);
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      own.onPointerLeave?.(event);
      setOpened(false);
    },
  });
  return (
    <>
      {trigger}
      {target ? <Tooltip {...tooltip} target={target} opened={opened} /> : null}
    </>
  );
}
