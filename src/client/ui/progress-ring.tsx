import { getThemeColor, useMantineTheme, type MantineColor } from '@mantine/core';
import classes from './progress-ring.module.css';

export interface ProgressRingProps {
  /** 0–100. */
  value: number;
  color: MantineColor;
  /** Outer size in px. */
  size: number;
  thickness: number;
}

/**
 * A small decorative ring that fills with `value`: two SVG circles, no measuring. Mantine's ring
 * progress wraps each arc in a floating tooltip that looks up every scrolling ancestor when it mounts
 * (a style recalculation of the page each time), too much for the top bar's storing progress, which
 * is on screen while a first visit starts. Hidden from screen readers: the text beside it says it.
 */
export function ProgressRing({ value, color, size, thickness }: ProgressRingProps) {
  const theme = useMantineTheme();
  const radius = (size - thickness) / 2;
  const circumference = 2 * Math.PI * radius;
  const filled = Math.min(100, Math.max(0, value)) / 100;
  const circle = { cx: size / 2, cy: size / 2, r: radius, fill: 'none', strokeWidth: thickness };
  return (
    <svg
      className={classes.ring}
      width={size}
      height={size}
      viewBox={`0 0 ${size} ${size}`}
      aria-hidden
      style={{ ['--ring-color' as string]: getThemeColor(color, theme) }}
    >
      <circle {...circle} className={classes.track} />
      {filled > 0 && (
        <circle
          {...circle}
          className={classes.value}
          strokeLinecap="round"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - filled)}
        />
      )}
    </svg>
  );
}
