import { useMatches } from '@tanstack/react-router';
import { useDeferredValue, type ReactNode } from 'react';
import { pageGate } from '@/domain/navigation/guards';
import { AccessDeniedPage } from './pages/access-denied-page';
import { DispoInfoNotice } from './pages/dispo-info-notice';
import { DisabledFeaturePage } from './pages/disabled-feature-page';
import { NotFoundPage } from './pages/not-found-page';
import { PageSkeleton } from './pages/page-skeleton';
import { useSession } from '@/client/lib/session/session-store';
import { settingsCachedAtStart, useSettings } from '@/client/lib/session/settings-store';

/**
 * Shows the page or what replaces it (domain `pageGate`): "Not Found" for admin-only routes, a
 * skeleton while settings load, the disabled-feature page, or "Access denied". It reads the live
 * stores, so toggling a flag or a role change takes effect at once.
 */
export function PageGate({ children }: { children: ReactNode }) {
  const page = useMatches({ select: (matches) => matches[matches.length - 1]?.staticData.page });
  const { user } = useSession();
  const { settings, loading } = useSettings();
  const settingsLoading = useGateSettingsLoading(loading);
  if (!page) return <>{children}</>;
  const gate = pageGate(page, user, settings.features, settingsLoading);
  switch (gate) {
    case 'not-found':
      return <NotFoundPage />;
    case 'loading':
      return <PageSkeleton />;
    case 'disabled':
      return <DisabledFeaturePage page={page} />;
    case 'info':
      // Below the notice the dispo pages show a linked driver's own published assignments (the
      // server serves them nothing else).
      return (
        <>
          <DispoInfoNotice />
          {children}
        </>
      );
    case 'denied':
      return <AccessDeniedPage />;
    default:
      return <>{children}</>;
  }
}

/**
 * The settings' loading as the gate follows it. The page replaces the skeleton in a deferred render:
 * the settings' arrival updates the whole shell at once (a store's change is never time-sliced), and
 * the page's first render, the largest, then follows in slices a slow tablet can answer a tap between.
 *
 * A first visit has no cached settings: they come from the start's own answer, usually read before
 * the first render, and the page still follows the shell in a render of its own, so the shell (with
 * the request to keep the app open) paints first and the page's requests start after it. With cached
 * settings the page renders with the shell, the quickest way back to work.
 */
export function useGateSettingsLoading(loading: boolean): boolean {
  return useDeferredValue(loading, settingsCachedAtStart() ? undefined : true);
}
