import type { TextareaProps } from '@mantine/core';
import classes from './growing-textarea.module.css';

/** Whether this browser sizes a text area to its content by CSS (`field-sizing: content`). */
const SIZED_BY_CSS =
  typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

/** `rows` lines of text, with the field's padding and border. */
const rowsHeight = (rows: number) => `calc(${rows}lh + 2 * var(--input-padding-y, 0px) + 2px)`;

/**
 * The props of a Mantine `Textarea` that grows with its text from `minRows` lines to `maxRows` (or
 * without a limit). Where the browser can, CSS sizes it: Mantine's `autosize` measures the field with a
 * forced style and layout pass when it mounts and on every keystroke, tens of milliseconds on a slow
 * tablet when a form opens. Elsewhere that `autosize`. The field's own `classNames` and `styles` must not
 * be passed beside these.
 */
export function growingTextarea(
  minRows: number,
  maxRows?: number,
): Pick<TextareaProps, 'rows' | 'classNames' | 'styles' | 'autosize' | 'minRows' | 'maxRows'> {
  if (!SIZED_BY_CSS) return { autosize: true, minRows, maxRows };
  return {
    rows: minRows,
    classNames: { input: classes.grow },
    styles: {
      input: {
        '--growing-min-height': rowsHeight(minRows),
        ...(maxRows !== undefined && { '--growing-max-height': rowsHeight(maxRows) }),
      },
    },
  };
}
