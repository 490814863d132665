import { Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_DASHBOARD_RANGE, type DashboardRange } from '@/domain/dashboard';
import type { Language } from '@/domain/constants';
import { isFeatureEnabled } from '@/domain/features';
import { createFormat } from '@/domain/format';
import { can } from '@/domain/permissions';
import { normalizeRole } from '@/domain/roles';
import { currentLanguage } from '@/client/i18n';
import { useCurrentUser } from '@/client/lib/session/session-store';
import { useSettingsSection } from '@/client/lib/session/settings-store';
import { DispoOverviewTile } from './dispo-overview';
import { FleetOverview } from './fleet-overview';
import { WeatherSummary } from './weather-summary';

/** Today's date in the chosen language, e.g. "Montag, 3. März 2025". */
export function formatToday(language: Language, now: Date = new Date()): string {
  return createFormat(language).dateFull(now);
}

interface DashboardPageProps {
  /** Notices for this viewer above the tiles (the route adds them, e.g. a failed backup for admins). */
  notices?: ReactNode;
}

/**
 * Dashboard: the welcome with the user's name, today's date and the site's weather,
 * then the tiles and the reports trend with its 7/30/90-day switch. A dispatcher sees the dispo
 * overview of the next 7 days instead of the fleet tiles.
 */
export function DashboardPage({ notices }: DashboardPageProps = {}) {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const app = useSettingsSection('app');
  const features = useSettingsSection('features');
  const search = useSearch({ from: '/_app/' });
  const navigate = useNavigate({ from: '/' });
  const name = user.name || user.username;
  const language = i18n.language ? currentLanguage() : 'de';
  const range: DashboardRange = search.range ?? DEFAULT_DASHBOARD_RANGE;
  const dispatcher = normalizeRole(user.role) === 'dispo';
  const dispoVisible = can(user, 'dispo:open') && isFeatureEnabled(features, 'containers');
  const weatherVisible = isFeatureEnabled(features, 'betriebstagebuch');

  useEffect(() => {
    document.title = `${t('nav.dashboard')} · ${app.name}`;
  }, [t, app.name]);

  const setRange = (next: DashboardRange) =>
    void navigate({
      search: (prev) => ({ ...prev, range: next === DEFAULT_DASHBOARD_RANGE ? undefined : next }),
      replace: true,
    });

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <div>
            <Title order={1} size="h2">
              {t('dashboard.welcome', { name })}
            </Title>
            <Text c="dimmed" size="lg" mt={6} data-testid="dashboard-date">
              {formatToday(language)}
            </Text>
          </div>
          <WeatherSummary enabled={weatherVisible} />
        </Stack>
      </Paper>
      {notices}
      {dispatcher && dispoVisible ? (
        <DispoOverviewTile />
      ) : (
        <FleetOverview range={range} onRangeChange={setRange} />
      )}
    </Stack>
  );
}
