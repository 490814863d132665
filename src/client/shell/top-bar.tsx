import { ActionIcon, Box, Burger, Group, Kbd, Text, UnstyledButton, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconBackhoe,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconSearch,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { QuietBoundary } from '@/client/ui/quiet-boundary';
import { useTranslation } from 'react-i18next';
import { isFeatureEnabled } from '@/domain/features';
import { WhenEngineReady } from '@/client/offline/engine-context';
import { LazyTooltip } from '@/client/ui/lazy-tooltip';
import { OnlineIndicator } from './online/online-indicator';
import { palette } from './palette/palette-store';
import { ProfileLink } from './profile-link';
import { InstallButton } from './pwa/install-button';
import { OfflineReadinessIndicator } from './pwa/offline-readiness-indicator';
import { useSettingsSection } from '@/client/lib/session/settings-store';
import { ThemeSwitch } from './theme/theme-switch';
import { NotificationBellSlot } from './top-bar-slot';
import classes from './top-bar.module.css';

// The sync button reads the outbox (Dexie): it loads with the offline engine, after the first paint.
const SyncIndicator = lazy(() =>
  import('./sync-panel/sync-indicator').then((module) => ({ default: module.SyncIndicator })),
);
/** The place of the sync button and the bell (their ActionIcons' size) while they load: the bar does not shift. */
const BUTTON_SPACE = <Box w={44} h={44} aria-hidden />;

interface TopBarProps {
  mobileMenuOpened: boolean;
  onToggleMobileMenu: () => void;
  compact: boolean;
  onToggleCompact: () => void;
}

export function TopBar({ mobileMenuOpened, onToggleMobileMenu, compact, onToggleCompact }: TopBarProps) {
  const { t } = useTranslation();
  const app = useSettingsSection('app');
  const features = useSettingsSection('features');
  const sidebarLabel = compact ? t('shell.nav.expand') : t('shell.nav.collapse');
  // A phone's top bar has no room for the theme switch (the menu has it): not rendered there at all, as
  // its segmented control measures itself (forced layouts) even while hidden.
  const themeSwitchShown = useMediaQuery(`(min-width: ${useMantineTheme().breakpoints.sm})`, undefined, {
    getInitialValueInEffect: false,
  });
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Burger
          opened={mobileMenuOpened}
          onClick={onToggleMobileMenu}
          hiddenFrom="md"
          size="sm"
          aria-label={t('shell.nav.openMenu')}
          aria-expanded={mobileMenuOpened}
        />
        <LazyTooltip label={sidebarLabel}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size={40}
            visibleFrom="md"
            onClick={onToggleCompact}
            aria-label={sidebarLabel}
          >
            {compact ? (
              <IconLayoutSidebarLeftExpand size={22} />
            ) : (
              <IconLayoutSidebarLeftCollapse size={22} />
            )}
          </ActionIcon>
        </LazyTooltip>
        <Link to="/" className={classes.brand} aria-label={t('shell.home', { app: app.name })}>
          <IconBackhoe size={28} stroke={1.6} className={classes.logo} aria-hidden />
          {/* Phones and tablets keep the logo: beside the search and the status icons the name was cut. */}
          <Text fw={700} size="lg" truncate visibleFrom="md" data-testid="top-bar-app-name">
            {app.name}
          </Text>
        </Link>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {/* The wide search field from large screens on; a tablet's top bar needs its width for whole words. */}
        <UnstyledButton className={classes.search} onClick={palette.open} visibleFrom="lg">
          <IconSearch size={16} />
          <Text size="sm" c="dimmed" component="span">
            {t('palette.searchButton')}
          </Text>
          <Kbd size="xs">Ctrl K</Kbd>
        </UnstyledButton>
        <ActionIcon
          variant="subtle"
          color="gray"
          size={44}
          hiddenFrom="lg"
          onClick={palette.open}
          aria-label={t('palette.open')}
        >
          <IconSearch size={20} />
        </ActionIcon>
        {themeSwitchShown ? <ThemeSwitch visibleFrom="sm" /> : null}
        <OnlineIndicator />
        <OfflineReadinessIndicator />
        <QuietBoundary fallback={BUTTON_SPACE}>
          <Suspense fallback={BUTTON_SPACE}>
            <WhenEngineReady fallback={BUTTON_SPACE}>
              <SyncIndicator />
            </WhenEngineReady>
          </Suspense>
        </QuietBoundary>
        <InstallButton variant="subtle" color="gray" />
        <WhenEngineReady fallback={isFeatureEnabled(features, 'notifications') ? BUTTON_SPACE : null}>
          <NotificationBellSlot />
        </WhenEngineReady>
        <ProfileLink />
      </Group>
    </Group>
  );
}
