import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconDownload, IconPencil, IconSignature, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/client/i18n';
import { useSyncEngine } from '@/client/offline';
import { useCurrentUser } from '@/client/lib/session/session-store';
import { useSettings } from '@/client/lib/session/settings-store';
import { ApproveButton, useSelfApprovalMode } from '@/client/ui/self-approval';
import type { LogbookEntry } from '@/domain/logbook';
import {
  canApproveLogbookEntry,
  canDeleteLogbookEntry,
  canEditLogbookEntry,
  canSignLogbookEntry,
} from '@/domain/logbook-status';
import { approveEntry, deleteEntry, signEntry } from '../api/entry-writes';
import { downloadLogbookPdf } from '../api/download-pdf';
import { formatEntryDate } from '../format';
import { useProfileSignature } from '../use-logbook';
import { useLogbookNavigation } from '../use-logbook-navigation';
import { ApproveModal } from './approve-modal';
import { ConfirmModal } from '@/client/ui/confirm-modal';

/** What the user may do with the entry now (domain/logbook-status decides), each a large button. */
export function EntryActions({ entry }: { entry: LogbookEntry }) {
  const { t } = useTranslation();
  const engine = useSyncEngine();
  const user = useCurrentUser();
  const { settings } = useSettings();
  const nav = useLogbookNavigation();
  const profileSignature = useProfileSignature();
  const [dialog, setDialog] = useState<'approve' | 'delete' | 'sign' | null>(null);
  const [pdfBusy, setPdfBusy] = useState(false);
  const selfApproval = useSelfApprovalMode(user, entry);
  const label = t('logbook.entryLabel', { date: formatEntryDate(entry.date, 'short') });

  const canSign = entry.status === 'unsigned' && canSignLogbookEntry(user, entry) && !!profileSignature;
  const close = () => setDialog(null);

  const pdf = async () => {
    setPdfBusy(true);
    try {
      await downloadLogbookPdf(entry, { language: currentLanguage(), appName: settings.app.name });
    } catch (error) {
      console.error('Logbook PDF failed', error);
      notifications.show({ color: 'red', message: t('logbook.pdfFailed') });
    } finally {
      setPdfBusy(false);
    }
  };

  return (
    <Group gap="sm" wrap="wrap">
      <Button
        variant="default"
        size="md"
        leftSection={<IconDownload size={18} />}
        onClick={() => void pdf()}
        loading={pdfBusy}
      >
        {t('logbook.actions.pdf')}
      </Button>
      {canEditLogbookEntry(user, entry) ? (
        <Button
          variant="default"
          size="md"
          leftSection={<IconPencil size={18} />}
          onClick={() => nav.openEdit(entry.id)}
        >
          {t('logbook.actions.edit')}
        </Button>
      ) : null}
      {canSign ? (
        <Button size="md" leftSection={<IconSignature size={18} />} onClick={() => setDialog('sign')}>
          {t('logbook.actions.sign')}
        </Button>
      ) : null}
      {canApproveLogbookEntry(user, entry) ? (
        <ApproveButton
          mode={selfApproval}
          size="md"
          leftSection={<IconCircleCheck size={18} />}
          onClick={() => setDialog('approve')}
        >
          {t('logbook.actions.approve')}
        </ApproveButton>
      ) : null}
      {canDeleteLogbookEntry(user, entry) ? (
        <Button
          color="red"
          variant="light"
          size="md"
          leftSection={<IconTrash size={18} />}
          onClick={() => setDialog('delete')}
        >
          {t('logbook.actions.delete')}
        </Button>
      ) : null}
      <ApproveModal
        key={dialog === 'approve' ? 'open' : 'closed'}
        opened={dialog === 'approve'}
        profileSignature={profileSignature}
        signerName={user.name ?? ''}
        onClose={close}
        override={selfApproval === 'override'}
        onApprove={(drawing, overrideReason) =>
          approveEntry(engine, entry.id, { user, drawing, profileSignature, label, overrideReason })
        }
      />
      <ConfirmModal
        opened={dialog === 'sign'}
        title={t('logbook.sign.title')}
        confirmLabel={t('logbook.actions.sign')}
        color="blue"
        onClose={close}
        onConfirm={async () => {
          await signEntry(engine, entry.id, profileSignature!, label);
          close();
        }}
      >
        <Text>{t('logbook.sign.message')}</Text>
      </ConfirmModal>
      <ConfirmModal
        opened={dialog === 'delete'}
        title={t('logbook.delete.title')}
        confirmLabel={t('logbook.actions.delete')}
        onClose={close}
        onConfirm={async () => {
          await deleteEntry(engine, entry.id);
          notifications.show({ color: 'green', message: t('logbook.delete.done') });
          nav.openList();
          close();
        }}
      >
        <Text>{t('logbook.delete.message', { date: formatEntryDate(entry.date) })}</Text>
      </ConfirmModal>
    </Group>
  );
}
