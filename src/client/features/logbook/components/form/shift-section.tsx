import { Alert, Anchor, Badge, Fieldset, Group, SimpleGrid, TextInput } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { isOvernightShift, isTimeOfDay } from '@/domain/logbook';
import { formatEntryDate, shiftDuration } from '../../format';
import { findDuplicates } from '../../model';
import { useLogbookEntries } from '../../use-logbook';
import { sameSectionFields, type LogbookForm } from './form-types';

interface ShiftSectionProps {
  form: LogbookForm;
  /** The entry being edited (not a duplicate of itself). */
  entryId: string | null;
  onOpenEntry(id: string): void;
}

/** Date, site and shift times; warns when the site already has an entry on that date. */
export const ShiftSection = memo(
  function ShiftSection({ form, entryId, onOpenEntry }: ShiftSectionProps) {
    const { t } = useTranslation();
    const entries = useLogbookEntries();
    const { date, site, shiftStart, shiftEnd } = form.getValues();
    const duplicates = date ? findDuplicates(entries ?? [], { id: entryId, date, site: site || null }) : [];
    const validTimes = isTimeOfDay(shiftStart) && isTimeOfDay(shiftEnd) && shiftStart !== shiftEnd;
    const duration = validTimes ? shiftDuration(shiftStart, shiftEnd) : null;

    return (
      <Fieldset legend={t('logbook.form.shift')} radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            type="date"
            size="lg"
            label={t('logbook.fields.date')}
            withAsterisk
            {...form.getInputProps('date')}
            key={form.key('date')}
          />
          <TextInput
            size="lg"
            label={t('logbook.fields.site')}
            {...form.getInputProps('site')}
            key={form.key('site')}
          />
          <TextInput
            type="time"
            size="lg"
            label={t('logbook.fields.shiftStart')}
            withAsterisk
            {...form.getInputProps('shiftStart')}
            key={form.key('shiftStart')}
          />
          <TextInput
            type="time"
            size="lg"
            label={t('logbook.fields.shiftEnd')}
            withAsterisk
            {...form.getInputProps('shiftEnd')}
            key={form.key('shiftEnd')}
          />
        </SimpleGrid>
        {duration ? (
          <Group gap="xs" mt="sm" data-testid="shift-summary">
            <Badge variant="light" size="lg">
              {t('logbook.shift.duration', duration)}
            </Badge>
            {isOvernightShift(shiftStart, shiftEnd) ? (
              <Badge variant="light" color="indigo" size="lg">
                {t('logbook.shift.overnightHint')}
              </Badge>
            ) : null}
          </Group>
        ) : null}
        {duplicates.length > 0 ? (
          <Alert
            color="yellow"
            mt="md"
            icon={<IconCopy size={18} />}
            role="status"
            data-testid="duplicate-warning"
          >
            {t('logbook.form.duplicate', {
              date: formatEntryDate(date),
              site: site || t('logbook.form.noSite'),
            })}{' '}
            <Anchor component="button" type="button" onClick={() => onOpenEntry(duplicates[0]!.id)}>
              {t('logbook.form.openDuplicate')}
            </Anchor>
          </Alert>
        ) : null}
      </Fieldset>
    );
  },
  sameSectionFields<ShiftSectionProps>(['date', 'site', 'shiftStart', 'shiftEnd']),
);
