import {
  ActionIcon,
  Alert,
  Anchor,
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
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconFilter, IconHistory } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntryView } from '@/domain/audit';
import { ApiError } from '@/client/api/client';
import { currentFormat } from '@/client/i18n';
import { useRemoteData } from '@/client/lib/use-remote-data';
import { auditListPath, downloadAuditCsv, listAudit } from '../api/list-audit';
import { actionLabel, entityLabel, recordHref } from '../audit-values';
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
  const [exporting, setExporting] = useState(false);
  const exportCsv = () => {
    setExporting(true);
    downloadAuditCsv(filters)
      .catch(() => notifications.show({ color: 'red', message: t('audit.exportFailed') }))
      .finally(() => setExporting(false));
  };
  const onlyRecord = (id: string) => {
    setFilters({ ...filters, record: id });
    setPage(1);
  };
  const rangeError =
    debounced.from && debounced.to && debounced.from > debounced.to ? t('audit.filters.range') : null;
  const path = auditListPath({ ...debounced, ...(rangeError && { to: '' }), page, limit: AUDIT_PAGE_SIZE });
  const list = useRemoteData(path, (signal) => listAudit(path, signal));

  const data = list.data;
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const filtered = Object.values(debounced).some((value) => value.trim());

  return (
    <Stack gap="md">
      <AuditFilters
        values={filters}
        rangeError={rangeError}
        onExport={exportCsv}
        exporting={exporting}
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
          <Stack role="status" gap="sm" aria-busy="true" aria-label={t('audit.loading')}>
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
            <AuditEntry key={entry.id} entry={entry} onOnlyRecord={onlyRecord} />
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

/** In the site's zone and naming it: the log is read next to PDFs and by people elsewhere. */
function formatWhen(iso: string): string {
  return currentFormat().dateTimeZoned(iso);
}

function AuditEntry({ entry, onOnlyRecord }: { entry: AuditEntryView; onOnlyRecord(id: string): void }) {
  const { t } = useTranslation();
  const router = useRouter();
  const href = recordHref(entry.entity, entry.entityId);
  const shortId =
    entry.entityId && entry.entityId.length > 12 ? `${entry.entityId.slice(0, 8)}…` : entry.entityId;
  const name = entry.entityName ?? shortId;
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-action={entry.action}>
      <Group justify="space-between" align="flex-start" gap="xs" mb={6}>
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" tt="none" style={{ maxWidth: '100%' }}>
            {actionLabel(entry.action, t)}
          </Badge>
          <Text size="sm" data-testid="audit-record">
            {entityLabel(entry.entity, t)}
            {name ? ' · ' : null}
            {name && href && entry.entityName ? (
              <Anchor
                href={href}
                size="sm"
                title={entry.entityId ?? undefined}
                onClick={(event) => {
                  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
                  event.preventDefault();
                  void router.navigate({ href });
                }}
              >
                {name}
              </Anchor>
            ) : name ? (
              <Text span c="dimmed" title={entry.entityId ?? undefined}>
                {name}
              </Text>
            ) : null}
          </Text>
          {entry.entityId ? (
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={t('audit.onlyRecord', { name: name ?? entry.entityId })}
              onClick={() => onOnlyRecord(entry.entityId ?? '')}
            >
              <IconFilter size={14} />
            </ActionIcon>
          ) : null}
        </Group>
        <Stack gap={0} align="flex-end">
          <Text size="sm" c="dimmed" component="time" dateTime={entry.at}>
            {formatWhen(entry.at)}
          </Text>
          {entry.receivedLate && entry.receivedAt ? (
            // Work that waited on a device for days: when it reached the server matters too.
            <Text size="xs" c="dimmed" data-testid="audit-received">
              {t('audit.received', { time: formatWhen(entry.receivedAt) })}
            </Text>
          ) : null}
        </Stack>
      </Group>
      <Text size="sm" mb={4}>
        {entry.username ? t('audit.by', { user: entry.username }) : t('audit.bySystem')}
      </Text>
      <AuditChanges changes={entry.changes} names={entry.valueNames} />
    </Paper>
  );
}
