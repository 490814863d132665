import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordSyncStatus } from '@/client/shell/sync-panel';
import { useSettings } from '@/client/lib/session/settings-store';
import type { ReportRecord } from '../model';
import classes from '../reports-print.module.css';
import type { ExcavatorInfo } from '../use-reports';
import { ReportFollowUps } from '@/client/features/follow-ups/public';
import { ReportSummary } from './report-summary';
import { ReportStatusBadge } from './status-badge';

/** Prints only the detailed view (see reports-print.module.css). */
export function printReport(): void {
  document.body.dataset.printing = 'report';
  const done = () => {
    delete document.body.dataset.printing;
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
}

/** The detailed view: everything of the report, printable. */
export function ReportDetail({
  report,
  excavator,
  actions,
  onBack,
}: {
  report: ReportRecord;
  excavator: ExcavatorInfo | null;
  actions: ReactNode;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const { settings } = useSettings();
  return (
    <Stack className={classes.printRoot} data-testid="report-detail">
      <div className={classes.printOnly}>
        <Text size="sm">{settings.app.name}</Text>
      </div>
      <Group justify="space-between" align="flex-start" className="report-no-print">
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
          {t('reports.actions.back')}
        </Button>
      </Group>
      <Group gap="sm" align="center">
        <Title order={2} size="h3">
          {t('reports.detailTitle', { name: excavator?.name ?? '–' })}
        </Title>
        <ReportStatusBadge status={report.status} />
        <span className="report-no-print">
          <RecordSyncStatus collection="reports" id={report.id} />
        </span>
      </Group>
      {actions}
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
        <ReportSummary report={report} excavator={excavator} />
      </Paper>
      <ReportFollowUps report={report} />
    </Stack>
  );
}
