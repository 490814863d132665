import { Badge, Group, Stack, Tabs } from '@mantine/core';
import { IconAlertTriangle, IconChartBar, IconChartLine, IconLayoutDashboard } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '@/client/offline';
import { PageHeader } from '@/client/shell/page-header';
import { fetchDetailed, fetchSummary } from './api';
import { AlertsTab } from './components/alerts-tab';
import { MetricsTab } from './components/metrics-tab';
import { OverviewTab } from './components/overview-tab';
import { RangeControl } from './components/range-control';
import { LoadError, OfflineNotice, TabSkeleton } from './components/states';
import { TrendsTab } from './components/trends-tab';
import { ANALYTICS_TABS, rangeOf, tabOf, type AnalyticsSearch, type AnalyticsTab } from './model';
import { useRemoteData, type RemoteData } from '@/client/lib/use-remote-data';
import { TAB_LABEL } from './labels';

const TAB_ICONS: Record<AnalyticsTab, typeof IconChartBar> = {
  overview: IconLayoutDashboard,
  metrics: IconChartBar,
  alerts: IconAlertTriangle,
  trends: IconChartLine,
};

/**
 * /analytics: overview, metrics, alerts and trends over the chosen range. Online-only: the
 * figures come from the server and are not mirrored; offline the page says so (and keeps what it had).
 */
export function AnalyticsPage() {
  const { t } = useTranslation();
  const search = useSearch({ from: '/_app/analytics' });
  const navigate = useNavigate({ from: '/analytics' });
  const go = (patch: Partial<AnalyticsSearch>) =>
    void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: true });
  const tab = tabOf(search);
  const range = rangeOf(search);
  const online = useOnline();

  const summary = useRemoteData(online ? 'summary' : null, fetchSummary);
  const detailed = useRemoteData(online ? `detailed:${range}` : null, (signal) =>
    fetchDetailed(range, signal),
  );
  const alertCount = detailed.data?.alerts.length ?? 0;

  return (
    <>
      <PageHeader
        title={t('nav.analytics')}
        description={t('shell.pages.analytics')}
        actions={
          tab === 'overview' || tab === 'alerts' ? null : (
            <RangeControl value={range} onChange={(value) => go({ range: value })} />
          )
        }
      />
      <Stack gap="md">
        {online ? null : <OfflineNotice hasData={summary.data !== null || detailed.data !== null} />}
        <Tabs
          value={tab}
          onChange={(value) =>
            go({
              tab: (ANALYTICS_TABS as readonly string[]).includes(value ?? '')
                ? (value as AnalyticsTab)
                : undefined,
            })
          }
          keepMounted={false}
        >
          <Tabs.List mb="md">
            {ANALYTICS_TABS.map((key) => {
              const Icon = TAB_ICONS[key];
              return (
                <Tabs.Tab key={key} value={key} leftSection={<Icon size={18} />} mih={44}>
                  <Group gap={6} wrap="nowrap">
                    {t(TAB_LABEL[key])}
                    {key === 'alerts' && alertCount > 0 ? (
                      <Badge
                        size="sm"
                        color="red"
                        variant="filled"
                        aria-label={t('analytics.alerts.count', { count: alertCount })}
                      >
                        {alertCount}
                      </Badge>
                    ) : null}
                  </Group>
                </Tabs.Tab>
              );
            })}
          </Tabs.List>
          <Tabs.Panel value="overview">
            <Loaded remote={summary} online={online}>
              {(data) => <OverviewTab summary={data} />}
            </Loaded>
          </Tabs.Panel>
          <Tabs.Panel value="metrics">
            <Loaded remote={detailed} online={online}>
              {(data) => <MetricsTab data={data} />}
            </Loaded>
          </Tabs.Panel>
          <Tabs.Panel value="alerts">
            <Loaded remote={detailed} online={online}>
              {(data) => <AlertsTab alerts={data.alerts} />}
            </Loaded>
          </Tabs.Panel>
          <Tabs.Panel value="trends">
            <Loaded remote={detailed} online={online}>
              {(data) => <TrendsTab data={data} />}
            </Loaded>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </>
  );
}

interface LoadedProps<T> {
  remote: RemoteData<T>;
  online: boolean;
  children(data: T): ReactNode;
}

/** A tab's data, its loading placeholder, or its error with Retry; dimmed while a newer answer loads. */
function Loaded<T>({ remote, online, children }: LoadedProps<T>) {
  if (remote.error) return <LoadError error={remote.error} onRetry={remote.reload} />;
  if (remote.data === null) return online ? <TabSkeleton /> : null;
  return (
    <div
      aria-busy={remote.loading}
      style={{ opacity: remote.loading ? 0.6 : 1, transition: 'opacity 120ms' }}
    >
      {children(remote.data)}
    </div>
  );
}
