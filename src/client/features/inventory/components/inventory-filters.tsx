import { Button, Chip, Group, SegmentedControl, Select, TextInput } from '@mantine/core';
import { IconLayoutGrid, IconSearch, IconTable, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isFiltered, type InventoryFilterState, type TagCount } from '../model';
import type { InventoryViewMode } from '../use-view-mode';

interface InventoryFiltersProps {
  filter: InventoryFilterState;
  onChange: (filter: InventoryFilterState) => void;
  tags: TagCount[];
  types: string[];
  locations: string[];
  view: InventoryViewMode;
  onViewChange: (view: InventoryViewMode) => void;
}

/** Search, tag / type / location filters, low stock only, and the cards / table switch. */
export function InventoryFilters({
  filter,
  onChange,
  tags,
  types,
  locations,
  view,
  onViewChange,
}: InventoryFiltersProps) {
  const { t } = useTranslation();
  const set = (patch: Partial<InventoryFilterState>) => onChange({ ...filter, ...patch });
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        type="search"
        label={t('inventory.filters.search')}
        placeholder={t('inventory.filters.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        value={filter.q}
        onChange={(event) => set({ q: event.currentTarget.value })}
        style={{ flex: '1 1 240px' }}
        data-testid="inventory-search"
      />
      <Select
        label={t('inventory.filters.tag')}
        placeholder={t('inventory.filters.all')}
        data={tags.map(({ tag, count }) => ({ value: tag, label: `${tag} (${count})` }))}
        value={filter.tag}
        onChange={(tag) => set({ tag })}
        searchable
        clearable
        w={180}
      />
      <Select
        label={t('inventory.filters.type')}
        placeholder={t('inventory.filters.all')}
        data={types}
        value={filter.type}
        onChange={(type) => set({ type })}
        searchable
        clearable
        w={170}
      />
      <Select
        label={t('inventory.filters.location')}
        placeholder={t('inventory.filters.all')}
        data={locations}
        value={filter.location}
        onChange={(location) => set({ location })}
        searchable
        clearable
        w={170}
      />
      <Chip checked={filter.lowStock} onChange={(lowStock) => set({ lowStock })} color="red" size="md" mb={4}>
        {t('inventory.filters.lowStock')}
      </Chip>
      {isFiltered(filter) ? (
        <Button
          variant="subtle"
          leftSection={<IconX size={16} />}
          onClick={() => onChange({ q: '', tag: null, type: null, location: null, lowStock: false })}
          mb={2}
        >
          {t('inventory.filters.clear')}
        </Button>
      ) : null}
      <SegmentedControl
        ml="auto"
        value={view}
        onChange={(value) => onViewChange(value === 'table' ? 'table' : 'cards')}
        aria-label={t('inventory.view.label')}
        data={[
          {
            value: 'cards',
            label: (
              <Group gap={6} wrap="nowrap">
                <IconLayoutGrid size={16} aria-hidden />
                <span>{t('inventory.view.cards')}</span>
              </Group>
            ),
          },
          {
            value: 'table',
            label: (
              <Group gap={6} wrap="nowrap">
                <IconTable size={16} aria-hidden />
                <span>{t('inventory.view.table')}</span>
              </Group>
            ),
          },
        ]}
      />
    </Group>
  );
}
