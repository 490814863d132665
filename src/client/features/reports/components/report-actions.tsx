import { Button, Group, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCheck,
  IconEdit,
  IconFileTypePdf,
  IconMaximize,
  IconPrinter,
  IconSend,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uncheckedItems } from '@/domain/report';
import { allowedReportActions } from '@/domain/report-status';
import type { User } from '@/domain/user';
import { useSettings } from '@/client/lib/session/settings-store';
import { ApproveButton, useSelfApprovalMode } from '@/client/ui/self-approval';
import type { ReportRecord } from '../model';
import type { ReportActions as Writes } from '../use-report-actions';
import { pdfBlocker, useReportPdf } from '../use-report-pdf';
import type { ExcavatorInfo } from '../use-reports';
import { ApproveModal, DeleteModal, IncompleteChecklistModal, RejectModal } from './confirm-modals';

interface ReportActionsProps {
  report: ReportRecord;
  excavator: ExcavatorInfo | null;
  me: User;
  writes: Writes;
  onEdit: () => void;
  onDeleted: () => void;
  /** Quick view: a button to the detailed view. */
  onOpenDetail?: () => void;
  /** Detailed view: print. */
  onPrint?: () => void;
}

type Dialog = 'incomplete' | 'approve' | 'reject' | 'delete' | null;

/** The buttons a user may use on this report now (role and status machine), with their dialogs. */
export function ReportActionButtons({
  report,
  excavator,
  me,
  writes,
  onEdit,
  onDeleted,
  onOpenDetail,
  onPrint,
}: ReportActionsProps) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);
  const pdf = useReportPdf(me);
  const allowed = new Set(allowedReportActions(me, report));
  const blocker = pdfBlocker(report, me, t);
  const unchecked = uncheckedItems(report);
  const requireAll = useSettings().settings.reports.requireAllChecklistItems;
  const selfApproval = useSelfApprovalMode(me, report);

  const run = async (work: () => Promise<void>, success: string, failure: string) => {
    try {
      await work();
      notifications.show({ color: 'green', message: success });
      setDialog(null);
      return true;
    } catch (error) {
      console.error(error);
      notifications.show({ color: 'red', message: failure });
      return false;
    }
  };

  const submit = () => {
    setBusy(true);
    void run(
      () => writes.submit(report),
      t('reports.notices.submitted'),
      t('reports.notices.failed'),
    ).finally(() => setBusy(false));
  };

  return (
    <>
      <Group gap="xs" className="report-no-print" data-testid="report-actions">
        {onOpenDetail ? (
          <Button variant="default" leftSection={<IconMaximize size={16} />} onClick={onOpenDetail}>
            {t('reports.actions.details')}
          </Button>
        ) : null}
        {allowed.has('edit') ? (
          <Button variant="default" leftSection={<IconEdit size={16} />} onClick={onEdit}>
            {t('reports.actions.edit')}
          </Button>
        ) : null}
        {allowed.has('submit') ? (
          <Button
            leftSection={<IconSend size={16} />}
            loading={busy}
            onClick={() => {
              if (unchecked.unchecked > 0) setDialog('incomplete');
              else submit();
            }}
          >
            {t('reports.actions.submit')}
          </Button>
        ) : null}
        {allowed.has('approve') ? (
          <ApproveButton
            mode={selfApproval}
            leftSection={<IconCheck size={16} />}
            onClick={() => setDialog('approve')}
          >
            {t('reports.actions.approve')}
          </ApproveButton>
        ) : null}
        {allowed.has('reject') ? (
          <Button
            color="red"
            variant="light"
            leftSection={<IconX size={16} />}
            onClick={() => setDialog('reject')}
          >
            {t('reports.actions.reject')}
          </Button>
        ) : null}
        {onPrint ? (
          <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={onPrint}>
            {t('reports.actions.print')}
          </Button>
        ) : null}
        <Tooltip label={blocker} disabled={!blocker} multiline w={260}>
          <Button
            variant="default"
            leftSection={<IconFileTypePdf size={16} />}
            loading={pdf.busy}
            aria-disabled={!!blocker}
            data-blocked={blocker ? 'true' : undefined}
            onClick={() => void pdf.download(report, excavator)}
          >
            {t('reports.actions.pdf')}
          </Button>
        </Tooltip>
        {allowed.has('delete') ? (
          <Button
            color="red"
            variant="subtle"
            leftSection={<IconTrash size={16} />}
            onClick={() => setDialog('delete')}
          >
            {t('reports.actions.delete')}
          </Button>
        ) : null}
      </Group>
      {dialog === 'incomplete' ? (
        <IncompleteChecklistModal
          opened
          onClose={() => setDialog(null)}
          count={unchecked}
          required={requireAll}
          onSubmitAnyway={() => {
            setDialog(null);
            submit();
          }}
        />
      ) : null}
      {dialog === 'approve' ? (
        <ApproveModal
          opened
          onClose={() => setDialog(null)}
          defaultName={report.managerName ?? me.name ?? me.username}
          unchecked={unchecked}
          override={selfApproval === 'override'}
          onApprove={async (signature, managerName, overrideReason) => {
            await run(
              () => writes.approve(report, signature, managerName, overrideReason),
              t('reports.notices.approved'),
              t('reports.notices.failed'),
            );
          }}
        />
      ) : null}
      {dialog === 'reject' ? (
        <RejectModal
          opened
          onClose={() => setDialog(null)}
          onReject={async (reason) => {
            await run(
              () => writes.reject(report, reason),
              t('reports.notices.rejected'),
              t('reports.notices.failed'),
            );
          }}
        />
      ) : null}
      {dialog === 'delete' ? (
        <DeleteModal
          opened
          onClose={() => setDialog(null)}
          onDelete={async () => {
            if (
              await run(
                () => writes.remove(report),
                t('reports.notices.deleted'),
                t('reports.notices.failed'),
              )
            )
              onDeleted();
          }}
        />
      ) : null}
    </>
  );
}
