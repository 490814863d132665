import { Anchor, Box, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SUPPORT_HOURS } from '@/domain/constants';
import { isFeatureEnabled } from '@/domain/features';
import { navItemByKey, type NavKey } from '@/domain/navigation/nav-items';
import { normalizeRole } from '@/domain/roles';
import { useCurrentUser } from '@/client/lib/session/session-store';
import { useSettingsSection } from '@/client/lib/session/settings-store';

/** Quick links per role: dispo sees dashboard + dispo; everybody else the daily work. */
export function footerLinkKeys(role: string): NavKey[] {
  return normalizeRole(role) === 'dispo'
    ? ['dashboard', 'dispo']
    : ['dashboard', 'excavators', 'reports', 'betriebstagebuch'];
}

const FOOTER_LABELS: Partial<Record<NavKey, string>> = {
  reports: 'footer.links.reports',
  betriebstagebuch: 'footer.links.logbook',
};

/** Footer of signed-in pages: quick links, support hours, copyright with app name and version. */
export function AppFooter() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const app = useSettingsSection('app');
  const features = useSettingsSection('features');
  const links = footerLinkKeys(user.role)
    .map(navItemByKey)
    .filter((item) => isFeatureEnabled(features, item.featureKey));
  const year = new Date().getFullYear();
  return (
    <Box
      component="footer"
      mt="xl"
      pt="lg"
      pb="md"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        <Stack gap={6}>
          <Text fw={700} size="sm">
            {t('footer.quickLinks')}
          </Text>
          {links.map((item) => (
            <Anchor key={item.key} component={Link} to={item.href} size="sm" className="tap-target">
              {t(FOOTER_LABELS[item.key] ?? item.name)}
            </Anchor>
          ))}
        </Stack>
        <Stack gap={6}>
          <Text fw={700} size="sm">
            {t('footer.support')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('footer.supportHours', { from: SUPPORT_HOURS.from, to: SUPPORT_HOURS.to })}
          </Text>
        </Stack>
        <Stack gap={6}>
          <Text fw={700} size="sm">
            {app.name}
          </Text>
          <Text size="sm" c="dimmed">
            {t('footer.description')}
          </Text>
        </Stack>
      </SimpleGrid>
      <Group justify="space-between" mt="lg" gap="xs">
        <Text size="xs" c="dimmed" data-testid="footer-copyright">
          © {year} {app.name} · {t('footer.version', { version: app.version })}
        </Text>
      </Group>
    </Box>
  );
}
