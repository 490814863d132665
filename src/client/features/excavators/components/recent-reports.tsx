import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { REPORT_STATUSES, type ReportStatus } from '@/domain/report-status';
import { useLiveQuery, useSyncEngine } from '@/client/offline';
import { formatDate } from './format';
import { REPORT_STATUS_KEY } from '../labels';

const RECENT_REPORTS = 5;

const isReportStatus = (value: string): value is ReportStatus =>
  (REPORT_STATUSES as readonly string[]).includes(value);

interface RecentReport {
  id: string;
  reportDate: string;
  operatorName: string;
  status: string;
}

/** The machine's latest maintenance reports from this device's mirror. */
export function RecentReports({ excavatorId }: { excavatorId: string }) {
  const { t, i18n } = useTranslation();
  const engine = useSyncEngine();
  const reports = useLiveQuery(async (): Promise<RecentReport[]> => {
    const rows = await engine.db.reports
      .filter((row) => row.excavatorId === excavatorId && !row.deletedAt)
      .toArray();
    return rows
      .map((row) => ({
        id: row.id,
        reportDate: typeof row.reportDate === 'string' ? row.reportDate : '',
        operatorName: typeof row.operatorName === 'string' ? row.operatorName : '',
        status: typeof row.status === 'string' ? row.status : '',
      }))
      .sort((a, b) => b.reportDate.localeCompare(a.reportDate))
      .slice(0, RECENT_REPORTS);
  }, [engine, excavatorId]);
  if (reports === undefined) return null;
  if (reports.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('excavators.quickView.noReports')}
      </Text>
    );
  }
  return (
    <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="recent-reports">
      {reports.map((report) => (
        <Group key={report.id} component="li" justify="space-between" gap="xs" wrap="nowrap">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={500}>
              {formatDate(report.reportDate, i18n.language) ?? '—'}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {report.operatorName}
            </Text>
          </Stack>
          {isReportStatus(report.status) ? (
            <Badge size="sm" variant="light">
              {t(REPORT_STATUS_KEY[report.status])}
            </Badge>
          ) : null}
        </Group>
      ))}
    </Stack>
  );
}
