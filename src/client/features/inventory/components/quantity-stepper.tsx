import { Button, NumberInput, Popover, Stack } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './row-controls.module.css';

interface QuantityStepperProps {
  name: string;
  quantity: number;
  low: boolean;
  /** May change stock (admin, manager, operator). */
  canAdjust: boolean;
  onAdjust: (delta: number) => Promise<void>;
}

/**
 * − quantity +, and a popover for a larger delta ("take 2", "add 10"). Plain buttons styled like
 * Mantine's light ActionIcon (row-controls.module.css): a dozen steppers come into view with every
 * keystroke in the search of a long list.
 */
export function QuantityStepper({ name, quantity, low, canAdjust, onAdjust }: QuantityStepperProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // The popover mounts on first use: an idle Popover per row costs more than the rest of the row.
  const [mounted, setMounted] = useState(false);
  const [delta, setDelta] = useState<number | string>('');
  const [busy, setBusy] = useState(false);

  const run = async (value: number) => {
    setBusy(true);
    try {
      await onAdjust(value);
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
    }
  };

  if (!canAdjust) {
    return (
      <span
        className={classes.quantity}
        data-low={low || undefined}
        data-testid="item-quantity"
        title={t('inventory.quantity.current', { name, quantity })}
      >
        {quantity}
      </span>
    );
  }

  const amount = typeof delta === 'number' ? delta : Number.NaN;
  const value = (
    <button
      type="button"
      className={classes.quantity}
      data-low={low || undefined}
      aria-label={t('inventory.quantity.adjustOpen', { name, quantity })}
      aria-haspopup="dialog"
      onClick={() => {
        setMounted(true);
        setOpen((o) => !o);
      }}
    >
      <span data-testid="item-quantity">{quantity}</span>
    </button>
  );
  return (
    <div className={classes.stepper}>
      <button
        type="button"
        className={`${classes.button} ${classes.light}`}
        aria-label={t('inventory.quantity.decrease', { name })}
        disabled={busy}
        onClick={() => void run(-1)}
      >
        <IconMinus size={16} aria-hidden />
      </button>
      {mounted ? (
        <Popover opened={open} onChange={setOpen} trapFocus position="bottom" withArrow shadow="md">
          <Popover.Target>{value}</Popover.Target>
          <Popover.Dropdown>
            <form
              onSubmit={(event) => {
                event.preventDefault();
                if (!Number.isInteger(amount) || amount === 0) return;
                void run(amount).then((ok) => {
                  if (ok) {
                    setDelta('');
                    setOpen(false);
                  }
                });
              }}
            >
              <Stack gap="xs" w={220}>
                <NumberInput
                  label={t('inventory.quantity.delta')}
                  description={t('inventory.quantity.deltaHint')}
                  value={delta}
                  onChange={setDelta}
                  allowDecimal={false}
                  data-autofocus
                />
                <Button type="submit" loading={busy} disabled={!Number.isInteger(amount) || amount === 0}>
                  {t('inventory.quantity.apply')}
                </Button>
              </Stack>
            </form>
          </Popover.Dropdown>
        </Popover>
      ) : (
        value
      )}
      <button
        type="button"
        className={`${classes.button} ${classes.light}`}
        aria-label={t('inventory.quantity.increase', { name })}
        disabled={busy}
        onClick={() => void run(1)}
      >
        <IconPlus size={16} aria-hidden />
      </button>
    </div>
  );
}
