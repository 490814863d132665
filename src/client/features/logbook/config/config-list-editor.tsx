import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { keyFromName, newConfigRow, type ConfigFormValues, type ConfigListName } from './config-form';
import { CONFIG_LIST_KEYS } from '../keys';

interface ConfigListEditorProps {
  form: UseFormReturnType<ConfigFormValues>;
  list: ConfigListName;
  readOnly: boolean;
}

/** Conveyors or special checks: a name and a stable key per row (suggested from the name). */
export function ConfigListEditor({ form, list, readOnly }: ConfigListEditorProps) {
  const { t } = useTranslation();
  const items = form.getValues()[list];
  return (
    <Stack gap="xs" data-testid={`config-${list}`}>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t(CONFIG_LIST_KEYS[list].empty)}
        </Text>
      ) : null}
      {items.map((item, i) => (
        <Group key={item.rowKey} align="flex-start" gap="sm" wrap="nowrap" data-testid="config-row">
          <TextInput
            style={{ flex: 2 }}
            label={t('logbook.config.name')}
            {...form.getInputProps(`${list}.${i}.name`)}
            onBlur={() => {
              if (!item.key.trim() && item.name.trim())
                form.setFieldValue(`${list}.${i}.key`, keyFromName(item.name));
            }}
            readOnly={readOnly}
          />
          <TextInput
            style={{ flex: 1 }}
            label={t('logbook.config.key')}
            {...form.getInputProps(`${list}.${i}.key`)}
            readOnly={readOnly}
          />
          {readOnly ? null : (
            <ActionIcon
              variant="subtle"
              color="red"
              size={44}
              mt={24}
              aria-label={t('logbook.config.remove', { name: item.name || item.key || i + 1 })}
              onClick={() => form.removeListItem(list, i)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          )}
        </Group>
      ))}
      {readOnly ? null : (
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => form.insertListItem(list, newConfigRow(list))}
          >
            {t(CONFIG_LIST_KEYS[list].add)}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
