import type { UseFormReturnType } from '@mantine/form';
import type { LogbookFormValues } from '../../form-model';

export type LogbookForm = UseFormReturnType<LogbookFormValues>;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The form copies all its values on every change (a deep clone): the list of checks is a new array of
 * new objects after a keystroke in the notes, so lists are compared item by item, field by field.
 */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  // A group of inputs (the weather) is compared input by input.
  if (isPlainObject(a) && isPlainObject(b)) return sameValue([a], [b]);
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  return a.every((item: unknown, i) => {
    const other: unknown = b[i];
    if (item === other) return true;
    if (typeof item !== 'object' || typeof other !== 'object' || item === null || other === null)
      return false;
    const keys = Object.keys(item);
    return (
      keys.length === Object.keys(other).length &&
      keys.every((key) => (item as Record<string, unknown>)[key] === (other as Record<string, unknown>)[key])
    );
  });
}

/**
 * A memo comparison for a section of the entry form: it re-renders only when one of its own fields'
 * value or error changed. The form object is new on every render, and typing a note must not re-render
 * the weather lookup, the shift times and every check card (on a slow tablet that was most of a
 * keystroke's time). `form.values` holds the values of that render; errors are matched by path prefix, so
 * `conveyorChecks` covers every check's note and `weather` its three inputs. The form's setters read its current values, so a section
 * kept from an earlier render still writes correctly. Other props are compared as they are.
 */
export function sameSectionFields<P extends { form: LogbookForm }>(
  fields: readonly (keyof LogbookFormValues)[],
) {
  const ownError = (path: string) => fields.some((field) => path === field || path.startsWith(`${field}.`));
  return (previous: P, next: P): boolean => {
    if (!fields.every((field) => sameValue(previous.form.values[field], next.form.values[field])))
      return false;
    const before = previous.form.errors;
    const after = next.form.errors;
    if (before !== after) {
      for (const path of new Set([...Object.keys(before), ...Object.keys(after)]))
        if (ownError(path) && before[path] !== after[path]) return false;
    }
    return (Object.keys(next) as (keyof P)[]).every((key) => key === 'form' || previous[key] === next[key]);
  };
}
