import { Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

interface StatCardProps {
  label: string;
  value: string;
  detail?: string;
  icon: ReactNode;
  color: string;
  /** Highlights a figure that needs attention. */
  alert?: boolean;
}

/** One headline figure of the overview. */
export function StatCard({ label, value, detail, icon, color, alert = false }: StatCardProps) {
  return (
    <Card withBorder radius="lg" padding="md" role="group" aria-label={label} data-alert={alert || undefined}>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size={44} radius="md" variant="light" color={alert ? 'red' : color} aria-hidden>
          {icon}
        </ThemeIcon>
        <Stack gap={2} style={{ minWidth: 0, flex: 1, containerType: 'inline-size' }}>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          {/* Large amounts ("5.007.137,10 €") shrink to the card's width rather than break in the middle
              of the number; only what cannot fit even then breaks, keeping the € sign. */}
          <Text
            fz={`max(14px, min(26px, 100cqi / ${(Math.max(value.length, 1) * 0.7).toFixed(1)}))`}
            fw={700}
            lh={1.2}
            c={alert ? 'red' : undefined}
            style={{ overflowWrap: 'anywhere' }}
            data-testid="stat-value"
          >
            {value}
          </Text>
          {detail ? (
            <Text size="xs" c="dimmed">
              {detail}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Card>
  );
}
