import { CloseButton, Group, SegmentedControl, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { knownRoleOptions } from '../role-label';

export type StatusFilter = 'all' | 'active' | 'inactive';

interface UsersFiltersProps {
  search: string;
  onSearchChange(value: string): void;
  role: string | null;
  onRoleChange(value: string | null): void;
  status: StatusFilter;
  onStatusChange(value: StatusFilter): void;
}

/** Search by username, name or e-mail; filter by role and by active or inactive accounts. */
export function UsersFilters(props: UsersFiltersProps) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        size="md"
        style={{ flex: '1 1 260px' }}
        type="search"
        label={t('users.filters.search')}
        placeholder={t('users.filters.searchPlaceholder')}
        leftSection={<IconSearch size={18} aria-hidden />}
        value={props.search}
        onChange={(event) => props.onSearchChange(event.currentTarget.value)}
        rightSection={
          props.search ? (
            <CloseButton
              aria-label={t('users.filters.clearSearch')}
              onClick={() => props.onSearchChange('')}
            />
          ) : null
        }
      />
      <Select
        size="md"
        w={{ base: '100%', xs: 200 }}
        label={t('users.filters.role')}
        placeholder={t('users.filters.allRoles')}
        data={knownRoleOptions(t)}
        value={props.role}
        onChange={props.onRoleChange}
        clearable
        clearButtonProps={{ 'aria-label': t('users.filters.allRoles') }}
      />
      <SegmentedControl
        size="md"
        aria-label={t('users.filters.status')}
        value={props.status}
        onChange={(value) => props.onStatusChange(value as StatusFilter)}
        data={[
          { value: 'all', label: t('users.filters.all') },
          { value: 'active', label: t('users.filters.active') },
          { value: 'inactive', label: t('users.filters.inactive') },
        ]}
      />
    </Group>
  );
}
