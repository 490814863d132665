import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { createFormat } from '@/domain/format';
import { followUpTitle, isFollowUpOverdue } from '@/domain/followup';
import { currentLanguage } from '@/client/i18n';
import { useLiveQuery, useSyncEngine } from '@/client/offline';
import { localToday } from '@/client/lib/dates';
import { excavatorHref } from '@/client/lib/links';
import { TileLink } from '@/client/ui/tile-link';
import { useOpenFollowUps } from './use-follow-ups';

/** How many open follow-ups the dashboard lists. */
export const DASHBOARD_FOLLOW_UPS_LIMIT = 8;

/**
 * The open follow-ups in the dashboard's upcoming maintenance, soonest due first, from this device's
 * mirror: the same list online and offline.
 */
export function UpcomingFollowUps() {
  const { t, i18n } = useTranslation();
  const engine = useSyncEngine();
  const followUps = useOpenFollowUps();
  const machines = useLiveQuery(
    async () =>
      new Map((await engine.db.excavators.toArray()).map((row) => [row.id, String(row.name ?? '')])),
    [engine],
  );
  if (!followUps || followUps.length === 0) return null;
  const today = localToday();
  const format = createFormat(i18n.language ? currentLanguage() : 'de');
  return (
    <Stack gap={6} data-testid="dashboard-follow-ups">
      <Text size="sm" fw={600}>
        {t('followUps.dashboardTitle', { count: followUps.length })}
      </Text>
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {followUps.slice(0, DASHBOARD_FOLLOW_UPS_LIMIT).map((f) => {
          const overdue = isFollowUpOverdue(f, today);
          return (
            <Group key={f.id} justify="space-between" wrap="nowrap" component="li" gap="xs">
              <Stack gap={0} style={{ minWidth: 0 }}>
                {/* What has to be done reads whole on two lines rather than cut after a few words. */}
                <TileLink href={excavatorHref(f.excavatorId)} fw={600} size="sm" lineClamp={2}>
                  {followUpTitle(f, i18n.language)}
                </TileLink>
                <Text size="xs" c="dimmed" truncate>
                  {[
                    machines?.get(f.excavatorId),
                    f.assigneeName,
                    f.dueDate ? t('followUps.dueOn', { date: format.date(f.dueDate) }) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Stack>
              <Badge
                color={overdue ? 'red' : 'orange'}
                variant="light"
                styles={{ root: { textTransform: 'none', flexShrink: 0 } }}
              >
                {overdue ? t('followUps.status.overdue') : t('followUps.status.open')}
              </Badge>
            </Group>
          );
        })}
      </Stack>
    </Stack>
  );
}
