import { Stack, Text, Title } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSyncEngine } from '@/client/offline/engine-context';
import { summarize, useOutboxEntries } from '@/client/offline/hooks/outbox';
import { recordKey } from '@/client/offline/rows';
import type { OutboxEntry } from '@/client/offline/types';
import { OfflineReadinessStatus } from '../pwa/offline-readiness-status';
import { useSession } from '@/client/lib/session/session-store';
import { ConflictResolver } from './conflict-resolver';
import { DiscardConfirm } from './discard-confirm';
import { OutboxEntryItem } from './outbox-entry-item';
import { SyncStatusSummary } from './sync-status-summary';

/** The current time, refreshed every 15 s (for "next attempt at"). */
function useNow(everyMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  if (count === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={4}>{`${title} (${count})`}</Title>
      <Stack gap="xs" role="list">
        {children}
      </Stack>
    </Stack>
  );
}

export interface SyncPanelProps {
  /** Ends the expired session so the user can sign in again (changes stay on the device). */
  onSignInAgain: () => void;
  /** Clock for "next attempt" (tests). */
  now?: number;
}

/** Waiting, failed and conflicting changes with Retry, Discard (confirmed) and the conflict resolver. */
export function SyncPanel({ onSignInAgain, now }: SyncPanelProps) {
  const { t } = useTranslation();
  const clock = useNow();
  const engine = useSyncEngine();
  const { user } = useSession();
  const entries = useOutboxEntries();
  const [resolving, setResolving] = useState<OutboxEntry | null>(null);
  const [discarding, setDiscarding] = useState<OutboxEntry | null>(null);
  const userId = user?.id ?? null;
  const summary = summarize(entries, userId);
  const mine = entries.filter((e) => e.userId === userId);

  const held = new Set<number>();
  const stuck = new Set<string>();
  for (const entry of mine) {
    const key = recordKey(entry.collection, entry.recordId);
    if (entry.state === 'failed' || entry.state === 'conflict') stuck.add(key);
    else if (stuck.has(key)) held.add(entry.seq!);
  }
  const laterOf = (entry: OutboxEntry) =>
    mine.filter(
      (e) => e.collection === entry.collection && e.recordId === entry.recordId && e.seq! > entry.seq!,
    ).length;

  const item = (entry: OutboxEntry) => (
    <OutboxEntryItem
      key={entry.seq}
      entry={entry}
      held={held.has(entry.seq!)}
      now={now ?? clock}
      onRetry={() => void engine.retry(entry.seq!)}
      onResolve={() => setResolving(entry)}
      onDiscard={() => setDiscarding(entry)}
    />
  );
  const pending = summary.waiting + summary.failed + summary.conflict;

  return (
    <Stack gap="md">
      <OfflineReadinessStatus />
      <SyncStatusSummary
        pending={pending}
        onSyncNow={() => void engine.syncNow()}
        onSignInAgain={onSignInAgain}
      />
      {pending === 0 ? (
        <Text c="dimmed" size="sm">
          {t('sync.panel.allSynced')}
        </Text>
      ) : null}
      <Section title={t('sync.panel.conflicts')} count={summary.conflict}>
        {mine.filter((e) => e.state === 'conflict').map(item)}
      </Section>
      <Section title={t('sync.panel.failed')} count={summary.failed}>
        {mine.filter((e) => e.state === 'failed').map(item)}
      </Section>
      <Section title={t('sync.panel.waiting')} count={summary.waiting}>
        {mine.filter((e) => e.state === 'waiting' || e.state === 'sending').map(item)}
      </Section>
      {summary.otherUsers > 0 ? (
        <Text size="sm" c="dimmed" data-testid="other-users">
          {t('sync.panel.otherUsers', { count: summary.otherUsers })}
        </Text>
      ) : null}
      {resolving ? <ConflictResolver entry={resolving} onClose={() => setResolving(null)} /> : null}
      {discarding ? (
        <DiscardConfirm entry={discarding} later={laterOf(discarding)} onClose={() => setDiscarding(null)} />
      ) : null}
    </Stack>
  );
}
