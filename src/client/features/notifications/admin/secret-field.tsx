import { Badge, Button, Group, PasswordInput, Text, TextInput } from '@mantine/core';
import { IconArrowBackUp, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SecretState } from '@/domain/notification-channels';
import type { SecretEdit } from './channel-form';

interface SecretFieldProps {
  label: string;
  /** What the server says about the stored value: set or not, and for URLs a masked hint. */
  stored: SecretState;
  edit: SecretEdit;
  onChange: (edit: SecretEdit) => void;
  /** `url` shows what is typed (a webhook URL); `password` hides it. */
  kind: 'url' | 'password';
  error?: string;
  disabled?: boolean;
  description?: string;
}

/**
 * A write-only secret: the stored value is never shown — only whether one is configured.
 * Typing replaces it on save, "Remove" deletes it, an empty input keeps it.
 */
export function SecretField({
  label,
  stored,
  edit,
  onChange,
  kind,
  error,
  disabled,
  description,
}: SecretFieldProps) {
  const { t } = useTranslation();
  const Input = kind === 'password' ? PasswordInput : TextInput;
  const clearing = edit.action === 'clear';
  const state = clearing ? (
    <Badge color="red" variant="light" size="sm">
      {t('notifications.admin.secret.removing')}
    </Badge>
  ) : stored.configured ? (
    <Badge color="green" variant="light" size="sm">
      {t('notifications.admin.secret.configured')}
    </Badge>
  ) : (
    <Badge color="gray" variant="light" size="sm">
      {t('notifications.admin.secret.notSet')}
    </Badge>
  );

  return (
    <div>
      <Input
        label={
          <Group gap="xs" component="span" wrap="nowrap">
            <span>{label}</span>
            {state}
          </Group>
        }
        description={
          <>
            {description ? (
              <Text span size="xs" display="block">
                {description}
              </Text>
            ) : null}
            {stored.configured && stored.hint && !clearing ? (
              <Text span size="xs" display="block" data-testid="secret-hint">
                {t('notifications.admin.secret.hint', { hint: stored.hint })}
              </Text>
            ) : null}
          </>
        }
        placeholder={
          clearing
            ? t('notifications.admin.secret.removePlaceholder')
            : stored.configured
              ? t('notifications.admin.secret.replacePlaceholder')
              : kind === 'url'
                ? 'https://'
                : ''
        }
        value={edit.action === 'replace' ? edit.value : ''}
        onChange={(event) => {
          const value = event.currentTarget.value;
          onChange(value === '' ? { action: 'keep' } : { action: 'replace', value });
        }}
        autoComplete={kind === 'password' ? 'new-password' : 'off'}
        spellCheck={false}
        type={kind === 'url' ? 'url' : undefined}
        error={error}
        disabled={disabled || clearing}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
      />
      {stored.configured && !disabled ? (
        <Button
          mt={6}
          size="compact-xs"
          variant="subtle"
          color={clearing ? 'gray' : 'red'}
          leftSection={clearing ? <IconArrowBackUp size={14} /> : <IconTrash size={14} />}
          onClick={() => onChange(clearing ? { action: 'keep' } : { action: 'clear' })}
        >
          {clearing ? t('notifications.admin.secret.undoRemove') : t('notifications.admin.secret.remove')}
        </Button>
      ) : null}
    </div>
  );
}
