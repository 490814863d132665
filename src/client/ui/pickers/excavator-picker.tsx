import { Select, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveQuery, useSyncEngine, type SyncedRow } from '@/client/offline';

export interface ExcavatorOption {
  value: string;
  label: string;
}

/** Non-deleted excavators of the device mirror as select options, sorted by name ("CAT 320 · SN-1"). */
export function excavatorOptions(rows: readonly SyncedRow[]): ExcavatorOption[] {
  return rows
    .filter((row) => !row.deletedAt)
    .map((row) => {
      const name = typeof row.name === 'string' ? row.name : row.id;
      const serial = typeof row.serialNumber === 'string' && row.serialNumber ? row.serialNumber : null;
      return { value: row.id, label: serial ? `${name} · ${serial}` : name };
    })
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** The live option list (undefined while IndexedDB loads). */
export function useExcavatorOptions(): ExcavatorOption[] | undefined {
  const engine = useSyncEngine();
  const rows = useLiveQuery(() => engine.db.excavators.toArray(), [engine]);
  return useMemo(() => (rows ? excavatorOptions(rows) : undefined), [rows]);
}

export interface ExcavatorPickerProps {
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string | null;
  label?: string;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
  clearable?: boolean;
}

/**
 * Picks one excavator from the device mirror (works offline), searchable by name and serial number.
 * With no excavators it says so instead of showing an empty list.
 */
export function ExcavatorPicker({
  value,
  onChange,
  error,
  label,
  required,
  disabled,
  placeholder,
  clearable,
}: ExcavatorPickerProps) {
  const { t } = useTranslation();
  const options = useExcavatorOptions();
  const loading = options === undefined;
  const empty = options !== undefined && options.length === 0;
  // A value whose excavator is gone (deleted, not mirrored) stays visible rather than going blank.
  const data = useMemo(() => {
    const list = options ?? [];
    if (value && !list.some((o) => o.value === value)) return [{ value, label: value }, ...list];
    return list;
  }, [options, value]);

  return (
    <div>
      <Select
        label={label ?? t('pickers.excavator')}
        placeholder={placeholder ?? (loading ? t('common.loading') : t('pickers.excavatorPlaceholder'))}
        data={data}
        value={value}
        onChange={(next) => onChange(next)}
        searchable
        clearable={clearable}
        required={required}
        disabled={disabled || loading || (empty && !value)}
        error={error || undefined}
        nothingFoundMessage={t('pickers.noMatch')}
        comboboxProps={{ withinPortal: true }}
        data-testid="excavator-picker"
      />
      {empty && (
        <Text size="sm" c="dimmed" mt={4} role="status">
          {t('pickers.noExcavators')}
        </Text>
      )}
    </div>
  );
}
