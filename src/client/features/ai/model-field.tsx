import { Autocomplete, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { aiErrorMessage } from '@/client/ui/ai/ai-errors';
import type { ModelsState } from './use-models';

interface ModelFieldProps {
  label: string;
  description?: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  models: ModelsState;
  error?: string;
  disabled?: boolean;
}

/**
 * A model name: chosen from the provider's list, or typed (the list may be unavailable, e.g. before
 * the base URL is saved). Says when the list could not be read or the name is not on it.
 */
export function ModelField({
  label,
  description,
  placeholder,
  value,
  onChange,
  models,
  error,
  disabled,
}: ModelFieldProps) {
  const { t } = useTranslation();
  const ids = models.status === 'ready' ? models.list.models.map((model) => model.id) : [];
  const hint =
    models.status === 'error'
      ? t('ai.admin.config.modelsFailed', { message: aiErrorMessage(t, models.error) })
      : models.status === 'ready' && value.trim() !== '' && !ids.includes(value.trim())
        ? t('ai.admin.config.modelMissing')
        : description;
  return (
    <Autocomplete
      label={label}
      description={hint}
      placeholder={placeholder}
      value={value}
      onChange={onChange}
      data={ids}
      error={error}
      disabled={disabled}
      rightSection={models.status === 'loading' && !disabled ? <Loader size="xs" /> : null}
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={260}
    />
  );
}
