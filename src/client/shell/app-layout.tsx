import '@mantine/notifications/styles.css';
import { AppShell, useMantineTheme } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { Outlet, useLocation } from '@tanstack/react-router';
import { lazy, memo, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AfterFirstPaint } from './after-first-paint';
import { AppFooter } from './app-footer';
import { useRecordRecent } from './nav/use-recents';
import { OfflineBanner } from './online/offline-banner';
import { InsecureContextBanner } from './pwa/insecure-context-banner';
import { PageGate } from './page-gate';
import { LazyCommandPalette } from './palette/lazy-command-palette';
import { SHELL_SHOWN_EVENT } from '@/client/lib/session/events';
import { useSession } from '@/client/lib/session/session-store';
import { useSettings } from '@/client/lib/session/settings-store';
import { useStoredValue } from '@/client/lib/use-stored-value';
import { useSettingsPushes } from './session/use-settings-pushes';
import { useGlobalShortcuts } from './shortcuts/use-global-shortcuts';
import { NavContent } from './sidebar/nav-content';
import { useColorTheme } from './theme/color-scheme';
import { TopBar } from './top-bar';
// The styles of the toasts and the bell, which load after the first paint, come with the shell's own:
// each stylesheet added later made the browser restyle the whole page (tens of ms on a slow tablet).
import './notifications-host.module.css';
import '@/client/features/notifications/notifications.module.css';

// What shows nothing until it is opened or has something to say loads after the first paint.
const NotificationsHost = lazy(() =>
  import('./notifications-host').then((module) => ({ default: module.NotificationsHost })),
);
const ShortcutsLegend = lazy(() =>
  import('./shortcuts/shortcuts-legend').then((module) => ({ default: module.ShortcutsLegend })),
);
const MobileMenu = lazy(() => import('./mobile-menu').then((module) => ({ default: module.MobileMenu })));

// Wide enough for "Benachrichtigungen" beside a two-digit count and its star on one line: Chromium on
// Linux has no German hyphenation and would break the word anywhere.
const SIDEBAR_WIDE = 312;
const SIDEBAR_NARROW = 76;
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
/**
 * The outdoor theme's type is a step larger: the navigation gets the room for its longest German word
 * ("Benachrichtigungen") on one line, where a browser without hyphenation rules would break it anywhere.
 */
const OUTDOOR_EXTRA = 24;

/**
 * The sidebar's content, only where the sidebar shows (from the `md` breakpoint on). Below it the
 * sidebar is collapsed off screen and phones and tablets navigate with the mobile menu: rendering its
 * links there too cost a slow tablet most of its start-up work for nothing. A tablet turned to
 * landscape crosses the breakpoint and renders them then.
 */
function SidebarContent({ children }: { children: ReactNode }) {
  const theme = useMantineTheme();
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints.md})`, undefined, {
    getInitialValueInEffect: false,
  });
  return wide ? children : null;
}

/** Shows "Failed to load settings" (or the server's message) when loading settings fails. */
function useSettingsErrorNotice() {
  const { t } = useTranslation();
  const { error } = useSettings();
  useEffect(() => {
    if (error === null) return;
    notifications.show({
      color: 'red',
      message: error || t('errors.settingsLoad'),
    });
  }, [error, t]);
}

/**
 * The signed-in shell. When the session ends (sign-out, a 401 on /auth/me) it renders nothing for
 * the moment until the route guard has moved on to the login page.
 */
export function AppLayout() {
  const { user } = useSession();
  return user ? <SignedInShell userId={user.id} /> : null;
}

/**
 * What the shell does rather than shows, in a component of its own that renders nothing: the
 * settings, the session and the address it follows change several times while a session starts
 * (the settings arrive, the engine loads), and each change re-rendered the whole shell with the page
 * in it when these hooks lived in the shell itself.
 */
function ShellEffects({ userId, closeMobileMenu }: { userId: string; closeMobileMenu: () => void }) {
  const pathname = useLocation({ select: (location) => location.pathname });
  // With a stored session the dashboard shows before the offline engine has loaded: main.tsx starts it
  // once the shell has painted.
  useEffect(() => void window.dispatchEvent(new CustomEvent(SHELL_SHOWN_EVENT)), []);
  useRecordRecent(userId, pathname);
  useGlobalShortcuts();
  useSettingsErrorNotice();
  useSettingsPushes();
  useEffect(() => closeMobileMenu(), [pathname, closeMobileMenu]);
  return null;
}

/**
 * Top bar, sidebar (wide/narrow) or mobile menu, page, footer, palette. Memoised on the user's id: a
 * refreshed session (the same user) does not render the shell again; its parts follow their own
 * stores.
 */
const SignedInShell = memo(function SignedInShell({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [mobileOpened, mobileMenu] = useDisclosure(false);
  const extra = useColorTheme() === 'outdoor' ? OUTDOOR_EXTRA : 0;
  const [compact, setCompact] = useStoredValue('fleetpilot:sidebar-compact', false, isBoolean);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: compact ? SIDEBAR_NARROW : SIDEBAR_WIDE + extra,
        breakpoint: 'md',
        collapsed: { mobile: true },
      }}
      padding={{ base: 'sm', sm: 'md', lg: 'lg' }}
    >
      <ShellEffects userId={userId} closeMobileMenu={mobileMenu.close} />
      <AppShell.Header>
        <TopBar
          mobileMenuOpened={mobileOpened}
          onToggleMobileMenu={mobileMenu.toggle}
          compact={compact}
          onToggleCompact={() => setCompact((value) => !value)}
        />
      </AppShell.Header>
      <AppShell.Navbar aria-label={t('shell.nav.label')} data-compact={compact}>
        <SidebarContent>
          <NavContent compact={compact} />
        </SidebarContent>
      </AppShell.Navbar>
      <AfterFirstPaint>
        <MobileMenu opened={mobileOpened} onClose={mobileMenu.close} width={300 + extra} />
      </AfterFirstPaint>
      <AppShell.Main style={{ display: 'flex', flexDirection: 'column' }}>
        <InsecureContextBanner />
        <OfflineBanner />
        <div style={{ flex: 1 }}>
          <PageGate>
            <Outlet />
          </PageGate>
        </div>
        <AppFooter />
      </AppShell.Main>
      <LazyCommandPalette />
      <AfterFirstPaint>
        <ShortcutsLegend />
        <NotificationsHost />
      </AfterFirstPaint>
    </AppShell>
  );
});
