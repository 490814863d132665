import { Alert, Card, EmptyState, Group, Pagination, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconTruckDelivery } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT } from '@/domain/constants';
import type { Assignment } from '@/domain/dispo/assignments';
import { assignmentListPath, listAssignments } from '../api/assignments';
import { dispoErrorMessage } from '../api/errors';
import type { MasterOptions } from '../use-master-options';
import { localToday } from '@/client/lib/dates';
import { useRemoteData } from '@/client/lib/use-remote-data';
import { AssignmentFilters, NO_FILTERS, type AssignmentFilterValues } from './assignment-filters';
import { AssignmentsTable } from './assignments-table';

interface AssignmentsPanelProps {
  options: MasterOptions | null;
  canWrite: boolean;
  /** Changes whenever an assignment was saved elsewhere on the page: the list loads again. */
  refresh: number;
  busyId: string | null;
  onEdit(assignment: Assignment): void;
  onPublish(assignment: Assignment): void;
  onDelete(assignment: Assignment): void;
}

/** The assignments list (DispoList): filters, a page of assignments, paging. */
export function AssignmentsPanel({ options, refresh, ...actions }: AssignmentsPanelProps) {
  const { t } = useTranslation();
  // The list opens on today and what follows (the day a dispatcher works on), earliest first.
  const [filters, setFilters] = useState<AssignmentFilterValues>(() => ({
    ...NO_FILTERS,
    from: localToday(),
  }));
  const [page, setPage] = useState(1);
  const range = filters.from && filters.to && filters.from > filters.to;
  const path = range
    ? null
    : assignmentListPath({
        page,
        limit: DEFAULT_LIMIT,
        from: filters.from || undefined,
        to: filters.to || undefined,
        driverId: filters.driverId ?? undefined,
        truckId: filters.truckId ?? undefined,
        status: filters.status ?? undefined,
        sort: filters.from && !filters.to ? 'date' : undefined,
      });
  const list = useRemoteData(path === null ? null : `${path}#${refresh}`, (signal) =>
    listAssignments(path ?? '', signal),
  );
  const changeFilters = (next: AssignmentFilterValues) => {
    setFilters(next);
    setPage(1);
  };
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;

  return (
    <Stack gap="md">
      <AssignmentFilters
        value={filters}
        drivers={options?.drivers ?? []}
        trucks={options?.trucks ?? []}
        onChange={changeFilters}
      />
      {range ? (
        <Alert color="yellow" icon={<IconAlertTriangle />}>
          {t('dispo.filters.badRange')}
        </Alert>
      ) : null}
      {list.error ? (
        <Alert color="red" role="alert" icon={<IconAlertTriangle />}>
          {dispoErrorMessage(list.error, t, t('dispo.errors.loadFailed'))}
        </Alert>
      ) : null}
      <Card withBorder padding={0} radius="md">
        {!data && list.loading ? (
          <Stack role="status" p="md" gap="sm" aria-label={t('dispo.loading')}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={36} />
            ))}
          </Stack>
        ) : data && data.items.length > 0 ? (
          <AssignmentsTable assignments={data.items} {...actions} />
        ) : data ? (
          <EmptyState
            py="xl"
            withIndicatorBackground
            icon={<IconTruckDelivery size={28} stroke={1.5} />}
            title={t('dispo.list.emptyTitle')}
          >
            {t(
              JSON.stringify(filters) === JSON.stringify(NO_FILTERS)
                ? 'dispo.list.empty'
                : 'dispo.list.emptyFiltered',
            )}
          </EmptyState>
        ) : null}
      </Card>
      {data && data.total > 0 ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('dispo.list.total', { count: data.total })}
          </Text>
          {pages > 1 ? (
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              size="lg"
              getControlProps={(control) => ({
                'aria-label': control === 'next' ? t('dispo.list.nextPage') : t('dispo.list.previousPage'),
              })}
              getItemProps={(item) => ({ 'aria-label': t('dispo.list.page', { page: item }) })}
            />
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}
