import { useFormat } from '@/client/i18n/use-format';
import { Menu } from '@mantine/core';
import { IconAlertTriangle, IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { InventoryRecord } from '../model';
import classes from './row-controls.module.css';

interface SelectBoxProps {
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  onChange: () => void;
  style?: CSSProperties;
}

/** A row's selection checkbox: a native one, styled like Mantine's Checkbox. */
export function SelectBox({ label, checked, indeterminate = false, onChange, style }: SelectBoxProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className={classes.check}
      aria-label={label}
      checked={checked}
      onChange={onChange}
      style={style}
    />
  );
}

/** Edit and delete for one item (admin, manager): a subtle icon button that opens a menu. */
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
    <button
      type="button"
      className={`${classes.button} ${classes.subtle}`}
      aria-label={t('inventory.actions.more', { name: item.name })}
      aria-haspopup="menu"
      onClick={onClick}
    >
      <IconDots size={18} aria-hidden />
    </button>
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

/** "Low stock (min. n)", a light red badge. */
export function LowStockBadge({ item }: { item: InventoryRecord }) {
  const { t } = useTranslation();
  return (
    <span className={`${classes.badge} ${classes.lowStock}`} data-low-stock>
      <IconAlertTriangle size={12} aria-hidden style={{ flex: 'none' }} />
      {t('inventory.lowStock.badge', { min: item.minQuantity })}
    </span>
  );
}

/** Up to `max` tags as outlined badges, then "+n" (the rest in its title). */
export function TagList({ tags, max = 3 }: { tags: readonly string[]; max?: number }) {
  if (tags.length === 0) return null;
  const shown = tags.slice(0, max);
  return (
    <div className={classes.tags}>
      {shown.map((tag) => (
        <span key={tag} className={`${classes.badge} ${classes.tag}`} title={tag}>
          <span className={classes.tagText}>{tag}</span>
        </span>
      ))}
      {tags.length > max ? (
        <span className={classes.more} title={tags.slice(max).join(', ')}>
          +{tags.length - max}
        </span>
      ) : null}
    </div>
  );
}

export function usePriceFormat(): (price: number | null) => string {
  return useFormat().money;
}
