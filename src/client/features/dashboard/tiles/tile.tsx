import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { TileLink } from '@/client/ui/tile-link';

interface TileProps {
  title: string;
  /** A short line under the title (what the numbers mean). */
  hint?: ReactNode;
  /** The list this tile summarises. */
  link?: { href: string; label: string };
  testId: string;
  children: ReactNode;
}

/** One dashboard tile: a titled card with a link to its full list. */
export function Tile({ title, hint, link, testId, children }: TileProps) {
  return (
    <Paper withBorder radius="lg" p="md" data-testid={testId} component="section" aria-label={title} h="100%">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} size="h4">
              {title}
            </Title>
            {hint ? (
              <Text size="xs" c="dimmed">
                {hint}
              </Text>
            ) : null}
          </Stack>
          {link ? (
            <TileLink
              href={link.href}
              size="sm"
              className="tap-target"
              // The title gives way, not the link: with the tap target's own minimum width the link
              // would shrink and its words run past the card's edge.
              style={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            >
              {link.label}
            </TileLink>
          ) : null}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/** The quiet line a tile shows when it has nothing to list. */
export function EmptyLine({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}
