import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { actionLabel, entityLabel } from '../audit-values';

export interface AuditFilterValues {
  user: string;
  entity: string;
  action: string;
  /** One record's id (set from a record's "only this record" button, or typed). */
  record: string;
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilterValues = {
  user: '',
  entity: '',
  action: '',
  record: '',
  from: '',
  to: '',
};

/** The record types and actions the server writes (the choice lists of the filters). */
export const AUDIT_ENTITIES = [
  'excavator',
  'report',
  'logbook',
  'inventory',
  'user',
  'settings',
  'dispoAssignment',
  'dispoDriver',
  'dispoTruck',
  'dispoContainerType',
  'notification',
  'backup',
  'ai',
];
export const AUDIT_ACTIONS = [
  'login',
  'login.failed',
  'user.created',
  'user.update',
  'user.password_reset',
  'user.password_changed',
  'settings.update',
  'checklist.update',
  'excavator.create',
  'excavator.update',
  'excavator.delete',
  'report.create',
  'report.update',
  'report.submit',
  'report.approve',
  'report.reject',
  'report.delete',
  'logbook.create',
  'logbook.update',
  'logbook.sign',
  'logbook.unsign',
  'logbook.approve',
  'logbook.delete',
  'inventory.create',
  'inventory.update',
  'inventory.adjust',
  'inventory.import',
  'inventory.delete',
  'profile.signature',
  'profile.image',
  'backup.download',
];

interface AuditFiltersProps {
  values: AuditFilterValues;
  onChange(values: AuditFilterValues): void;
  /** Shown under "To" when it lies before "From". */
  rangeError: string | null;
  onExport(): void;
  exporting: boolean;
}

export function AuditFilters({ values, onChange, rangeError, onExport, exporting }: AuditFiltersProps) {
  const { t } = useTranslation();
  const set = (key: keyof AuditFilterValues) => (value: string | null) =>
    onChange({ ...values, [key]: value ?? '' });
  const active = Object.values(values).some((value) => value.trim());
  const withCurrent = (list: string[], current: string) =>
    current && !list.includes(current) ? [...list, current] : list;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="sm" verticalSpacing="sm">
      <TextInput
        size="md"
        label={t('audit.filters.user')}
        placeholder={t('audit.filters.userPlaceholder')}
        value={values.user}
        onChange={(event) => set('user')(event.currentTarget.value)}
      />
      <Select
        size="md"
        label={t('audit.filters.entity')}
        data={withCurrent(AUDIT_ENTITIES, values.entity).map((value) => ({
          value,
          label: entityLabel(value, t),
        }))}
        value={values.entity || null}
        onChange={set('entity')}
        searchable
        clearable
      />
      <Select
        size="md"
        label={t('audit.filters.action')}
        data={withCurrent(AUDIT_ACTIONS, values.action).map((value) => ({
          value,
          label: actionLabel(value, t),
        }))}
        value={values.action || null}
        onChange={set('action')}
        searchable
        clearable
      />
      <TextInput
        size="md"
        label={t('audit.filters.record')}
        placeholder={t('audit.filters.recordPlaceholder')}
        value={values.record}
        onChange={(event) => set('record')(event.currentTarget.value)}
      />
      <TextInput
        size="md"
        type="date"
        label={t('audit.filters.from')}
        value={values.from}
        max={values.to || undefined}
        onChange={(event) => set('from')(event.currentTarget.value)}
      />
      <TextInput
        size="md"
        type="date"
        label={t('audit.filters.to')}
        value={values.to}
        min={values.from || undefined}
        error={rangeError}
        onChange={(event) => set('to')(event.currentTarget.value)}
      />
      <Group gap="sm" style={{ alignSelf: 'end' }} wrap="wrap">
        <Button variant="default" size="md" disabled={!active} onClick={() => onChange(NO_AUDIT_FILTERS)}>
          {t('audit.filters.clear')}
        </Button>
        <Button
          variant="light"
          size="md"
          leftSection={<IconDownload size={18} />}
          loading={exporting}
          onClick={onExport}
        >
          {t('audit.export')}
        </Button>
      </Group>
    </SimpleGrid>
  );
}
