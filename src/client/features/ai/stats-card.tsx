import { Alert, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { aiErrorMessage } from '@/client/ui/ai/ai-errors';
import { useRemoteData } from '@/client/lib/use-remote-data';
import { useFormatters } from './use-formatters';
import { getAiStats } from './api';
import { totalsByHelper } from './stats-model';
import { HELPER_KEY } from './labels';

/** GET /api/ai/admin/stats: calls, errors, tokens and latency per helper (last 30 days), and per day. */
export function StatsCard({ version }: { version: number }) {
  const { t } = useTranslation();
  const { number, day } = useFormatters();
  // A saved configuration (`version`) asks again: the figures may come from another model server.
  const loaded = useRemoteData(`ai-stats#${version}`, getAiStats);
  const stats = loaded.data;
  const [showDays, setShowDays] = useState(false);

  const helperName = (helper: string) => (HELPER_KEY[helper] ? t(HELPER_KEY[helper]) : helper);
  const header = (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        {stats
          ? t('ai.admin.stats.range', { from: day(stats.from), to: day(stats.to) })
          : t('ai.admin.stats.description')}
      </Text>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconRefresh size={14} />}
        onClick={loaded.reload}
      >
        {t('ai.admin.stats.refresh')}
      </Button>
    </Group>
  );
  if (loaded.error)
    return (
      <Stack gap="sm">
        {header}
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} />}>
          {aiErrorMessage(t, loaded.error)}
        </Alert>
      </Stack>
    );
  if (!stats)
    return (
      <Stack gap="sm" aria-busy="true">
        {header}
        <Skeleton height={120} radius="md" />
      </Stack>
    );

  const totals = totalsByHelper(stats.items);
  const columns = (
    <>
      <Table.Th ta="right">{t('ai.admin.stats.calls')}</Table.Th>
      <Table.Th ta="right">{t('ai.admin.stats.errors')}</Table.Th>
      <Table.Th ta="right">{t('ai.admin.stats.tokens')}</Table.Th>
      <Table.Th ta="right">{t('ai.admin.stats.avgLatency')}</Table.Th>
      <Table.Th ta="right">{t('ai.admin.stats.p95Latency')}</Table.Th>
    </>
  );
  const values = (row: {
    calls: number;
    errors: number;
    promptTokens: number;
    completionTokens: number;
    avgLatencyMs: number;
    p95LatencyMs: number;
  }) => (
    <>
      <Table.Td ta="right">{number(row.calls)}</Table.Td>
      <Table.Td ta="right" c={row.errors > 0 ? 'red' : undefined}>
        {number(row.errors)}
      </Table.Td>
      <Table.Td ta="right">
        {t('ai.admin.stats.tokenSplit', {
          prompt: number(row.promptTokens),
          completion: number(row.completionTokens),
        })}
      </Table.Td>
      <Table.Td ta="right">{t('ai.admin.health.ms', { value: number(row.avgLatencyMs) })}</Table.Td>
      <Table.Td ta="right">{t('ai.admin.health.ms', { value: number(row.p95LatencyMs) })}</Table.Td>
    </>
  );

  return (
    <Stack gap="sm" aria-busy={loaded.loading}>
      {header}
      {totals.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="md">
          {t('ai.admin.stats.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover aria-label={t('ai.admin.stats.title')} data-testid="ai-stats">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('ai.admin.stats.helper')}</Table.Th>
                {columns}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {totals.map((row) => (
                <Table.Tr key={row.helper}>
                  <Table.Td>{helperName(row.helper)}</Table.Td>
                  {values(row)}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {totals.length > 0 && (
        <Button variant="subtle" size="compact-sm" w="fit-content" onClick={() => setShowDays((v) => !v)}>
          {showDays ? t('ai.admin.stats.hideDays') : t('ai.admin.stats.showDays')}
        </Button>
      )}
      {showDays && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label={t('ai.admin.stats.perDay')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('ai.admin.stats.day')}</Table.Th>
                <Table.Th>{t('ai.admin.stats.helper')}</Table.Th>
                {columns}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {stats.items.map((row) => (
                <Table.Tr key={`${row.day}-${row.helper}`}>
                  <Table.Td>{day(row.day)}</Table.Td>
                  <Table.Td>{helperName(row.helper)}</Table.Td>
                  {values(row)}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
