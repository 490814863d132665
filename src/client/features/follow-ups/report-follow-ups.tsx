import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { followUpTitle, type FollowUp } from '@/domain/followup';
import type { Report } from '@/domain/report';
import { useLiveQuery, useSyncEngine } from '@/client/offline';
import { excavatorHref } from '@/client/lib/links';
import { sortedFollowUps } from './model';

/**
 * On a report's detail: the follow-ups it opened, those it closed and those it will close when it is
 * submitted — each a link to the machine where they are listed.
 */
export function ReportFollowUps({ report }: { report: Pick<Report, 'id' | 'resolvesFollowUps'> }) {
  const { t, i18n } = useTranslation();
  const engine = useSyncEngine();
  const related = useLiveQuery(
    async () =>
      sortedFollowUps(
        await engine.db.followUps
          .filter(
            (row) =>
              row.closedByReportId === report.id ||
              (row.source as FollowUp['source'] | undefined)?.reportId === report.id ||
              (report.resolvesFollowUps ?? []).includes(row.id),
          )
          .toArray(),
      ),
    [engine, report.id, (report.resolvesFollowUps ?? []).join(',')],
  );
  if (!related || related.length === 0) return null;
  const resolves = report.resolvesFollowUps ?? [];
  const groups = [
    {
      key: 'opened',
      label: t('followUps.report.opened'),
      items: related.filter((f) => f.source?.reportId === report.id),
    },
    {
      key: 'closed',
      label: t('followUps.report.closed'),
      items: related.filter((f) => f.closedByReportId === report.id),
    },
    {
      key: 'resolves',
      label: t('followUps.report.resolves'),
      items: related.filter((f) => f.closedByReportId !== report.id && resolves.includes(f.id)),
    },
  ] as const;
  return (
    <Stack gap="xs" data-testid="report-follow-ups">
      <Title order={3} size="h5">
        {t('followUps.title')}
      </Title>
      {groups.map((group) =>
        group.items.length === 0 ? null : (
          <Stack key={group.key} gap={2} data-testid={`report-follow-ups-${group.key}`}>
            <Text size="sm" fw={600}>
              {group.label}
            </Text>
            {group.items.map((f) => (
              <Anchor key={f.id} size="sm" href={excavatorHref(f.excavatorId)}>
                {followUpTitle(f, i18n.language)}
              </Anchor>
            ))}
          </Stack>
        ),
      )}
    </Stack>
  );
}
