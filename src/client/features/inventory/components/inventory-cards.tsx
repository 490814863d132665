import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { isLowStock } from '@/domain/inventory';
import { RecordSyncBadge } from '@/client/shell/sync-panel';
import type { InventoryRecord } from '../model';
import { ItemActionsMenu, LowStockBadge, SelectBox, TagList, usePriceFormat } from './item-bits';
import { ItemPhoto } from './item-photo';
import type { InventoryListProps } from './list-props';
import { QuantityStepper } from './quantity-stepper';
import { useWindowList } from './use-window-list';

const CARD_MIN_WIDTH = 300;
const GAP = 16;
const ROW_HEIGHT = 200;
const CHECK_STYLE = { marginTop: 4 } as const;

function ItemCard({ item, props }: { item: InventoryRecord; props: InventoryListProps }) {
  const { t } = useTranslation();
  const price = usePriceFormat();
  const low = isLowStock(item);
  const state = props.syncStates.get(item.id);
  const details = [item.type, item.location].filter(Boolean).join(' · ');
  return (
    <Card
      withBorder
      radius="lg"
      padding="md"
      h="100%"
      data-testid="inventory-card"
      data-low-stock={low || undefined}
      style={low ? { borderColor: 'var(--mantine-color-red-5)' } : undefined}
      aria-label={item.name}
      component="article"
    >
      <Stack gap="sm" h="100%" justify="space-between">
        <Group align="flex-start" wrap="nowrap" gap="sm">
          {props.canWrite ? (
            <SelectBox
              style={CHECK_STYLE}
              label={t('inventory.select.one', { name: item.name })}
              checked={props.selected.has(item.id)}
              onChange={() => props.onToggle(item.id)}
            />
          ) : null}
          <ItemPhoto item={item} size={72} pending={!!state} />
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Text fw={600} lineClamp={2}>
              {item.name}
            </Text>
            {item.maker ? (
              <Text size="sm" c="dimmed" lineClamp={1}>
                {item.maker}
              </Text>
            ) : null}
            {details ? (
              <Text size="xs" c="dimmed" lineClamp={1}>
                {details}
              </Text>
            ) : null}
          </Stack>
          {props.canWrite ? (
            <ItemActionsMenu item={item} onEdit={props.onEdit} onDelete={props.onDelete} />
          ) : null}
        </Group>
        <TagList tags={item.tags} />
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {price(item.price)}
            </Text>
            <Group gap={4}>
              {low ? <LowStockBadge item={item} /> : null}
              <RecordSyncBadge state={state} />
            </Group>
          </Stack>
          <QuantityStepper
            name={item.name}
            quantity={item.quantity}
            low={low}
            canAdjust={props.canAdjust}
            onAdjust={(delta) => props.onAdjust(item, delta)}
          />
        </Group>
      </Stack>
    </Card>
  );
}

/** The cards view: a grid whose rows are virtualised (as many columns as the width allows). */
export function InventoryCards(props: InventoryListProps) {
  const { ref: sizeRef, width } = useElementSize();
  const columns = Math.max(1, Math.floor((width + GAP) / (CARD_MIN_WIDTH + GAP)));
  const rowCount = Math.ceil(props.items.length / columns);
  const { listRef, virtualizer, scrollMargin } = useWindowList<HTMLDivElement>(rowCount, ROW_HEIGHT + GAP);
  const rows = virtualizer.getVirtualItems();

  return (
    <div ref={sizeRef}>
      <div ref={listRef} style={{ position: 'relative', height: virtualizer.getTotalSize() }}>
        {rows.map((row) => (
          <div
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              paddingBottom: GAP,
              transform: `translateY(${row.start - scrollMargin}px)`,
            }}
          >
            <SimpleGrid cols={columns} spacing={GAP}>
              {props.items.slice(row.index * columns, row.index * columns + columns).map((item) => (
                <ItemCard key={item.id} item={item} props={props} />
              ))}
            </SimpleGrid>
          </div>
        ))}
      </div>
    </div>
  );
}
