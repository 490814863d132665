import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/client/shell/page-header';
import { useCurrentUser } from '@/client/lib/session/session-store';
import { canEditLogbookEntry } from '@/domain/logbook-status';
import { can } from '@/domain/permissions';
import { useLogbookConfig, useLogbookEntry, useProfileSignature } from '../use-logbook';
import { useLogbookNavigation } from '../use-logbook-navigation';
import { EntryForm } from './form/entry-form';
import { EntryNotFound } from './entry-not-found';

/** ?view=new or ?view=edit&id=…: the form, once the entry is loaded and the user may change it. */
export function EntryFormView({ entryId }: { entryId: string | null }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const nav = useLogbookNavigation();
  const { config } = useLogbookConfig();
  const profileSignature = useProfileSignature();
  const entry = useLogbookEntry(entryId);
  const title = entryId ? t('logbook.form.editTitle') : t('logbook.form.newTitle');

  const back = (
    <Button
      variant="default"
      size="md"
      leftSection={<IconArrowLeft size={18} />}
      onClick={() => (entryId ? nav.openEntry(entryId) : nav.openList())}
    >
      {t('logbook.back')}
    </Button>
  );

  let content;
  if (entryId && entry === undefined) {
    content = (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  } else if (entryId && entry === null) {
    content = <EntryNotFound />;
  } else if (entry ? !canEditLogbookEntry(user, entry) : !can(user, 'logbook:write')) {
    content = (
      <Alert color="gray" icon={<IconLock size={18} />} role="alert">
        {entry?.status === 'approved' ? t('logbook.details.locked') : t('logbook.form.notAllowed')}
      </Alert>
    );
  } else {
    content = (
      <EntryForm
        // A different entry (or a fresh new one) starts a fresh form.
        key={entry?.id ?? 'new'}
        entry={entry ?? null}
        config={config}
        profileSignature={profileSignature}
        onSaved={(id) => nav.openEntry(id, true)}
        onCancel={() => (entryId ? nav.openEntry(entryId) : nav.openList())}
        onOpenEntry={nav.openEntry}
      />
    );
  }
  return (
    <Stack gap={0} maw={960}>
      <PageHeader title={title} actions={back} />
      {content}
    </Stack>
  );
}
