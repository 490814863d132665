import { Checkbox, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { memo } from 'react';
import { isLowStock } from '@/domain/inventory';
import type { RecordSyncState } from '@/client/offline';
import { useTranslation } from 'react-i18next';
import { RecordSyncBadge } from '@/client/shell/sync-panel';
import { ItemActionsMenu, LowStockBadge, TagList, usePriceFormat } from './item-bits';
import { ItemPhoto } from './item-photo';
import type { InventoryRecord } from '../model';
import type { InventoryListProps } from './list-props';
import { QuantityStepper } from './quantity-stepper';
import { useWindowList } from './use-window-list';

const ROW_HEIGHT = 64;

interface RowProps extends Pick<
  InventoryListProps,
  'canWrite' | 'canAdjust' | 'onToggle' | 'onAdjust' | 'onEdit' | 'onDelete'
> {
  item: InventoryRecord;
  index: number;
  measure: (element: Element | null) => void;
  state: RecordSyncState | undefined;
  selected: boolean;
}

/**
 * One row. Memoised: typing in the search re-renders the list on every keystroke, and the rows that
 * stay in view (same item, same place) are then left alone. The page keeps the handlers stable.
 */
const InventoryTableRow = memo(function InventoryTableRow({
  item,
  index,
  measure,
  state,
  selected,
  canWrite,
  canAdjust,
  onToggle,
  onAdjust,
  onEdit,
  onDelete,
}: RowProps) {
  const { t } = useTranslation();
  const price = usePriceFormat();
  const low = isLowStock(item);
  return (
    <Table.Tr
      data-index={index}
      ref={measure}
      aria-rowindex={index + 2}
      data-testid="inventory-row"
      data-low-stock={low || undefined}
      bg={low ? 'var(--mantine-color-red-light)' : undefined}
    >
      {canWrite ? (
        <Table.Td>
          <Checkbox
            aria-label={t('inventory.select.one', { name: item.name })}
            checked={selected}
            onChange={() => onToggle(item.id)}
          />
        </Table.Td>
      ) : null}
      <Table.Td>
        <ItemPhoto item={item} size={40} pending={!!state} />
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          <Group gap={6} wrap="nowrap">
            <Text fw={600} size="sm" lineClamp={1}>
              {item.name}
            </Text>
            <RecordSyncBadge state={state} />
          </Group>
          <Group gap={6}>
            {item.maker ? (
              <Text size="xs" c="dimmed" lineClamp={1}>
                {item.maker}
              </Text>
            ) : null}
            {low ? <LowStockBadge item={item} /> : null}
          </Group>
        </Stack>
      </Table.Td>
      <Table.Td>{item.type ?? '—'}</Table.Td>
      <Table.Td>{item.location ?? '—'}</Table.Td>
      <Table.Td>
        <TagList tags={item.tags} max={2} />
      </Table.Td>
      <Table.Td ta="right">{price(item.price)}</Table.Td>
      <Table.Td>
        <Group justify="center">
          <QuantityStepper
            name={item.name}
            quantity={item.quantity}
            low={low}
            canAdjust={canAdjust}
            onAdjust={(delta) => onAdjust(item, delta)}
          />
        </Group>
      </Table.Td>
      {canWrite ? (
        <Table.Td>
          <ItemActionsMenu item={item} onEdit={onEdit} onDelete={onDelete} />
        </Table.Td>
      ) : null}
    </Table.Tr>
  );
});

/** The table view: one row per item, only the rows in view rendered. */
export function InventoryTable(props: InventoryListProps) {
  const { items, syncStates, selected, canWrite, canAdjust } = props;
  const { t } = useTranslation();
  const { listRef, virtualizer, scrollMargin } = useWindowList<HTMLTableSectionElement>(
    items.length,
    ROW_HEIGHT,
  );
  const rows = virtualizer.getVirtualItems();
  const columns = canWrite ? 9 : 7;
  const top = rows.length > 0 ? rows[0]!.start - scrollMargin : 0;
  const bottom =
    rows.length > 0 ? virtualizer.getTotalSize() - (rows[rows.length - 1]!.end - scrollMargin) : 0;
  const allSelected = items.length > 0 && items.every((item) => selected.has(item.id));

  return (
    <Table.ScrollContainer minWidth={900}>
      <Table
        verticalSpacing={6}
        highlightOnHover
        aria-label={t('inventory.table.label')}
        aria-rowcount={items.length + 1}
      >
        <Table.Thead>
          <Table.Tr>
            {canWrite ? (
              <Table.Th w={44}>
                <Checkbox
                  aria-label={t('inventory.select.all')}
                  checked={allSelected}
                  indeterminate={!allSelected && selected.size > 0}
                  onChange={props.onToggleAll}
                />
              </Table.Th>
            ) : null}
            <Table.Th w={56}>
              <VisuallyHidden>{t('inventory.fields.photo')}</VisuallyHidden>
            </Table.Th>
            <Table.Th>{t('inventory.fields.name')}</Table.Th>
            <Table.Th>{t('inventory.fields.type')}</Table.Th>
            <Table.Th>{t('inventory.fields.location')}</Table.Th>
            <Table.Th>{t('inventory.fields.tags')}</Table.Th>
            <Table.Th ta="right">{t('inventory.fields.price')}</Table.Th>
            <Table.Th ta="center">{t('inventory.fields.quantity')}</Table.Th>
            {canWrite ? <Table.Th w={48} /> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody ref={listRef}>
          {top > 0 ? (
            <tr aria-hidden>
              <td colSpan={columns} style={{ height: top, padding: 0, border: 0 }} />
            </tr>
          ) : null}
          {rows.map((row) => {
            const item = items[row.index]!;
            return (
              <InventoryTableRow
                key={item.id}
                item={item}
                index={row.index}
                measure={virtualizer.measureElement}
                state={syncStates.get(item.id)}
                selected={selected.has(item.id)}
                canWrite={canWrite}
                canAdjust={canAdjust}
                onToggle={props.onToggle}
                onAdjust={props.onAdjust}
                onEdit={props.onEdit}
                onDelete={props.onDelete}
              />
            );
          })}
          {bottom > 0 ? (
            <tr aria-hidden>
              <td colSpan={columns} style={{ height: bottom, padding: 0, border: 0 }} />
            </tr>
          ) : null}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
