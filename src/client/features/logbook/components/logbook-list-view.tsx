import { Alert, Button, Center, Group, Loader, Pagination, Stack, Text } from '@mantine/core';
import { IconNotebook, IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCollectionSyncStates } from '@/client/offline';
import { PageHeader } from '@/client/shell/page-header';
import { useCurrentUser } from '@/client/lib/session/session-store';
import { matchesLogbookQuery } from '@/domain/logbook';
import { can } from '@/domain/permissions';
import { LOGBOOK_PAGE_SIZE } from '../search';
import { useLogbookEntries } from '../use-logbook';
import { useLogbookNavigation, useLogbookSearch } from '../use-logbook-navigation';
import { EntryCard } from './entry-card';
import { LogbookFilters } from './logbook-filters';
import { PAGE_CONTROL_KEY } from '../keys';

/** The list: the device's entries (offline too), filtered and paged locally, newest first. */
export function LogbookListView() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const search = useLogbookSearch();
  const nav = useLogbookNavigation();
  const entries = useLogbookEntries();
  const syncStates = useCollectionSyncStates('logbook');

  const authors = useMemo(() => {
    const byId = new Map<string, string>();
    for (const entry of entries ?? []) {
      if (entry.createdBy && !byId.has(entry.createdBy))
        byId.set(entry.createdBy, entry.createdByName ?? entry.createdBy);
    }
    if (!byId.has(user.id)) byId.set(user.id, user.name || user.username);
    return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  }, [entries, user]);

  const filters = { from: search.from, to: search.to, status: search.status, author: search.author };
  const filtered = useMemo(
    () => (entries ?? []).filter((entry) => matchesLogbookQuery(entry, filters)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the filter values are the dependencies
    [entries, filters.from, filters.to, filters.status, filters.author],
  );
  const pages = Math.max(1, Math.ceil(filtered.length / LOGBOOK_PAGE_SIZE));
  const page = Math.min(search.page ?? 1, pages);
  const shown = filtered.slice((page - 1) * LOGBOOK_PAGE_SIZE, page * LOGBOOK_PAGE_SIZE);

  return (
    <>
      <PageHeader
        title={t('nav.betriebstagebuch')}
        description={t('shell.pages.betriebstagebuch')}
        actions={
          can(user, 'logbook:write') ? (
            <Button size="md" leftSection={<IconPlus size={18} />} onClick={nav.openNew}>
              {t('logbook.list.new')}
            </Button>
          ) : null
        }
      />
      <Stack gap="md">
        <LogbookFilters filters={filters} authors={authors} onChange={nav.setFilters} />
        {entries === undefined ? (
          <Center py="xl">
            <Loader aria-label={t('common.loading')} />
          </Center>
        ) : filtered.length === 0 ? (
          <Alert variant="light" color="gray" icon={<IconNotebook size={18} />}>
            {entries.length === 0 ? t('logbook.list.empty') : t('logbook.list.noMatch')}
          </Alert>
        ) : (
          <>
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('logbook.list.count', { count: filtered.length })}
            </Text>
            <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {shown.map((entry) => (
                <li key={entry.id}>
                  <EntryCard
                    entry={entry}
                    syncState={syncStates.get(entry.id) ?? null}
                    onOpen={nav.openEntry}
                  />
                </li>
              ))}
            </Stack>
            {pages > 1 ? (
              <Group justify="center">
                <Pagination
                  total={pages}
                  value={page}
                  onChange={nav.setPage}
                  size="lg"
                  getControlProps={(control) => ({
                    'aria-label': t(PAGE_CONTROL_KEY[control]),
                  })}
                  getItemProps={(n) => ({ 'aria-label': t('logbook.list.page.number', { page: n }) })}
                />
              </Group>
            ) : null}
          </>
        )}
      </Stack>
    </>
  );
}
