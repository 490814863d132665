import { Button, Card, Group, Text } from '@mantine/core';
import { IconTags, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Shown while items are selected: tag them all at once, or clear the selection. */
export function SelectionBar({
  count,
  onTags,
  onClear,
}: {
  count: number;
  onTags: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Card
      withBorder
      radius="lg"
      padding="sm"
      bg="var(--mantine-primary-color-light)"
      role="region"
      aria-label={t('inventory.select.region')}
    >
      <Group justify="space-between" gap="sm">
        <Text fw={600} data-testid="selection-count">
          {t('inventory.select.count', { count })}
        </Text>
        <Group gap="xs">
          <Button leftSection={<IconTags size={16} />} onClick={onTags}>
            {t('inventory.bulk.open')}
          </Button>
          <Button variant="subtle" leftSection={<IconX size={16} />} onClick={onClear}>
            {t('inventory.select.clear')}
          </Button>
        </Group>
      </Group>
    </Card>
  );
}
