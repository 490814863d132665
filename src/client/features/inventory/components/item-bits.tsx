import { ActionIcon, Badge, Group, Menu, Text } from '@mantine/core';
import { IconAlertTriangle, IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InventoryRecord } from '../model';

/** Edit and delete for one item (admin, manager). */
export function ItemActionsMenu({
  item,
  onEdit,
  onDelete,
}: {
  item: InventoryRecord;
  onEdit: (item: InventoryRecord) => void;
  onDelete: (item: InventoryRecord) => void;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  // Mounted on first use, like the quantity popover: an idle Menu per visible row slows down typing
  // in the search of a long list.
  const [mounted, setMounted] = useState(false);
  const button = (onClick?: () => void) => (
    <ActionIcon
      variant="subtle"
      color="gray"
      size={36}
      aria-label={t('inventory.actions.more', { name: item.name })}
      aria-haspopup="menu"
      onClick={onClick}
    >
      <IconDots size={18} />
    </ActionIcon>
  );
  if (!mounted) {
    return button(() => {
      setMounted(true);
      setOpened(true);
    });
  }
  return (
    <Menu position="bottom-end" withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>{button()}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onEdit(item)}>
          {t('inventory.actions.edit')}
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => onDelete(item)}>
          {t('inventory.actions.delete')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

export function LowStockBadge({ item }: { item: InventoryRecord }) {
  const { t } = useTranslation();
  return (
    <Badge color="red" variant="light" size="sm" leftSection={<IconAlertTriangle size={12} />} data-low-stock>
      {t('inventory.lowStock.badge', { min: item.minQuantity })}
    </Badge>
  );
}

/** Up to `max` tags, then "+n". */
export function TagList({ tags, max = 3 }: { tags: readonly string[]; max?: number }) {
  if (tags.length === 0) return null;
  const shown = tags.slice(0, max);
  return (
    <Group gap={4} wrap="wrap">
      {shown.map((tag) => (
        <Badge key={tag} variant="outline" size="sm" radius="sm" tt="none">
          {tag}
        </Badge>
      ))}
      {tags.length > max ? (
        <Text size="xs" c="dimmed" title={tags.slice(max).join(', ')}>
          +{tags.length - max}
        </Text>
      ) : null}
    </Group>
  );
}

export function usePriceFormat(): (price: number | null) => string {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'gr' ? 'el' : i18n.language;
  return useMemo(() => {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' });
    return (price: number | null) => (price === null ? '—' : format.format(price));
  }, [locale]);
}
