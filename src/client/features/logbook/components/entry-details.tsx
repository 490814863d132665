import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconHourglass, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RecordSyncStatus } from '@/client/shell/sync-panel';
import { PageHeader } from '@/client/shell/page-header';
import { formatEntryDate } from '../format';
import { useLogbookEntry } from '../use-logbook';
import { useLogbookNavigation } from '../use-logbook-navigation';
import { DetailsSections } from './details-sections';
import { EntryActions } from './entry-actions';
import { EntryNotFound } from './entry-not-found';
import { LogbookStatusBadge } from './status-badge';

/** ?view=detail&id=…: one entry with its actions; "Entry not found" for an unknown id. */
export function EntryDetails({ id }: { id: string }) {
  const { t } = useTranslation();
  const nav = useLogbookNavigation();
  const entry = useLogbookEntry(id);
  const back = (
    <Button variant="default" size="md" leftSection={<IconArrowLeft size={18} />} onClick={nav.openList}>
      {t('logbook.backToList')}
    </Button>
  );
  if (entry === undefined)
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  if (entry === null)
    return (
      <>
        <PageHeader title={t('nav.betriebstagebuch')} actions={back} />
        <EntryNotFound />
      </>
    );
  return (
    <Stack gap="md" maw={1100}>
      <PageHeader
        title={`${formatEntryDate(entry.date)}${entry.site ? ` · ${entry.site}` : ''}`}
        actions={back}
      />
      <Group gap="xs" mt={-8}>
        <LogbookStatusBadge status={entry.status} />
        <RecordSyncStatus collection="logbook" id={entry.id} />
        {entry.createdByName ? (
          <Text size="sm" c="dimmed">
            {t('logbook.details.writtenBy', { name: entry.createdByName })}
          </Text>
        ) : null}
      </Group>
      <EntryActions entry={entry} />
      {entry.status === 'approved' ? (
        <Alert color="green" icon={<IconLock size={18} />}>
          {t('logbook.details.locked')}
        </Alert>
      ) : entry.status === 'pending' ? (
        <Alert color="yellow" icon={<IconHourglass size={18} />}>
          {t('logbook.details.pendingHint')}
        </Alert>
      ) : null}
      <DetailsSections entry={entry} />
    </Stack>
  );
}
