import { Group, Pagination, Paper, Skeleton, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCollectionSyncStates } from '@/client/offline';
import { currentLanguage } from '@/client/i18n';
import { RecordSyncBadge } from '@/client/shell/sync-panel';
import type { ReportRecord } from '../model';
import { reportExcavator, type ExcavatorInfo } from '../use-reports';
import { ChecklistCounts, formatDate } from './report-summary';
import { ReportStatusBadge } from './status-badge';

interface ReportListProps {
  items: ReportRecord[] | undefined;
  total: number;
  page: number;
  pages: number;
  filtered: boolean;
  excavators: ReadonlyMap<string, ExcavatorInfo>;
  onPage: (page: number) => void;
  onOpen: (report: ReportRecord) => void;
}

/** The reports of this device, filtered and paged, with status and sync state. */
export function ReportList({
  items,
  total,
  page,
  pages,
  filtered,
  excavators,
  onPage,
  onOpen,
}: ReportListProps) {
  const { t } = useTranslation();
  const sync = useCollectionSyncStates('reports');
  const language = currentLanguage();

  if (items === undefined) {
    return (
      <Stack gap="xs" aria-busy="true">
        {[0, 1, 2, 3].map((n) => (
          <Skeleton key={n} h={48} radius="md" />
        ))}
      </Stack>
    );
  }
  if (items.length === 0) {
    return (
      <Paper withBorder p="xl" radius="md" ta="center">
        <IconClipboardList size={40} stroke={1.4} color="var(--mantine-color-dimmed)" />
        <Text fw={600} mt="sm">
          {filtered ? t('reports.empty.filtered') : t('reports.empty.title')}
        </Text>
        <Text c="dimmed" size="sm">
          {filtered ? t('reports.empty.filteredHint') : t('reports.empty.hint')}
        </Text>
      </Paper>
    );
  }

  return (
    <Stack gap="sm">
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={640}>
          <Table highlightOnHover verticalSpacing="sm" data-testid="report-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('reports.fields.reportDate')}</Table.Th>
                <Table.Th>{t('reports.fields.excavator')}</Table.Th>
                <Table.Th>{t('reports.fields.operatorName')}</Table.Th>
                <Table.Th>{t('reports.fields.status')}</Table.Th>
                <Table.Th>{t('reports.form.checklist')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((report) => {
                const excavator = reportExcavator(report, excavators);
                return (
                  <Table.Tr
                    key={report.id}
                    onClick={() => onOpen(report)}
                    style={{ cursor: 'pointer' }}
                    data-testid="report-row"
                    data-status={report.status}
                  >
                    <Table.Td>
                      <UnstyledButton
                        fw={600}
                        onClick={(e) => {
                          e.stopPropagation();
                          onOpen(report);
                        }}
                      >
                        {formatDate(report.reportDate, language)}
                      </UnstyledButton>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {excavator?.name ?? '–'}
                      </Text>
                      {excavator?.serialNumber ? (
                        <Text size="xs" c="dimmed">
                          {excavator.serialNumber}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{report.operatorName}</Table.Td>
                    <Table.Td>
                      <Group gap={6}>
                        <ReportStatusBadge status={report.status} />
                        <RecordSyncBadge state={sync.get(report.id)} />
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <ChecklistCounts report={report} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('reports.count', { count: total })}
        </Text>
        {pages > 1 ? <Pagination value={page} total={pages} onChange={onPage} /> : null}
      </Group>
    </Stack>
  );
}
