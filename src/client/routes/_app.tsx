import { createFileRoute, redirect } from '@tanstack/react-router';
import { fullLocales } from '../i18n';
import { loadAppEngine } from '../offline/app-engine';
import { AppLayout } from '../shell/app-layout';
import { whenSessionReady } from '@/client/lib/session/session-store';

/**
 * Every signed-in page lives under this pathless layout: no user → /login?redirect=<path>. The offline
 * engine and the whole locale (the sign-in page starts with a part of it) load before any of them renders.
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    await whenSessionReady();
    if (!context.session.getState().user)
      throw redirect({ to: '/login', search: { redirect: location.href } });
    await Promise.all([loadAppEngine(), fullLocales()]);
  },
  component: AppLayout,
});
