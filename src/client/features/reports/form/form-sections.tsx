import {
  Box,
  Button,
  Fieldset,
  Group,
  NumberInput,
  SimpleGrid,
  Slider,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_MAX_TEXT } from '@/domain/report';
import { ExcavatorPicker } from '@/client/ui/pickers/excavator-picker';
import { growingTextarea } from '@/client/ui/growing-textarea';
import { localToday } from '@/client/lib/dates';
import type { ReportFieldValues } from './form-values';

type Form = UseFormReturnType<ReportFieldValues>;

/**
 * A section re-renders only when one of its own fields' value or error changed: the form object is new
 * on every render of the report form, and a checklist tap must not re-render the pickers, dates and
 * text areas (on a slow tablet that was most of a tap's time). The form's setters read its current
 * values, so a section kept from an earlier render still writes correctly.
 */
function sameFields(fields: readonly (keyof ReportFieldValues)[]) {
  return (previous: { form: Form }, next: { form: Form }) =>
    fields.every(
      (field) =>
        previous.form.values[field] === next.form.values[field] &&
        previous.form.errors[field] === next.form.errors[field],
    );
}

/** Excavator, dates and names. */
export const GeneralFields = memo(
  function GeneralFields({ form }: { form: Form }) {
    const { t } = useTranslation();
    return (
      <Fieldset legend={t('reports.form.general')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <ExcavatorPicker
            label={t('reports.fields.excavator')}
            required
            value={form.values.excavatorId}
            onChange={(value) => form.setFieldValue('excavatorId', value)}
            error={form.errors.excavatorId as string | undefined}
          />
          <TextInput
            type="date"
            label={t('reports.fields.reportDate')}
            required
            max={localToday()}
            {...form.getInputProps('reportDate')}
          />
          <TextInput
            label={t('reports.fields.operatorName')}
            required
            {...form.getInputProps('operatorName')}
          />
          <TextInput label={t('reports.fields.managerName')} {...form.getInputProps('managerName')} />
        </SimpleGrid>
      </Fieldset>
    );
  },
  sameFields(['excavatorId', 'reportDate', 'operatorName', 'managerName']),
);

/** Hours, fuel and service dates. */
export const OperatingFields = memo(
  function OperatingFields({ form }: { form: Form }) {
    const { t } = useTranslation();
    // The slider sets a number; '' is no level recorded.
    const fuel = form.values.fuelLevel === '' ? null : Number(form.values.fuelLevel);
    return (
      <Fieldset legend={t('reports.form.operating')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label={t('reports.fields.operatingHours')}
            min={0}
            decimalScale={1}
            suffix=" h"
            {...form.getInputProps('operatingHours')}
          />
          <NumberInput
            label={t('reports.fields.hoursUntilNextMaintenance')}
            decimalScale={1}
            suffix=" h"
            {...form.getInputProps('hoursUntilNextMaintenance')}
          />
          <TextInput
            type="date"
            label={t('reports.fields.serviceDate')}
            {...form.getInputProps('serviceDate')}
          />
          <TextInput
            type="date"
            label={t('reports.fields.uvvInspectionDate')}
            {...form.getInputProps('uvvInspectionDate')}
          />
        </SimpleGrid>
        <Box mt="md">
          <Group justify="space-between" mb={4}>
            <Text size="sm" fw={500} id="fuel-label">
              {t('reports.fields.fuelLevel')}
            </Text>
            <Group gap="xs">
              <Text size="sm" c={fuel === null ? 'dimmed' : undefined} data-testid="fuel-value">
                {fuel === null ? t('reports.form.notRecorded') : `${fuel} %`}
              </Text>
              {fuel !== null ? (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => form.setFieldValue('fuelLevel', '')}
                >
                  {t('reports.form.clear')}
                </Button>
              ) : null}
            </Group>
          </Group>
          <Slider
            aria-labelledby="fuel-label"
            thumbProps={{ 'aria-labelledby': 'fuel-label' }}
            min={0}
            max={100}
            step={5}
            size="lg"
            value={fuel ?? 0}
            onChange={(value) => form.setFieldValue('fuelLevel', value)}
            color={fuel === null ? 'gray' : fuel < 20 ? 'red' : 'blue'}
            marks={[0, 25, 50, 75, 100].map((value) => ({ value, label: `${value}%` }))}
            mb="lg"
          />
          {form.errors.fuelLevel ? (
            <Text size="sm" c="red">
              {form.errors.fuelLevel}
            </Text>
          ) : null}
        </Box>
      </Fieldset>
    );
  },
  sameFields([
    'operatingHours',
    'hoursUntilNextMaintenance',
    'serviceDate',
    'uvvInspectionDate',
    'fuelLevel',
  ]),
);

/** The description and the notes grow with their text from three lines. */
const TEXT_SIZE = growingTextarea(3);

/** Description and notes, each with the AI helper when the app has one. */
export const TextFields = memo(
  function TextFields({
    form,
    assist,
  }: {
    form: Form;
    assist?: (field: 'description' | 'notes') => ReactNode;
  }) {
    const { t } = useTranslation();
    return (
      <Fieldset legend={t('reports.form.texts')}>
        <Stack>
          {(['description', 'notes'] as const).map((field) => (
            <Group key={field} gap="xs" align="flex-start" wrap="nowrap">
              <Textarea
                style={{ flex: 1 }}
                label={t(`reports.fields.${field}`)}
                {...TEXT_SIZE}
                maxLength={REPORT_MAX_TEXT}
                {...form.getInputProps(field)}
              />
              {assist ? <Box pt={26}>{assist(field)}</Box> : null}
            </Group>
          ))}
        </Stack>
      </Fieldset>
    );
  },
  // With the helper or without it is all a change of `assist` can mean; its callback is new on every render.
  (previous, next) =>
    !previous.assist === !next.assist && sameFields(['description', 'notes'])(previous, next),
);
