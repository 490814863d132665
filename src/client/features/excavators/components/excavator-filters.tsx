import { CloseButton, Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EXCAVATOR_STATUSES } from '@/domain/excavator';
import { MAINTENANCE_FILTERS } from '@/domain/maintenance';
import type { MaintenanceFilterChoice, StatusFilter } from '../model';
import { ViewModeToggle } from '@/client/ui/view-mode-toggle';
import { VIEW_MODES, type ViewMode } from '../view-mode';
import { MAINTENANCE_FILTER_KEY, STATUS_KEY, VIEW_MODE_KEY } from '../labels';

interface ExcavatorFiltersProps {
  search: string;
  onSearchChange(value: string): void;
  status: StatusFilter;
  onStatusChange(value: StatusFilter): void;
  maintenance: MaintenanceFilterChoice;
  onMaintenanceChange(value: MaintenanceFilterChoice): void;
  mode: ViewMode;
  onModeChange(mode: ViewMode): void;
}

const isStatusFilter = (value: string | null): value is StatusFilter =>
  value === 'all' || (EXCAVATOR_STATUSES as readonly string[]).includes(value ?? '');

const isMaintenanceFilter = (value: string | null): value is MaintenanceFilterChoice =>
  value === 'all' || (MAINTENANCE_FILTERS as readonly string[]).includes(value ?? '');

export function ExcavatorFilters(props: ExcavatorFiltersProps) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        type="search"
        data-testid="excavators-search"
        style={{ flex: '1 1 260px' }}
        label={t('excavators.filters.search')}
        placeholder={t('excavators.filters.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={props.search}
        onChange={(event) => props.onSearchChange(event.currentTarget.value)}
        rightSection={
          props.search ? (
            <CloseButton
              aria-label={t('excavators.filters.clearSearch')}
              onClick={() => props.onSearchChange('')}
            />
          ) : null
        }
      />
      <Select
        w={220}
        label={t('excavators.filters.status')}
        value={props.status}
        allowDeselect={false}
        data={[
          { value: 'all', label: t('excavators.filters.allStatuses') },
          ...EXCAVATOR_STATUSES.map((s) => ({ value: s, label: t(STATUS_KEY[s]) })),
        ]}
        onChange={(value) => {
          if (isStatusFilter(value)) props.onStatusChange(value);
        }}
      />
      <Select
        w={240}
        label={t('excavators.filters.maintenance')}
        value={props.maintenance}
        allowDeselect={false}
        data={(['all', ...MAINTENANCE_FILTERS] as const).map((value) => ({
          value,
          label: t(MAINTENANCE_FILTER_KEY[value]),
        }))}
        onChange={(value) => {
          if (isMaintenanceFilter(value)) props.onMaintenanceChange(value);
        }}
      />
      <ViewModeToggle
        value={props.mode}
        onChange={props.onModeChange}
        label={t('excavators.view.label')}
        options={VIEW_MODES.map((mode) => ({ value: mode, label: t(VIEW_MODE_KEY[mode]) }))}
      />
    </Group>
  );
}
