import { Anchor, Badge, Card, EmptyState, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconClockExclamation,
  IconPackageOff,
  IconTool,
  IconTrafficCone,
} from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnalyticsAlert, AnalyticsAlertKind } from '@/domain/analytics';
import { useAnalyticsFormat, type AnalyticsFormat } from '../format';
import { ALERT_KIND_LABEL } from '../labels';

const KINDS: ReadonlyArray<{ kind: AnalyticsAlertKind; color: string; icon: ReactNode }> = [
  { kind: 'maintenanceOverdue', color: 'red', icon: <IconTool size={20} /> },
  { kind: 'maintenanceDue', color: 'yellow', icon: <IconTool size={20} /> },
  { kind: 'reportPending', color: 'orange', icon: <IconClockExclamation size={20} /> },
  { kind: 'conveyorDown', color: 'red', icon: <IconTrafficCone size={20} /> },
  { kind: 'stockLow', color: 'orange', icon: <IconPackageOff size={20} /> },
];

type Translate = (key: string, options?: Record<string, unknown>) => string;

function detailOf(alert: AnalyticsAlert, t: Translate, f: AnalyticsFormat): string {
  switch (alert.kind) {
    case 'maintenanceOverdue':
      return t('analytics.alerts.detail.overdue', { hours: f.hours(-alert.hoursUntil) });
    case 'maintenanceDue':
      return t('analytics.alerts.detail.due', { hours: f.hours(alert.hoursUntil) });
    case 'reportPending':
      return t('analytics.alerts.detail.pending', {
        date: f.date(alert.reportDate),
        count: alert.days,
      });
    case 'conveyorDown':
      return alert.notes
        ? t('analytics.alerts.detail.conveyorNotes', { date: f.date(alert.date), notes: alert.notes })
        : t('analytics.alerts.detail.conveyor', { date: f.date(alert.date) });
    case 'stockLow':
      return t('analytics.alerts.detail.stock', { quantity: alert.quantity, min: alert.minQuantity });
  }
}

/** What needs attention now, grouped by kind; each entry opens its record. */
export function AlertsTab({ alerts }: { alerts: AnalyticsAlert[] }) {
  const { t } = useTranslation();
  const f = useAnalyticsFormat();
  const router = useRouter();
  if (alerts.length === 0)
    return (
      <Card withBorder radius="lg">
        <EmptyState
          py="xl"
          withIndicatorBackground
          icon={<IconCircleCheck size={28} stroke={1.5} />}
          title={t('analytics.alerts.emptyTitle')}
          description={t('analytics.alerts.emptyMessage')}
        />
      </Card>
    );
  const open = (event: MouseEvent<HTMLAnchorElement>, link: string) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void router.navigate({ href: link });
  };
  return (
    <Stack gap="md">
      {KINDS.map(({ kind, color, icon }) => {
        const group = alerts.filter((a) => a.kind === kind);
        if (group.length === 0) return null;
        const title = t(ALERT_KIND_LABEL[kind]);
        return (
          <Card key={kind} withBorder radius="lg" padding="md" component="section" aria-label={title}>
            <Group gap="sm" mb="sm">
              <ThemeIcon variant="light" color={color} size={36} radius="md" aria-hidden>
                {icon}
              </ThemeIcon>
              <Title order={2} size="h5">
                {title}
              </Title>
              <Badge color={color} variant="light">
                {group.length}
              </Badge>
            </Group>
            <Stack gap={0} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {group.map((alert) => (
                <Group
                  key={`${alert.kind}-${alert.recordId}-${'name' in alert ? alert.name : ''}`}
                  component="li"
                  justify="space-between"
                  wrap="nowrap"
                  gap="sm"
                  py="xs"
                  data-alert={alert.kind}
                  style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
                >
                  <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                    <IconAlertTriangle
                      size={18}
                      color={`var(--mantine-color-${color}-filled)`}
                      aria-hidden
                      style={{ flexShrink: 0 }}
                    />
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text fw={600} truncate>
                        {alert.name || t('analytics.alerts.unnamed')}
                      </Text>
                      <Text size="sm" c="dimmed">
                        {detailOf(alert, t, f)}
                      </Text>
                    </Stack>
                  </Group>
                  <Anchor
                    href={alert.link}
                    onClick={(event) => open(event, alert.link)}
                    fw={500}
                    py={10}
                    px={4}
                    style={{ flexShrink: 0 }}
                    aria-label={t('analytics.alerts.openLabel', { name: alert.name })}
                  >
                    {t('analytics.alerts.open')}
                  </Anchor>
                </Group>
              ))}
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}
