import { Fieldset, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { EXCAVATOR_STATUSES } from '@/domain/excavator';
import type { ExcavatorFormValues } from './form-values';
import { STATUS_KEY } from '../labels';

export function OperationalSection({ form }: { form: UseFormReturnType<ExcavatorFormValues> }) {
  const { t } = useTranslation();
  const hoursProps = { allowNegative: false, decimalScale: 1, suffix: ' h', min: 0 } as const;
  return (
    <Fieldset legend={t('excavators.form.sections.operational')} radius="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label={t('excavators.fields.status')}
          allowDeselect={false}
          data={EXCAVATOR_STATUSES.map((s) => ({ value: s, label: t(STATUS_KEY[s]) }))}
          {...form.getInputProps('status')}
        />
        <TextInput label={t('excavators.fields.location')} {...form.getInputProps('location')} />
        <NumberInput
          label={t('excavators.fields.usageHours')}
          {...hoursProps}
          {...form.getInputProps('usageHours')}
        />
        <NumberInput
          label={t('excavators.fields.lastServiceHours')}
          {...hoursProps}
          {...form.getInputProps('lastServiceHours')}
        />
        <NumberInput
          label={t('excavators.fields.nextInspectionHours')}
          description={t('excavators.form.nextInspectionHint')}
          {...hoursProps}
          {...form.getInputProps('nextInspectionHours')}
        />
        <TextInput
          type="date"
          label={t('excavators.fields.purchaseDate')}
          {...form.getInputProps('purchaseDate')}
        />
        <TextInput
          type="date"
          label={t('excavators.fields.lastServiceDate')}
          {...form.getInputProps('lastServiceDate')}
        />
      </SimpleGrid>
    </Fieldset>
  );
}
