import { Table, VisuallyHidden } from '@mantine/core';
import { memo } from 'react';
import { isLowStock } from '@/domain/inventory';
import type { RecordSyncState } from '@/client/offline';
import { useTranslation } from 'react-i18next';
import { RecordSyncBadge } from '@/client/shell/sync-panel';
import { ItemActionsMenu, LowStockBadge, SelectBox, TagList, usePriceFormat } from './item-bits';
import { ItemPhoto } from './item-photo';
import type { InventoryRecord } from '../model';
import type { InventoryListProps } from './list-props';
import { QuantityStepper } from './quantity-stepper';
import classes from './inventory-table.module.css';
import { useWindowList } from './use-window-list';

/**
 * Every row's height (the `tr` style fixes it; its cells hold one-line texts and 36-40 px controls).
 * Rows are not measured: measuring each new row forced a layout per row on every search keystroke.
 */
const ROW_HEIGHT = 55;
/*
 * The row is plain table elements with Mantine's table classes (`Table.classes`), and its cells hold
 * plain elements with fixed styles rather than Mantine components: typing in the search renders a dozen
 * new rows per keystroke, and each Mantine component costs its own props and style work.
 */
const TR_CLASS = Table.classes.tr;
const TD_CLASS = Table.classes.td;
/** The tag and location cells, hidden where the table is narrower than all columns need. */
const TAGS_TD_CLASS = `${TD_CLASS} ${classes.tags}`;
const LOCATION_TD_CLASS = `${TD_CLASS} ${classes.location}`;
const NAME_CELL = { display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 } as const;
const LINE = { display: 'flex', alignItems: 'center', gap: 6, minWidth: 0 } as const;
const ELLIPSIS = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 } as const;
const NAME = { ...ELLIPSIS, fontWeight: 600, fontSize: 'var(--mantine-font-size-sm)' } as const;
const MAKER = {
  ...ELLIPSIS,
  fontSize: 'var(--mantine-font-size-xs)',
  color: 'var(--mantine-color-dimmed)',
} as const;
const CENTER = { display: 'flex', justifyContent: 'center' } as const;
const ROW_STYLE = { height: ROW_HEIGHT } as const;
const LOW_ROW_STYLE = { height: ROW_HEIGHT, background: 'var(--mantine-color-red-light)' } as const;
const PRICE = { textAlign: 'right' } as const;
const TAGS = { overflow: 'hidden' } as const;
/** A cell of the fixed-width layout that cuts long text with an ellipsis (the title shows all of it). */
const CLIP = ELLIPSIS;
/*
 * Storage places are several words ("Hauptlager Regal A-12"): they wrap onto a second line of the row
 * instead of ending in an ellipsis, and only a third line would be cut.
 */
const LOCATION = {
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  overflowWrap: 'break-word',
  lineHeight: 1.3,
} as const;

interface RowProps extends Pick<
  InventoryListProps,
  'canWrite' | 'canAdjust' | 'onToggle' | 'onAdjust' | 'onEdit' | 'onDelete'
> {
  item: InventoryRecord;
  index: number;
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
    <tr
      className={TR_CLASS}
      data-with-row-border
      data-hover
      data-index={index}
      style={low ? LOW_ROW_STYLE : ROW_STYLE}
      aria-rowindex={index + 2}
      data-testid="inventory-row"
      data-low-stock={low || undefined}
    >
      {canWrite ? (
        <td className={TD_CLASS}>
          <SelectBox
            label={t('inventory.select.one', { name: item.name })}
            checked={selected}
            onChange={() => onToggle(item.id)}
          />
        </td>
      ) : null}
      <td className={TD_CLASS}>
        <ItemPhoto item={item} size={40} pending={!!state} />
      </td>
      <td className={TD_CLASS}>
        <div style={NAME_CELL}>
          <div style={LINE}>
            <span style={NAME}>{item.name}</span>
            <RecordSyncBadge state={state} />
          </div>
          {item.maker || low ? (
            <div style={LINE}>
              {item.maker ? <span style={MAKER}>{item.maker}</span> : null}
              {low ? <LowStockBadge item={item} /> : null}
            </div>
          ) : null}
        </div>
      </td>
      <td className={TD_CLASS} style={CLIP} title={item.type ?? undefined}>
        {item.type ?? '—'}
      </td>
      <td className={LOCATION_TD_CLASS} title={item.location ?? undefined}>
        <span style={LOCATION} data-testid="inventory-location">
          {item.location ?? '—'}
        </span>
      </td>
      <td className={TAGS_TD_CLASS} style={TAGS}>
        <TagList tags={item.tags} max={2} />
      </td>
      <td className={TD_CLASS} style={PRICE}>
        {price(item.price)}
      </td>
      <td className={TD_CLASS}>
        <div style={CENTER}>
          <QuantityStepper
            name={item.name}
            quantity={item.quantity}
            low={low}
            canAdjust={canAdjust}
            onAdjust={(delta) => onAdjust(item, delta)}
          />
        </div>
      </td>
      {canWrite ? (
        <td className={TD_CLASS}>
          <ItemActionsMenu item={item} onEdit={onEdit} onDelete={onDelete} />
        </td>
      ) : null}
    </tr>
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
    <div className={classes.frame}>
      <Table.ScrollContainer minWidth={750}>
        <Table
          verticalSpacing={6}
          highlightOnHover
          // Fixed column widths (the name takes the rest, at least 230 px; narrower than 1040 px the
          // location and tags step aside, narrower than 750 px the table scrolls sideways): with automatic
          // table layout every keystroke in the search (new rows) made the browser measure all cells
          // again, and the columns jumped.
          style={{ tableLayout: 'fixed' }}
          aria-label={t('inventory.table.label')}
          aria-rowcount={items.length + 1}
        >
          <Table.Thead>
            <Table.Tr>
              {canWrite ? (
                <Table.Th w={44}>
                  <SelectBox
                    label={t('inventory.select.all')}
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
              <Table.Th w={120}>{t('inventory.fields.type')}</Table.Th>
              <Table.Th w={180} className={classes.location}>
                {t('inventory.fields.location')}
              </Table.Th>
              <Table.Th w={130} className={classes.tags}>
                {t('inventory.fields.tags')}
              </Table.Th>
              {/* Room for "1.669.045,70 €": narrower, the amount ran under the quantity stepper. */}
              <Table.Th w={130} ta="right">
                {t('inventory.fields.price')}
              </Table.Th>
              <Table.Th w={140} ta="center">
                {t('inventory.fields.quantity')}
              </Table.Th>
              {canWrite ? <Table.Th w={52} /> : null}
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
    </div>
  );
}
