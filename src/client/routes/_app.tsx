import { createFileRoute, redirect } from '@tanstack/react-router';
import { AppLayout } from '../shell/app-layout';
import { whenSessionReady } from '../shell/session/session-store';

/** Every signed-in page lives under this pathless layout: no user → /login?redirect=<path>. */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    await whenSessionReady();
    if (!context.session.getState().user)
      throw redirect({ to: '/login', search: { redirect: location.href } });
  },
  component: AppLayout,
});
