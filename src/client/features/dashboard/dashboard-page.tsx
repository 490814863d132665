import { Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/client/shell/session/session-store';
import { currentLanguage, LOCALE_BY_LANGUAGE } from '@/client/i18n';
import { useEffect } from 'react';
import { useSettings } from '@/client/shell/session/settings-store';

/** Today's date in the chosen language, e.g. "Montag, 3. März 2025". */
export function formatToday(language: keyof typeof LOCALE_BY_LANGUAGE, now: Date = new Date()): string {
  return new Intl.DateTimeFormat(LOCALE_BY_LANGUAGE[language], { dateStyle: 'full' }).format(now);
}

/** Dashboard (spec §2): the welcome with the user's name and today's date. */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const { settings } = useSettings();
  const name = user.name || user.username;
  const language = i18n.language ? currentLanguage() : 'de';
  useEffect(() => {
    document.title = `${t('nav.dashboard')} · ${settings.app.name}`;
  }, [t, settings.app.name]);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Title order={1} size="h2">
        {t('dashboard.welcome', { name })}
      </Title>
      <Text c="dimmed" size="lg" mt={6} data-testid="dashboard-date">
        {formatToday(language)}
      </Text>
    </Paper>
  );
}
