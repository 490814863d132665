import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '@/domain/permissions';
import { useCollectionSyncStates } from '@/client/offline';
import { PageHeader } from '@/client/shell/page-header';
import { useCurrentUser } from '@/client/lib/session/session-store';
import { ExcavatorFilters } from './components/excavator-filters';
import { ExcavatorList } from './components/excavator-list';
import { ExcavatorsEmpty, ExcavatorsLoading } from './components/excavators-empty';
import { QuickViewDrawer } from './components/quick-view-drawer';
import { ExcavatorFormModal } from './form/excavator-form-modal';
import { filterExcavators, NEW_EXCAVATOR } from './model';
import { useAllExcavators } from './use-excavators';
import { useExcavatorsNavigation } from './use-excavators-navigation';
import { useViewMode } from './view-mode';

/** /excavators: the fleet register, read from this device's mirror (works offline). */
export function ExcavatorsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const canWrite = can(user, 'fleet:write');
  const nav = useExcavatorsNavigation();
  const [search, setSearch] = useState('');
  const { status, maintenance } = nav;
  const [mode, setMode] = useViewMode(user.id);
  const all = useAllExcavators();
  const syncStates = useCollectionSyncStates('excavators');
  const items = useMemo(
    () => (all ? filterExcavators(all, search, status, maintenance) : undefined),
    [all, search, status, maintenance],
  );
  const filtered = search.trim() !== '' || status !== 'all' || maintenance !== 'all';
  const clear = () => {
    setSearch('');
    nav.setFilters({ status: 'all', maintenance: 'all' });
  };

  return (
    <>
      <PageHeader
        title={t('nav.excavators')}
        description={t('shell.pages.excavators')}
        actions={
          canWrite ? (
            <Button mih={44} leftSection={<IconPlus size={18} />} onClick={nav.openCreate}>
              {t('excavators.actions.create')}
            </Button>
          ) : null
        }
      />
      {/* data-query: the search the rendered results belong to (the search benchmark waits for it). */}
      <Stack gap="md" data-testid="excavators-results" data-query={search}>
        <Card withBorder radius="lg" padding="md">
          <ExcavatorFilters
            search={search}
            onSearchChange={setSearch}
            status={status}
            onStatusChange={(next) => nav.setFilters({ status: next })}
            maintenance={maintenance}
            onMaintenanceChange={(next) => nav.setFilters({ maintenance: next })}
            mode={mode}
            onModeChange={setMode}
          />
        </Card>
        {items === undefined || all === undefined ? (
          <ExcavatorsLoading />
        ) : items.length === 0 ? (
          <ExcavatorsEmpty filtered={filtered} onClear={clear} onCreate={canWrite ? nav.openCreate : null} />
        ) : (
          <>
            <Group justify="space-between">
              <Text size="sm" c="dimmed" aria-live="polite" data-testid="excavators-count">
                {t('excavators.list.count', { count: items.length, total: all.length })}
              </Text>
            </Group>
            <ExcavatorList items={items} mode={mode} syncStates={syncStates} onOpen={nav.openView} />
          </>
        )}
      </Stack>
      <QuickViewDrawer id={nav.viewId} canWrite={canWrite} onClose={nav.close} onEdit={nav.openEdit} />
      {canWrite ? (
        <ExcavatorFormModal
          editId={nav.editId === NEW_EXCAVATOR ? null : nav.editId}
          opened={nav.editId !== null}
          onClose={nav.close}
          onSaved={nav.openView}
        />
      ) : null}
    </>
  );
}
