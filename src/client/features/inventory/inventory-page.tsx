import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InventoryExportFormat } from '@/domain/inventory';
import { can } from '@/domain/permissions';
import { useDialogOpener } from '@/client/lib/focus-return';
import { PageHeader } from '@/client/shell/page-header';
import { useCurrentUser } from '@/client/lib/session/session-store';
import { HeaderActions } from './components/header-actions';
import { InventoryCards } from './components/inventory-cards';
import { InventoryDialogs, type InventoryDialog } from './components/inventory-dialogs';
import { ImportStatus } from './components/import-status';
import { InventoryFilters } from './components/inventory-filters';
import { InventoryTable } from './components/inventory-table';
import type { InventoryListProps } from './components/list-props';
import { InventoryEmpty, ListSkeleton, LoadError } from './components/list-states';
import { SelectionBar } from './components/selection-bar';
import { saveBlob } from '@/client/lib/files/save-blob';
import { exportInventory } from './export';
import { EMPTY_FILTER, isFiltered, type InventoryFilterState, type InventoryRecord } from './model';
import { actionErrorMessage, useInventoryActions } from './use-inventory-actions';
import { useInventory } from './use-inventory';
import { useViewMode } from './use-view-mode';

/** /inventory: the parts on this device (IndexedDB), usable with the network off. */
export function InventoryPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const canWrite = can(user, 'inventory:write');
  const canAdjust = can(user, 'inventory:adjust');
  const [view, setView] = useViewMode(user.id);
  const [filter, setFilter] = useState(EMPTY_FILTER);
  const patchFilter = useCallback(
    (patch: Partial<InventoryFilterState>) => setFilter((current) => ({ ...current, ...patch })),
    [],
  );
  const [attempt, setAttempt] = useState(0);
  const inventory = useInventory(filter, attempt);
  const pending = useMemo(() => new Set(inventory.syncStates.keys()), [inventory.syncStates]);
  const actions = useInventoryActions(pending);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<InventoryDialog | null>(null);
  const opener = useDialogOpener();
  const openDialog = useCallback(
    (next: InventoryDialog) => {
      opener.remember();
      setDialog(next);
    },
    [opener],
  );
  const [exporting, setExporting] = useState(false);

  const { items, all } = inventory;
  const selectedItems = useMemo(() => (all ?? []).filter((item) => selected.has(item.id)), [all, selected]);

  const fail = (error: unknown, fallback: string) =>
    notifications.show({ color: 'red', message: actionErrorMessage(error, fallback) });

  // The list's handlers stay the same from render to render, so the rows (memoised) that stay in
  // view while someone types in the search are not rendered again.
  const adjust = useCallback(
    async (item: InventoryRecord, delta: number) => {
      try {
        await actions.adjust(item, delta);
      } catch (error) {
        notifications.show({
          color: 'red',
          message: actionErrorMessage(error, t('inventory.errors.adjustFailed')),
        });
        throw error;
      }
    },
    [actions, t],
  );
  const edit = useCallback((item: InventoryRecord) => openDialog({ kind: 'edit', item }), [openDialog]);
  const remove = useCallback((item: InventoryRecord) => openDialog({ kind: 'delete', item }), [openDialog]);

  const runExport = async (format: InventoryExportFormat) => {
    setExporting(true);
    try {
      const file = await exportInventory(format, filter, items);
      saveBlob(file.blob, file.fileName);
      if (file.source === 'device') {
        notifications.show({ color: 'blue', message: t('inventory.export.fromDevice') });
      }
    } catch (error) {
      fail(error, t('inventory.export.failed'));
    } finally {
      setExporting(false);
    }
  };

  const toggle = useCallback(
    (id: string) =>
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  const toggleAll = () =>
    setSelected((current) =>
      items.length > 0 && items.every((item) => current.has(item.id))
        ? new Set()
        : new Set([...current, ...items.map((item) => item.id)]),
    );

  const listProps: InventoryListProps = {
    items,
    syncStates: inventory.syncStates,
    selected,
    onToggle: toggle,
    onToggleAll: toggleAll,
    canWrite,
    canAdjust,
    onAdjust: adjust,
    onEdit: edit,
    onDelete: remove,
  };
  const createButton = canWrite ? (
    <Button leftSection={<IconPlus size={18} />} onClick={() => openDialog({ kind: 'edit', item: null })}>
      {t('inventory.actions.new')}
    </Button>
  ) : null;

  return (
    <>
      <PageHeader
        title={t('nav.inventory')}
        description={t('shell.pages.inventory')}
        actions={
          <HeaderActions
            canWrite={canWrite}
            exporting={exporting}
            onCreate={() => openDialog({ kind: 'edit', item: null })}
            onImport={() => openDialog({ kind: 'import' })}
            onTags={() => openDialog({ kind: 'tags' })}
            onExport={(format) => void runExport(format)}
          />
        }
      />
      <Stack gap="md">
        <ImportStatus userId={user.id} />
        <Card withBorder radius="lg" padding="md">
          <InventoryFilters
            filter={filter}
            onChange={patchFilter}
            tags={inventory.tags}
            types={inventory.types}
            locations={inventory.locations}
            view={view}
            onViewChange={setView}
          />
        </Card>
        {canWrite && selectedItems.length > 0 ? (
          <SelectionBar
            count={selectedItems.length}
            onTags={() => openDialog({ kind: 'bulk' })}
            onClear={() => setSelected(new Set())}
          />
        ) : null}
        <div data-testid="inventory-results" data-query={inventory.query} data-count={items.length}>
          {inventory.error ? (
            <LoadError onRetry={() => setAttempt((n) => n + 1)} />
          ) : all === undefined ? (
            <ListSkeleton />
          ) : items.length === 0 ? (
            <InventoryEmpty
              filtered={isFiltered(filter)}
              onClear={() => setFilter(EMPTY_FILTER)}
              action={createButton}
            />
          ) : (
            <Stack gap="xs">
              <Group justify="space-between">
                <Text size="sm" c="dimmed" data-testid="inventory-count">
                  {t('inventory.count', { shown: items.length, total: all.length })}
                </Text>
              </Group>
              {view === 'table' ? <InventoryTable {...listProps} /> : <InventoryCards {...listProps} />}
            </Stack>
          )}
        </div>
      </Stack>
      <InventoryDialogs
        dialog={dialog}
        onClose={() => {
          setDialog(null);
          opener.restore();
        }}
        inventory={inventory}
        selectedItems={selectedItems}
        actions={actions}
        onBulkDone={() => setSelected(new Set())}
      />
    </>
  );
}
