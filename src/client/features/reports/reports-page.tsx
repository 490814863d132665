import { Button, Drawer, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_CHECKLIST, type ChecklistConfig } from '@/domain/checklist';
import { allowedReportActions, canCreateReport } from '@/domain/report-status';
import { META_KEYS, useMetaValue } from '@/client/offline';
import { PageHeader } from '@/client/shell/page-header';
import { useCurrentUser } from '@/client/lib/session/session-store';
import { RecordSyncStatus } from '@/client/shell/sync-panel';
import { printReport, ReportDetail } from './components/report-detail';
import { ReportActionButtons } from './components/report-actions';
import { ReportFilters, type FilterPatch } from './components/report-filters';
import { ReportList } from './components/report-list';
import { ReportSummary } from './components/report-summary';
import { ReportStatusBadge } from './components/status-badge';
import type { ReportPayload } from './form/form-values';
import { ReportEditor } from './report-editor';
import type { ReportRecord, ReportsSearch } from './model';
import { useReportActions } from './use-report-actions';
import { reportExcavator, useExcavatorMap, useReportList } from './use-reports';

/** /reports: maintenance reports from the device mirror (works offline), with their workflow. */
export function ReportsPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const search = useSearch({ from: '/_app/reports' });
  const navigate = useNavigate({ from: '/reports' });
  const list = useReportList(search);
  const excavators = useExcavatorMap();
  const config = useMetaValue<ChecklistConfig>(META_KEYS.checklistConfig);
  const label = useCallback(
    (payload: ReportPayload) =>
      `${excavators.get(payload.excavatorId)?.name ?? t('nav.reports')} · ${payload.reportDate}`,
    [excavators, t],
  );
  const writes = useReportActions(me, label);

  const go = (patch: Partial<ReportsSearch>) => void navigate({ search: (prev) => ({ ...prev, ...patch }) });
  const close = () => go({ view: undefined, id: undefined });
  const open = (report: ReportRecord, view: ReportsSearch['view']) => go({ view, id: report.id });
  const current = search.id ? list.all.find((r) => r.id === search.id) : undefined;
  const filtered = !!(
    search.status ||
    search.excavator ||
    search.author ||
    search.from ||
    search.to ||
    search.q
  );

  const actionsFor = (report: ReportRecord, quick: boolean) => (
    <ReportActionButtons
      report={report}
      excavator={reportExcavator(report, excavators)}
      me={me}
      writes={writes}
      onEdit={() => open(report, 'edit')}
      onDeleted={close}
      onOpenDetail={quick ? () => open(report, 'detail') : undefined}
      onPrint={quick ? undefined : printReport}
    />
  );

  const editable = current ? allowedReportActions(me, current).includes('edit') : false;
  if ((search.view === 'new' && canCreateReport(me)) || (search.view === 'edit' && current && editable)) {
    return (
      <ReportEditor
        report={search.view === 'edit' ? (current ?? null) : null}
        categories={config?.categories ?? DEFAULT_CHECKLIST.categories}
        me={me}
        writes={writes}
        onDone={(id) => (id ? go({ view: 'detail', id }) : close())}
      />
    );
  }

  // An edit link to a report that may no longer be edited (submitted meanwhile) shows it instead.
  if ((search.view === 'detail' || search.view === 'edit') && current) {
    return (
      <ReportDetail
        report={current}
        excavator={reportExcavator(current, excavators)}
        actions={actionsFor(current, false)}
        onBack={close}
      />
    );
  }

  const quick = search.view === 'quick' ? current : undefined;
  return (
    <>
      <PageHeader
        title={t('nav.reports')}
        description={t('shell.pages.reports')}
        actions={
          canCreateReport(me) ? (
            <Button leftSection={<IconPlus size={18} />} onClick={() => go({ view: 'new', id: undefined })}>
              {t('reports.actions.new')}
            </Button>
          ) : null
        }
      />
      {search.id && list.items !== undefined && !current ? (
        <Text c="dimmed" mb="sm" role="status">
          {t('reports.notFound')}
        </Text>
      ) : null}
      <ReportFilters
        search={search}
        reports={list.all}
        onChange={(patch: FilterPatch) => go({ ...patch, page: undefined })}
        onClear={() =>
          go({
            status: undefined,
            excavator: undefined,
            author: undefined,
            from: undefined,
            to: undefined,
            q: undefined,
            page: undefined,
          })
        }
      />
      <ReportList
        items={list.items}
        total={list.total}
        page={list.page}
        pages={list.pages}
        filtered={filtered}
        excavators={excavators}
        onPage={(page) => go({ page: page > 1 ? page : undefined })}
        onOpen={(report) => open(report, 'quick')}
      />
      <Drawer
        opened={!!quick}
        onClose={close}
        position="right"
        size="lg"
        title={
          quick ? (
            <Group gap="xs">
              <Text fw={600}>{reportExcavator(quick, excavators)?.name ?? t('nav.reports')}</Text>
              <ReportStatusBadge status={quick.status} />
              <RecordSyncStatus collection="reports" id={quick.id} />
            </Group>
          ) : null
        }
        scrollAreaComponent={ScrollArea.Autosize}
      >
        {quick ? (
          <Stack data-testid="report-quick-view">
            {actionsFor(quick, true)}
            <ReportSummary report={quick} excavator={reportExcavator(quick, excavators)} compact />
          </Stack>
        ) : null}
      </Drawer>
    </>
  );
}
