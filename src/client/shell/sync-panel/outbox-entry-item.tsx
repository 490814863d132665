import { createFormat } from '@/domain/format';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OutboxEntry } from '@/client/offline/types';
import { describeEntry, entryMessage } from './format';
import { STATE_KEY } from './keys';
import { currentSiteTimeZone } from '@/client/lib/site-time-zone';

const STATE_COLOR = { waiting: 'blue', sending: 'cyan', failed: 'red', conflict: 'orange' } as const;

export interface OutboxEntryItemProps {
  entry: OutboxEntry;
  /** Waits behind a failed or conflicting change of the same record. */
  held: boolean;
  now: number;
  onRetry?: () => void;
  onResolve?: () => void;
  onDiscard?: () => void;
}

/** One waiting, failed or conflicting change, with what the server said and what a person can do. */
export function OutboxEntryItem({ entry, held, now, onRetry, onResolve, onDiscard }: OutboxEntryItemProps) {
  const { t, i18n } = useTranslation();
  const message = entryMessage(entry, t);
  const format = createFormat(i18n.language, { timeZone: currentSiteTimeZone() });
  const time = (ms: number) => format.time(ms);
  const showError = entry.state === 'failed' || entry.state === 'conflict' || (entry.attempts > 0 && message);
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      data-state={entry.state}
      aria-label={describeEntry(entry, t)}
      role="listitem"
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} size="sm">
            {describeEntry(entry, t)}
          </Text>
          <Badge color={STATE_COLOR[entry.state]} variant="light" style={{ flexShrink: 0 }}>
            {t(STATE_KEY[entry.state])}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {t('sync.entry.madeAt', { time: format.dateTime(entry.createdAt) })}
        </Text>
        {showError && message ? (
          <Text
            size="sm"
            c={entry.state === 'waiting' || entry.state === 'sending' ? 'dimmed' : 'red'}
            data-testid="entry-message"
          >
            {message}
          </Text>
        ) : null}
        {held ? (
          <Text size="xs" c="dimmed">
            {t('sync.entry.held')}
          </Text>
        ) : null}
        {entry.state === 'waiting' && entry.nextAttemptAt > now ? (
          <Text size="xs" c="dimmed">
            {t('sync.entry.nextAttempt', { time: time(entry.nextAttemptAt), attempts: entry.attempts })}
          </Text>
        ) : null}
        <Group gap="xs" justify="flex-end">
          {entry.state === 'conflict' && onResolve ? (
            <Button size="xs" color="orange" onClick={onResolve}>
              {t('sync.action.resolve')}
            </Button>
          ) : null}
          {entry.state === 'failed' && onRetry ? (
            <Button size="xs" variant="light" onClick={onRetry}>
              {t('sync.action.retry')}
            </Button>
          ) : null}
          {entry.state !== 'sending' && onDiscard ? (
            <Button size="xs" variant="subtle" color="red" onClick={onDiscard}>
              {t('sync.action.discard')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
