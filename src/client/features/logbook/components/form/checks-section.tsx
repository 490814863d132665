import { Alert, Card, Fieldset, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { LogbookForm } from './form-types';

/** One check as a quick two-way toggle with a note; `bad` marks the side that needs attention. */
function CheckRow({
  name,
  value,
  options,
  bad,
  notes,
  testId,
}: {
  name: string;
  value: 'good' | 'bad';
  options: { good: string; bad: string; onChange(bad: boolean): void };
  bad: boolean;
  notes: { props: ReturnType<LogbookForm['getInputProps']>; key: string; required: boolean; label: string };
  testId: string;
}) {
  // A phone has no room for "Funktionsfähig" beside "Nicht funktionsfähig" (each one long word): the
  // two choices stack, each the full width of the card.
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      data-testid={testId}
      data-state={value}
      bg={bad ? 'var(--mantine-color-red-light)' : undefined}
    >
      <Group justify="space-between" wrap="wrap" gap="sm" mb="xs">
        <Text fw={600}>{name}</Text>
        <SegmentedControl
          size="md"
          radius="md"
          // Long labels ("Nicht funktionsfähig") wrap inside their half instead of being cut off.
          style={{ flex: '1 1 260px', maxWidth: 420 }}
          fullWidth
          orientation={phone ? 'vertical' : 'horizontal'}
          styles={{
            label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip', lineHeight: 1.2 },
          }}
          data-testid="logbook-check-toggle"
          value={value}
          color={bad ? 'red' : 'green'}
          onChange={(next) => options.onChange(next === 'bad')}
          data={[
            { value: 'good', label: options.good },
            { value: 'bad', label: options.bad },
          ]}
          aria-label={name}
        />
      </Group>
      <TextInput
        size="md"
        label={notes.label}
        withAsterisk={notes.required}
        {...notes.props}
        key={notes.key}
      />
    </Card>
  );
}

/** Conveyor and special checks from the site's configuration, as toggles with notes. */
export function ChecksSection({ form }: { form: LogbookForm }) {
  const { t } = useTranslation();
  const { conveyorChecks, specialChecks } = form.getValues();
  return (
    <>
      <Fieldset legend={t('logbook.form.conveyors')} radius="md">
        {conveyorChecks.length === 0 ? (
          <Alert color="gray">{t('logbook.form.noConveyors')}</Alert>
        ) : (
          <Stack gap="sm">
            {conveyorChecks.map((check, i) => (
              <CheckRow
                key={check.key ?? `${check.name}-${i}`}
                testId="conveyor-check"
                name={check.name}
                value={check.functional ? 'good' : 'bad'}
                bad={!check.functional}
                options={{
                  good: t('logbook.checks.functional'),
                  bad: t('logbook.checks.notFunctional'),
                  onChange: (bad) => form.setFieldValue(`conveyorChecks.${i}.functional`, !bad),
                }}
                notes={{
                  props: form.getInputProps(`conveyorChecks.${i}.notes`),
                  key: form.key(`conveyorChecks.${i}.notes`),
                  required: !check.functional,
                  label: t('logbook.checks.notes', { name: check.name }),
                }}
              />
            ))}
          </Stack>
        )}
      </Fieldset>
      <Fieldset legend={t('logbook.form.specialChecks')} radius="md">
        {specialChecks.length === 0 ? (
          <Alert color="gray">{t('logbook.form.noSpecialChecks')}</Alert>
        ) : (
          <Stack gap="sm">
            {specialChecks.map((check, i) => (
              <CheckRow
                key={check.key ?? `${check.name}-${i}`}
                testId="special-check"
                name={check.name}
                value={check.open ? 'bad' : 'good'}
                bad={check.open}
                options={{
                  good: t('logbook.checks.done'),
                  bad: t('logbook.checks.open'),
                  onChange: (open) => form.setFieldValue(`specialChecks.${i}.open`, open),
                }}
                notes={{
                  props: form.getInputProps(`specialChecks.${i}.notes`),
                  key: form.key(`specialChecks.${i}.notes`),
                  required: false,
                  label: t('logbook.checks.notes', { name: check.name }),
                }}
              />
            ))}
          </Stack>
        )}
      </Fieldset>
    </>
  );
}
