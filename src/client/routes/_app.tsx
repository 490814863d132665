import { createFileRoute, redirect } from '@tanstack/react-router';
import { loadAppEngine } from '../offline/app-engine';
import { AppLayout } from '../shell/app-layout';
import { whenSessionReady } from '../shell/session/session-store';

/**
 * Every signed-in page lives under this pathless layout: no user → /login?redirect=<path>. The offline
 * engine is loaded before any of them renders.
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    await whenSessionReady();
    if (!context.session.getState().user)
      throw redirect({ to: '/login', search: { redirect: location.href } });
    await loadAppEngine();
  },
  component: AppLayout,
});
