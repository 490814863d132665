import { Box, Group, Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordSyncState } from '@/client/offline';
import { RecordSyncBadge } from '@/client/shell/sync-panel';
import type { ExcavatorRecord } from '../model';
import type { ViewMode } from '../view-mode';
import { ExcavatorStatusBadge, MaintenanceBadge } from './excavator-badges';
import { ExcavatorPhoto } from './excavator-photo';
import { formatDate, formatHours } from './format';

/** Fixed row heights per view mode (the list is virtualised), including the gap below a row. */
export const ROW_HEIGHT: Record<ViewMode, number> = { compact: 56, regular: 92, full: 172 };
export const ROW_GAP = 8;

interface ExcavatorRowProps {
  excavator: ExcavatorRecord;
  mode: ViewMode;
  syncState: RecordSyncState | null;
  onOpen(id: string): void;
}

function Fact({ label, value }: { label: string; value: string | null }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" truncate>
        {label}
      </Text>
      <Text size="sm" truncate>
        {value ?? '—'}
      </Text>
    </Stack>
  );
}

/** One machine in the list; the whole row opens the quick view. */
export const ExcavatorRow = memo(function ExcavatorRow({
  excavator: e,
  mode,
  syncState,
  onOpen,
}: ExcavatorRowProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const photoSize = mode === 'compact' ? 32 : mode === 'regular' ? 56 : 96;
  const subtitle = [e.model, e.serialNumber].filter(Boolean).join(' · ');
  return (
    <Paper
      withBorder
      radius="md"
      h={ROW_HEIGHT[mode] - ROW_GAP}
      data-testid="excavator-row"
      data-mode={mode}
      pos="relative"
      style={{ overflow: 'hidden' }}
    >
      {/*
        The whole row is the button, but the row's text stays outside it: a screen reader reads the
        button by its name ("… öffnen") and the facts as text, and the name holds no hidden words.
      */}
      <UnstyledButton
        onClick={() => onOpen(e.id)}
        aria-label={t('excavators.list.open', { name: e.name })}
        pos="absolute"
        inset={0}
        style={{ outlineOffset: -3 }}
      />
      <Group
        gap="md"
        wrap="nowrap"
        h="100%"
        align="center"
        px="md"
        py={mode === 'compact' ? 6 : 'sm'}
        style={{ pointerEvents: 'none', position: 'relative' }}
      >
        <ExcavatorPhoto
          id={e.id}
          name={e.name}
          path={e.profileImage}
          pending={syncState !== null}
          size={photoSize}
        />
        <Stack gap={mode === 'compact' ? 0 : 4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap">
            <Text fw={600} truncate>
              {e.name}
            </Text>
            {mode === 'compact' ? (
              <Text size="sm" c="dimmed" truncate visibleFrom="sm">
                {subtitle}
              </Text>
            ) : null}
          </Group>
          {mode !== 'compact' ? (
            <Text size="sm" c="dimmed" truncate>
              {[subtitle, e.location].filter(Boolean).join(' · ')}
            </Text>
          ) : null}
          {mode !== 'compact' ? (
            <Group gap={6} wrap="wrap">
              <ExcavatorStatusBadge status={e.status} />
              <MaintenanceBadge due={e.maintenance} withHours={mode === 'full'} />
              <RecordSyncBadge state={syncState} />
            </Group>
          ) : null}
          {mode === 'full' ? (
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" verticalSpacing={2} mt={4}>
              <Fact label={t('excavators.fields.usageHours')} value={formatHours(e.usageHours, lang)} />
              <Fact label={t('excavators.fields.year')} value={e.year === null ? null : String(e.year)} />
              <Fact label={t('excavators.fields.engineNumber')} value={e.engineNumber} />
              <Fact
                label={t('excavators.fields.lastServiceDate')}
                value={formatDate(e.lastServiceDate, lang)}
              />
            </SimpleGrid>
          ) : null}
        </Stack>
        {mode === 'compact' ? (
          <Group gap={6} wrap="nowrap">
            <Box visibleFrom="sm">
              <ExcavatorStatusBadge status={e.status} />
            </Box>
            <MaintenanceBadge due={e.maintenance} withHours={false} />
            <RecordSyncBadge state={syncState} />
          </Group>
        ) : (
          <Text size="sm" c="dimmed" visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatHours(e.usageHours, lang)}
          </Text>
        )}
      </Group>
    </Paper>
  );
});
