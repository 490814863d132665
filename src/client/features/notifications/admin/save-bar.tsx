import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface SaveBarProps {
  dirty: boolean;
  saving: boolean;
  saveError: string | null;
  onDiscard: () => void;
  onSave: () => void;
}

/** The admin section's sticky footer: the last save error or "unsaved", then discard and save. */
export function SaveBar({ dirty, saving, saveError, onDiscard, onSave }: SaveBarProps) {
  const { t } = useTranslation();
  return (
    <Group
      justify="flex-end"
      gap="sm"
      pos="sticky"
      bottom={0}
      py="sm"
      bg="var(--mantine-color-body)"
      style={{ zIndex: 1, borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      {saveError ? (
        <Text c="red" size="sm" role="alert" style={{ flex: 1 }}>
          {saveError}
        </Text>
      ) : dirty ? (
        <Text c="dimmed" size="sm" style={{ flex: 1 }}>
          {t('notifications.admin.unsaved')}
        </Text>
      ) : null}
      <Button variant="default" disabled={!dirty || saving} onClick={onDiscard}>
        {t('notifications.admin.discard')}
      </Button>
      <Button onClick={onSave} loading={saving} disabled={!dirty}>
        {t('notifications.admin.save')}
      </Button>
    </Group>
  );
}
