import { memo, useId, type CSSProperties, type ReactNode } from 'react';
import classes from './segmented-choice.module.css';

export interface SegmentedChoiceOption<T extends string> {
  value: T;
  /** Text, or an icon with its name for screen readers: the radio's accessible name either way. */
  label: ReactNode;
  /**
   * The Mantine color the option takes when chosen (`green`, `red`, `gray`). Without one the chosen
   * option is a raised neutral tile, as in a settings switch where no answer is better than another.
   */
  color?: string;
}

export interface SegmentedChoiceProps<T extends string> {
  /** Names the group for screen readers (the item or check it answers); the options name themselves. */
  label: string;
  options: readonly SegmentedChoiceOption<T>[];
  /** null: nothing chosen yet. */
  value: T | null;
  onChange(value: T): void;
  disabled?: boolean;
  /** `md`: the larger text of the operations log's big fields. */
  size?: 'sm' | 'md';
  /** The options stand one above the other on a phone (long words that would not fit side by side). */
  stackOnPhone?: boolean;
  /** Options that are icons: no gaps and little padding, for a corner of a bar or a side bar. */
  dense?: boolean;
  className?: string;
  style?: CSSProperties;
  'data-testid'?: string;
}

/*
 * The fill of a chosen option: dark enough for white text to read in sunlight (at least 4.5:1), in both
 * colour schemes. Mantine's darkest green (9) gives 4.4:1, so green is that shade darkened; red 9 gives
 * 5.5:1; gray (n/a) is a neutral choice, and a lighter shade would read as disabled.
 */
const FILL: Record<string, string> = { green: '#24743a', gray: 'var(--mantine-color-gray-7)' };
const fill = (color: string) => FILL[color] ?? `var(--mantine-color-${color}-9)`;

/**
 * A choice among a few answers as one row of big buttons: native radio buttons under their labels, so a
 * tap, the arrow keys and screen readers work as for any radio group. Unlike Mantine's segmented
 * control it does not measure itself to move an indicator (a forced layout on every change, tens of
 * milliseconds per tap on a slow tablet): the chosen option is coloured by CSS alone.
 */
function SegmentedChoiceInner<T extends string>({
  label,
  options,
  value,
  onChange,
  disabled,
  size = 'sm',
  stackOnPhone,
  dense,
  className,
  style,
  'data-testid': testId,
}: SegmentedChoiceProps<T>) {
  const name = useId();
  return (
    <div
      role="radiogroup"
      aria-label={label}
      aria-disabled={disabled || undefined}
      className={[classes.root, stackOnPhone ? classes.stackOnPhone : '', className ?? '']
        .filter(Boolean)
        .join(' ')}
      data-size={size}
      data-dense={dense || undefined}
      style={style}
      data-testid={testId}
    >
      {options.map((option) => (
        <label
          key={option.value}
          className={classes.option}
          data-neutral={option.color === undefined || undefined}
          style={
            option.color === undefined
              ? undefined
              : ({ '--choice-color': fill(option.color) } as CSSProperties)
          }
        >
          <input
            type="radio"
            className={classes.input}
            name={name}
            value={option.value}
            checked={value === option.value}
            disabled={disabled}
            onChange={() => onChange(option.value)}
          />
          <span className={classes.label}>{option.label}</span>
        </label>
      ))}
    </div>
  );
}

export const SegmentedChoice = memo(SegmentedChoiceInner) as typeof SegmentedChoiceInner;
