import {
  Alert,
  Badge,
  Button,
  EmptyState,
  Group,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntryView } from '@/domain/audit';
import { ApiError } from '@/client/api/client';
import { currentFormat } from '@/client/i18n';
import { useAuditList } from '../use-audit-list';
import { AuditChanges } from './audit-changes';
import { AuditFilters, NO_AUDIT_FILTERS, type AuditFilterValues } from './audit-filters';

export const AUDIT_PAGE_SIZE = 20;
const FILTER_DEBOUNCE_MS = 350;

/** Audit log: who did what when, newest first, filterable by user, record type, action and dates. */
export function AuditSection() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<AuditFilterValues>(NO_AUDIT_FILTERS);
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(filters, FILTER_DEBOUNCE_MS);
  const rangeError =
    debounced.from && debounced.to && debounced.from > debounced.to ? t('audit.filters.range') : null;
  const list = useAuditList({
    ...debounced,
    ...(rangeError && { to: '' }),
    page,
    limit: AUDIT_PAGE_SIZE,
  });

  const data = list.data;
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const filtered = Object.values(debounced).some((value) => value.trim());

  return (
    <Stack gap="md">
      <AuditFilters
        values={filters}
        rangeError={rangeError}
        onChange={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      {list.error ? (
        <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} />}>
          <Group justify="space-between" gap="sm">
            <Text size="sm">
              {list.error instanceof ApiError && list.error.serverMessage
                ? list.error.message
                : t('audit.loadFailed')}
            </Text>
            <Button size="xs" variant="white" color="red" onClick={list.reload}>
              {t('common.retry')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      {data === null ? (
        list.error ? null : (
          <Stack gap="sm" aria-busy="true" aria-label={t('audit.loading')}>
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} height={72} radius="md" />
            ))}
          </Stack>
        )
      ) : data.items.length === 0 ? (
        <EmptyState
          py="xl"
          withIndicatorBackground
          icon={<IconHistory size={28} stroke={1.5} />}
          title={filtered ? t('audit.emptyFiltered') : t('audit.empty')}
        />
      ) : (
        <Stack
          component="ol"
          gap="sm"
          p={0}
          m={0}
          aria-label={t('audit.title')}
          aria-busy={list.loading}
          style={{ listStyle: 'none', opacity: list.loading ? 0.6 : 1, transition: 'opacity 120ms' }}
        >
          {data.items.map((entry) => (
            <AuditEntry key={entry.id} entry={entry} />
          ))}
        </Stack>
      )}
      {data && total > 0 ? (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('audit.count', { count: total })}
          </Text>
          {pages > 1 ? (
            <Pagination
              total={pages}
              value={Math.min(page, pages)}
              onChange={setPage}
              size="lg"
              getControlProps={(control) => ({
                'aria-label': control === 'next' ? t('audit.nextPage') : t('audit.previousPage'),
              })}
              getItemProps={(item) => ({ 'aria-label': t('audit.page', { page: item }) })}
            />
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}

function formatWhen(iso: string): string {
  return currentFormat().dateTime(iso);
}

function AuditEntry({ entry }: { entry: AuditEntryView }) {
  const { t } = useTranslation();
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-action={entry.action}>
      <Group justify="space-between" align="flex-start" gap="xs" mb={6}>
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" tt="none">
            {entry.action}
          </Badge>
          <Text size="sm">
            {entry.entity}
            {entry.entityId ? (
              <Text span c="dimmed" title={entry.entityId}>
                {' · '}
                {entry.entityId.length > 12 ? `${entry.entityId.slice(0, 8)}…` : entry.entityId}
              </Text>
            ) : null}
          </Text>
        </Group>
        <Text size="sm" c="dimmed" component="time" dateTime={entry.at}>
          {formatWhen(entry.at)}
        </Text>
      </Group>
      <Text size="sm" mb={4}>
        {entry.username ? t('audit.by', { user: entry.username }) : t('audit.bySystem')}
      </Text>
      <AuditChanges changes={entry.changes} />
    </Paper>
  );
}
