import { Autocomplete, Button, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface AuditFilterValues {
  user: string;
  entity: string;
  action: string;
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilterValues = { user: '', entity: '', action: '', from: '', to: '' };

/** Suggestions only: any entity or action name can be typed. */
const ENTITIES = ['user', 'settings', 'excavator', 'report', 'logbook', 'inventory', 'notification'];
const ACTIONS = [
  'login',
  'login.failed',
  'user.created',
  'user.updated',
  'user.deactivated',
  'user.password_reset',
  'settings.update',
  'profile.updated',
];

interface AuditFiltersProps {
  values: AuditFilterValues;
  onChange(values: AuditFilterValues): void;
  /** Shown under "To" when it lies before "From". */
  rangeError: string | null;
}

export function AuditFilters({ values, onChange, rangeError }: AuditFiltersProps) {
  const { t } = useTranslation();
  const set = (key: keyof AuditFilterValues) => (value: string) => onChange({ ...values, [key]: value });
  const active = Object.values(values).some((value) => value.trim());
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="sm" verticalSpacing="sm">
      <TextInput
        size="md"
        label={t('audit.filters.user')}
        placeholder={t('audit.filters.userPlaceholder')}
        value={values.user}
        onChange={(event) => set('user')(event.currentTarget.value)}
      />
      <Autocomplete
        size="md"
        label={t('audit.filters.entity')}
        data={ENTITIES}
        value={values.entity}
        onChange={set('entity')}
      />
      <Autocomplete
        size="md"
        label={t('audit.filters.action')}
        data={ACTIONS}
        value={values.action}
        onChange={set('action')}
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
      <Button
        variant="default"
        size="md"
        style={{ alignSelf: 'end' }}
        disabled={!active}
        onClick={() => onChange(NO_AUDIT_FILTERS)}
      >
        {t('audit.filters.clear')}
      </Button>
    </SimpleGrid>
  );
}
