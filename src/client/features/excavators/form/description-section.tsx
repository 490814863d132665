import { ActionIcon, Button, Fieldset, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EXCAVATOR_MAX_SPECIFICATIONS } from '@/domain/excavator';
import type { ExcavatorFormValues } from './form-values';
import { growingTextarea } from '@/client/ui/growing-textarea';

export function DescriptionSection({ form }: { form: UseFormReturnType<ExcavatorFormValues> }) {
  const { t } = useTranslation();
  const specs = form.getValues().specifications;
  const listError = form.errors.specifications;
  return (
    <Fieldset legend={t('excavators.form.sections.description')} radius="md">
      <Stack gap="sm">
        <Textarea
          label={t('excavators.fields.description')}
          {...growingTextarea(3)}
          {...form.getInputProps('description')}
        />
        <Textarea
          label={t('excavators.fields.notes')}
          {...growingTextarea(2)}
          {...form.getInputProps('notes')}
        />
        <Text fw={500} size="sm">
          {t('excavators.fields.specifications')}
        </Text>
        {specs.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('excavators.form.noSpecifications')}
          </Text>
        ) : null}
        {specs.map((_, index) => (
          <Group key={index} gap="xs" align="flex-start" wrap="nowrap" data-testid="specification-row">
            <TextInput
              style={{ flex: 1 }}
              label={t('excavators.form.specName')}
              placeholder={t('excavators.form.specNamePlaceholder')}
              {...form.getInputProps(`specifications.${index}.key`)}
            />
            <TextInput
              style={{ flex: 1 }}
              label={t('excavators.form.specValue')}
              placeholder={t('excavators.form.specValuePlaceholder')}
              {...form.getInputProps(`specifications.${index}.value`)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size={44}
              mt={24}
              aria-label={t('excavators.form.removeSpecification', { index: index + 1 })}
              onClick={() => form.removeListItem('specifications', index)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        ))}
        {typeof listError === 'string' ? (
          <Text size="sm" c="red" role="alert">
            {listError}
          </Text>
        ) : null}
        <Group>
          <Button
            variant="light"
            mih={44}
            leftSection={<IconPlus size={16} />}
            disabled={specs.length >= EXCAVATOR_MAX_SPECIFICATIONS}
            onClick={() => form.insertListItem('specifications', { key: '', value: '' })}
          >
            {t('excavators.form.addSpecification')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
