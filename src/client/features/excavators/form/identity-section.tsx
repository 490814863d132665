import { Fieldset, NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { ExcavatorFormValues } from './form-values';

export function IdentitySection({ form }: { form: UseFormReturnType<ExcavatorFormValues> }) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={t('excavators.form.sections.identity')} radius="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('excavators.fields.name')}
          required
          data-autofocus
          {...form.getInputProps('name')}
        />
        <TextInput label={t('excavators.fields.model')} required {...form.getInputProps('model')} />
        <TextInput
          label={t('excavators.fields.serialNumber')}
          required
          {...form.getInputProps('serialNumber')}
        />
        <NumberInput
          label={t('excavators.fields.year')}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=""
          {...form.getInputProps('year')}
        />
        <TextInput label={t('excavators.fields.engineNumber')} {...form.getInputProps('engineNumber')} />
      </SimpleGrid>
    </Fieldset>
  );
}
