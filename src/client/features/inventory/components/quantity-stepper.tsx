import { ActionIcon, Button, Group, NumberInput, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface QuantityStepperProps {
  name: string;
  quantity: number;
  low: boolean;
  /** May change stock (admin, manager, operator). */
  canAdjust: boolean;
  onAdjust: (delta: number) => Promise<void>;
}

/** − quantity +, and a popover for a larger delta ("take 2", "add 10"). */
export function QuantityStepper({ name, quantity, low, canAdjust, onAdjust }: QuantityStepperProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // The popover mounts on first use: a list of 10,000 items re-renders its visible rows on every
  // keystroke of the search, and an idle Popover per row costs more than the rest of the row.
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

  const value = (
    <Text
      fw={700}
      c={low ? 'red' : undefined}
      miw={40}
      ta="center"
      data-testid="item-quantity"
      aria-label={t('inventory.quantity.current', { name, quantity })}
    >
      {quantity}
    </Text>
  );
  if (!canAdjust) return value;

  const amount = typeof delta === 'number' ? delta : Number.NaN;
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="light"
        size={36}
        aria-label={t('inventory.quantity.decrease', { name })}
        disabled={busy}
        onClick={() => void run(-1)}
      >
        <IconMinus size={16} />
      </ActionIcon>
      {mounted ? (
        <Popover opened={open} onChange={setOpen} trapFocus position="bottom" withArrow shadow="md">
          <Popover.Target>
            <UnstyledButton
              onClick={() => setOpen((o) => !o)}
              aria-label={t('inventory.quantity.adjustOpen', { name, quantity })}
            >
              {value}
            </UnstyledButton>
          </Popover.Target>
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
        <UnstyledButton
          onClick={() => {
            setMounted(true);
            setOpen(true);
          }}
          aria-label={t('inventory.quantity.adjustOpen', { name, quantity })}
          aria-haspopup="dialog"
        >
          {value}
        </UnstyledButton>
      )}
      <ActionIcon
        variant="light"
        size={36}
        aria-label={t('inventory.quantity.increase', { name })}
        disabled={busy}
        onClick={() => void run(1)}
      >
        <IconPlus size={16} />
      </ActionIcon>
    </Group>
  );
}
