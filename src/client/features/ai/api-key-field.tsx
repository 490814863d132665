import { Button, Group, PasswordInput, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ApiKeyEdit } from './config-form';

interface ApiKeyFieldProps {
  /** Whether the server holds a key (the key itself never comes back). */
  configured: boolean;
  value: ApiKeyEdit;
  onChange: (next: ApiKeyEdit) => void;
  error?: string;
  disabled?: boolean;
}

/** The write-only API key: empty keeps the stored key, typing replaces it, "Remove" clears it. */
export function ApiKeyField({ configured, value, onChange, error, disabled }: ApiKeyFieldProps) {
  const { t } = useTranslation();
  if (value.mode === 'clear') {
    return (
      <div>
        <Text size="sm" fw={500}>
          {t('ai.admin.config.apiKey')}
        </Text>
        <Group gap="xs" mt={6}>
          <Text size="sm" c="orange">
            {t('ai.admin.config.apiKeyWillBeRemoved')}
          </Text>
          <Button size="compact-sm" variant="subtle" onClick={() => onChange({ mode: 'keep' })}>
            {t('ai.admin.config.undo')}
          </Button>
        </Group>
      </div>
    );
  }
  return (
    <div>
      <PasswordInput
        label={t('ai.admin.config.apiKey')}
        description={configured ? t('ai.admin.config.apiKeyStored') : t('ai.admin.config.apiKeyNone')}
        placeholder={configured ? '••••••••' : t('ai.admin.config.apiKeyPlaceholder')}
        autoComplete="new-password"
        value={value.mode === 'replace' ? value.value : ''}
        onChange={(event) => {
          const next = event.currentTarget.value;
          onChange(next === '' ? { mode: 'keep' } : { mode: 'replace', value: next });
        }}
        error={error}
        disabled={disabled}
      />
      {configured && !disabled && (
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          mt={4}
          onClick={() => onChange({ mode: 'clear' })}
        >
          {t('ai.admin.config.apiKeyRemove')}
        </Button>
      )}
    </div>
  );
}
