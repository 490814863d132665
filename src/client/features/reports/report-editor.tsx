import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Report } from '@/domain/report';
import type { User } from '@/domain/user';
import { AiTextAssist } from '@/client/ui/ai/text-assist';
import { PageHeader } from '@/client/shell/page-header';
import { ReportForm } from './form/report-form';
import type { ReportRecord } from './model';
import type { ReportActions } from './use-report-actions';

interface ReportEditorProps {
  report: ReportRecord | null;
  /** The configuration's categories (a new report); an existing report keeps its own. */
  categories: Report['checklistItems'];
  me: User;
  writes: ReportActions;
  /** Called with the saved report's id, or without one when cancelled. */
  onDone: (id?: string) => void;
}

/** New report / edit report: the form, saved through the offline engine. */
export function ReportEditor({ report, categories, me, writes, onDone }: ReportEditorProps) {
  const { t } = useTranslation();
  // The report as the editor opened on it; the live row may move on while the form is open.
  const [openedOn] = useState(report);
  const own = report && report.checklistItems.length > 0 ? report.checklistItems : categories;
  return (
    <>
      <PageHeader
        title={report ? t('reports.editTitle') : t('reports.newTitle')}
        description={t('reports.formDescription')}
        actions={
          <Button
            variant="subtle"
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => onDone(report?.id)}
          >
            {t('reports.actions.back')}
          </Button>
        }
      />
      <Group justify="center">
        <div style={{ width: '100%', maxWidth: 1100 }}>
          <ReportForm
            key={report?.id ?? 'new'}
            report={report}
            categories={own}
            defaultOperatorName={me.name ?? me.username}
            onCancel={() => onDone(report?.id)}
            assist={(value, onAccept) => <AiTextAssist value={value} onAccept={onAccept} />}
            onSave={async (payload, submit) => {
              let id: string;
              try {
                id = await writes.save(payload, openedOn ?? report);
              } catch (error) {
                console.error(error);
                notifications.show({
                  color: 'red',
                  message: report ? t('reports.notices.saveFailed') : t('reports.notices.createFailed'),
                });
                throw error;
              }
              notifications.show({
                color: 'green',
                message: report ? t('reports.notices.saved') : t('reports.notices.created'),
              });
              if (submit) {
                try {
                  await writes.submit({ id });
                  notifications.show({ color: 'green', message: t('reports.notices.submitted') });
                } catch (error) {
                  console.error(error);
                  notifications.show({ color: 'red', message: t('reports.notices.failed') });
                }
              }
              onDone(id);
            }}
          />
        </div>
      </Group>
    </>
  );
}
