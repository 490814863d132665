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
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          {/* Large amounts ("5.007.137,10 €") shrink a little and may break rather than lose the € sign. */}
          <Text
            fz="clamp(18px, 1.6vw + 6px, 26px)"
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
