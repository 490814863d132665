import { Alert, Card, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SegmentedChoice } from '@/client/ui/segmented-choice';
import { sameSectionFields, type LogbookForm } from './form-types';

interface CheckRowProps {
  form: LogbookForm;
  /** `conveyorChecks.2` or `specialChecks.0`. */
  path: `conveyorChecks.${number}` | `specialChecks.${number}`;
  name: string;
  /** The side that needs attention is chosen. */
  bad: boolean;
  notes: string;
  notesError: string | undefined;
  notesRequired: boolean;
  testId: string;
}

/** The two sides of a check, by kind: a conveyor works or not, a special check is done or open. */
const SIDE_LABELS = {
  conveyor: { good: 'logbook.checks.functional', bad: 'logbook.checks.notFunctional' },
  special: { good: 'logbook.checks.done', bad: 'logbook.checks.open' },
} as const;

/**
 * One check as a quick two-way toggle with a note. It re-renders only when its own props change: a
 * toggle or a note redraws its card, not the other checks (`form` is new on every render of the form,
 * its setters write to the current values). The card looks up its own texts, so a toggle translates
 * one card's labels rather than every card's: at 4× CPU the lookups for the default eight checks were
 * about a third of a tap's handler time.
 */
const CheckRow = memo(
  function CheckRow({ form, path, name, bad, notesRequired, testId }: CheckRowProps) {
    const { t } = useTranslation();
    const conveyor = path.startsWith('conveyorChecks.');
    const labels = SIDE_LABELS[conveyor ? 'conveyor' : 'special'];
    const good = t(labels.good);
    const badLabel = t(labels.bad);
    const options = useMemo(
      () =>
        [
          { value: 'good', label: good, color: 'green' },
          { value: 'bad', label: badLabel, color: 'red' },
        ] as const,
      [good, badLabel],
    );
    const onChange = (next: 'good' | 'bad') => {
      const isBad = next === 'bad';
      if (conveyor) form.setFieldValue(`${path as `conveyorChecks.${number}`}.functional`, !isBad);
      else form.setFieldValue(`${path as `specialChecks.${number}`}.open`, isBad);
    };
    return (
      <Card
        withBorder
        radius="md"
        padding="sm"
        data-testid={testId}
        data-state={bad ? 'bad' : 'good'}
        bg={bad ? 'var(--mantine-color-red-light)' : undefined}
      >
        <Group justify="space-between" wrap="wrap" gap="sm" mb="xs">
          <Text fw={600}>{name}</Text>
          <SegmentedChoice
            size="md"
            // Long labels ("Nicht funktionsfähig") wrap inside their half instead of being cut off; a
            // phone has no room for "Funktionsfähig" beside it (each one long word): the two choices
            // stack, each the full width of the card.
            style={{ flex: '1 1 260px', maxWidth: 420 }}
            stackOnPhone
            data-testid="logbook-check-toggle"
            value={bad ? 'bad' : 'good'}
            onChange={onChange}
            options={options}
            label={name}
          />
        </Group>
        <TextInput
          size="md"
          label={t('logbook.checks.notes', { name })}
          withAsterisk={notesRequired}
          {...form.getInputProps(`${path}.notes`)}
          key={form.key(`${path}.notes`)}
        />
      </Card>
    );
  },
  (previous, next) =>
    (Object.keys(next) as (keyof CheckRowProps)[]).every(
      (key) => key === 'form' || previous[key] === next[key],
    ),
);

/** Conveyor and special checks from the site's configuration, as toggles with notes. */
export const ChecksSection = memo(
  function ChecksSection({ form }: { form: LogbookForm }) {
    const { t } = useTranslation();
    const { conveyorChecks, specialChecks } = form.getValues();
    const errors = form.errors;
    const error = (path: string) => errors[path] as string | undefined;
    return (
      <>
        <Fieldset legend={t('logbook.form.conveyors')} radius="md">
          {conveyorChecks.length === 0 ? (
            <Alert color="gray">{t('logbook.form.noConveyors')}</Alert>
          ) : (
            <Stack gap="sm">
              {conveyorChecks.map((check, i) => (
                <CheckRow
                  key={check.key || `${check.name}-${i}`}
                  form={form}
                  path={`conveyorChecks.${i}`}
                  testId="conveyor-check"
                  name={check.name}
                  bad={!check.functional}
                  notes={check.notes}
                  notesError={error(`conveyorChecks.${i}.notes`)}
                  notesRequired={!check.functional}
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
                  key={check.key || `${check.name}-${i}`}
                  form={form}
                  path={`specialChecks.${i}`}
                  testId="special-check"
                  name={check.name}
                  bad={check.open}
                  notes={check.notes}
                  notesError={error(`specialChecks.${i}.notes`)}
                  notesRequired={false}
                />
              ))}
            </Stack>
          )}
        </Fieldset>
      </>
    );
  },
  sameSectionFields(['conveyorChecks', 'specialChecks']),
);
