import { Group, SegmentedControl, type SegmentedControlProps } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { memo } from 'react';

export interface ViewModeOption<T extends string> {
  value: T;
  label: string;
  icon?: Icon;
}

export interface ViewModeToggleProps<T extends string> extends Omit<
  SegmentedControlProps,
  'data' | 'value' | 'onChange' | 'aria-label'
> {
  value: T;
  options: readonly ViewModeOption<NoInfer<T>>[];
  onChange(value: NoInfer<T>): void;
  /** Names the switch for screen readers ("List view"); the options name themselves. */
  label: string;
}

function ViewModeToggleInner<T extends string>({
  value,
  options,
  onChange,
  label,
  ...rest
}: ViewModeToggleProps<T>) {
  return (
    <SegmentedControl
      {...rest}
      value={value}
      aria-label={label}
      onChange={(next) => {
        const chosen = options.find((option) => option.value === next);
        if (chosen) onChange(chosen.value);
      }}
      data={options.map(({ value: option, label: text, icon: OptionIcon }) => ({
        value: option,
        label: OptionIcon ? (
          <Group gap={6} wrap="nowrap">
            <OptionIcon size={16} aria-hidden />
            <span>{text}</span>
          </Group>
        ) : (
          text
        ),
      }))}
    />
  );
}

/**
 * How a list or chart is shown (cards/table, compact/regular/full, chart/table): one segmented switch
 * whose options carry a label and, where it helps, an icon. Memoised: lists re-render on every keystroke
 * of their search field, the switch need not.
 */
export const ViewModeToggle = memo(ViewModeToggleInner) as typeof ViewModeToggleInner;
