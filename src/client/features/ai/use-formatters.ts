import { useMemo } from 'react';
import { useFormat } from '@/client/i18n/use-format';

/** Numbers and days (YYYY-MM-DD, UTC) in the UI language's format. */
export function useFormatters() {
  const format = useFormat();
  return useMemo(
    () => ({
      number: (value: number) => format.number(value, 3),
      day: (value: string) => format.date(value.slice(0, 10)),
    }),
    [format],
  );
}
