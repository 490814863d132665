import { Button, Chip, Group, Select, TextInput } from '@mantine/core';
import { IconLayoutGrid, IconSearch, IconTable, IconX } from '@tabler/icons-react';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EMPTY_FILTER, isFiltered, type InventoryFilterState, type TagCount } from '../model';
import { ViewModeToggle } from '@/client/ui/view-mode-toggle';
import type { InventoryViewMode } from '../use-view-mode';

type FilterPatch = Partial<InventoryFilterState>;

interface InventoryFiltersProps {
  filter: InventoryFilterState;
  /** Changes part of the filter (the page merges it into the current one). */
  onChange: (patch: FilterPatch) => void;
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
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        type="search"
        label={t('inventory.filters.search')}
        placeholder={t('inventory.filters.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        value={filter.q}
        onChange={(event) => onChange({ q: event.currentTarget.value })}
        style={{ flex: '1 1 240px' }}
        data-testid="inventory-search"
      />
      <FacetFilters
        tag={filter.tag}
        type={filter.type}
        location={filter.location}
        lowStock={filter.lowStock}
        tags={tags}
        types={types}
        locations={locations}
        onChange={onChange}
      />
      {isFiltered(filter) ? (
        <Button
          variant="subtle"
          leftSection={<IconX size={16} />}
          onClick={() => onChange(EMPTY_FILTER)}
          mb={2}
        >
          {t('inventory.filters.clear')}
        </Button>
      ) : null}
      <ViewModeToggle
        ml="auto"
        value={view}
        onChange={onViewChange}
        label={t('inventory.view.label')}
        options={[
          { value: 'cards', label: t('inventory.view.cards'), icon: IconLayoutGrid },
          { value: 'table', label: t('inventory.view.table'), icon: IconTable },
        ]}
      />
    </Group>
  );
}

interface FacetFiltersProps extends Pick<InventoryFilterState, 'tag' | 'type' | 'location' | 'lowStock'> {
  tags: TagCount[];
  types: string[];
  locations: string[];
  onChange: (patch: FilterPatch) => void;
}

/**
 * The three pickers and the low-stock chip. Memoised: they do not change while someone types in the
 * search, and three idle Selects cost more per keystroke than filtering 10,000 items.
 */
const FacetFilters = memo(function FacetFilters({
  tag,
  type,
  location,
  lowStock,
  tags,
  types,
  locations,
  onChange,
}: FacetFiltersProps) {
  const { t } = useTranslation();
  const tagOptions = useMemo(
    () => tags.map(({ tag: value, count }) => ({ value, label: `${value} (${count})` })),
    [tags],
  );
  return (
    <>
      <Select
        label={t('inventory.filters.tag')}
        placeholder={t('inventory.filters.all')}
        data={tagOptions}
        value={tag}
        onChange={(value) => onChange({ tag: value })}
        searchable
        clearable
        w={180}
      />
      <Select
        label={t('inventory.filters.type')}
        placeholder={t('inventory.filters.all')}
        data={types}
        value={type}
        onChange={(value) => onChange({ type: value })}
        searchable
        clearable
        w={170}
      />
      <Select
        label={t('inventory.filters.location')}
        placeholder={t('inventory.filters.all')}
        data={locations}
        value={location}
        onChange={(value) => onChange({ location: value })}
        searchable
        clearable
        w={170}
      />
      <Chip
        checked={lowStock}
        onChange={(value) => onChange({ lowStock: value })}
        color="red"
        size="md"
        mb={4}
      >
        {t('inventory.filters.lowStock')}
      </Chip>
    </>
  );
});
