import { Button, Group, Select, TextInput } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DISPO_STATUSES, type DispoStatus } from '@/domain/dispo/constants';
import type { Driver } from '@/domain/dispo/drivers';
import type { Truck } from '@/domain/dispo/trucks';
import { STATUS_LABEL } from '../labels';

export interface AssignmentFilterValues {
  from: string;
  to: string;
  driverId: string | null;
  truckId: string | null;
  status: DispoStatus | null;
}

export const NO_FILTERS: AssignmentFilterValues = {
  from: '',
  to: '',
  driverId: null,
  truckId: null,
  status: null,
};

interface AssignmentFiltersProps {
  value: AssignmentFilterValues;
  drivers: readonly Driver[];
  trucks: readonly Truck[];
  onChange(value: AssignmentFilterValues): void;
}

/** Date from/to, driver, truck and status of the assignments list. */
export function AssignmentFilters({ value, drivers, trucks, onChange }: AssignmentFiltersProps) {
  const { t } = useTranslation();
  const set = (patch: Partial<AssignmentFilterValues>) => onChange({ ...value, ...patch });
  const filtered = JSON.stringify(value) !== JSON.stringify(NO_FILTERS);
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        type="date"
        label={t('dispo.filters.from')}
        value={value.from}
        max={value.to || undefined}
        onChange={(event) => set({ from: event.currentTarget.value })}
        w={170}
      />
      <TextInput
        type="date"
        label={t('dispo.filters.to')}
        value={value.to}
        min={value.from || undefined}
        onChange={(event) => set({ to: event.currentTarget.value })}
        w={170}
      />
      <Select
        label={t('dispo.fields.driver')}
        placeholder={t('dispo.filters.allDrivers')}
        data={drivers.map((d) => ({ value: d.id, label: d.name }))}
        value={value.driverId}
        onChange={(driverId) => set({ driverId })}
        searchable
        clearable
        w={200}
      />
      <Select
        label={t('dispo.fields.truck')}
        placeholder={t('dispo.filters.allTrucks')}
        data={trucks.map((truck) => ({ value: truck.id, label: truck.licensePlate }))}
        value={value.truckId}
        onChange={(truckId) => set({ truckId })}
        searchable
        clearable
        w={170}
      />
      <Select
        label={t('dispo.fields.status')}
        placeholder={t('dispo.filters.allStatuses')}
        data={DISPO_STATUSES.map((s) => ({ value: s, label: t(STATUS_LABEL[s]) }))}
        value={value.status}
        onChange={(status) => set({ status: (status as DispoStatus | null) ?? null })}
        clearable
        w={150}
      />
      {filtered ? (
        <Button
          variant="subtle"
          mih={36}
          leftSection={<IconFilterOff size={16} />}
          onClick={() => onChange(NO_FILTERS)}
        >
          {t('dispo.filters.clear')}
        </Button>
      ) : null}
    </Group>
  );
}
