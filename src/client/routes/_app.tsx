import { createFileRoute, redirect } from '@tanstack/react-router';
import { fullLocales } from '../i18n';
import { loadAppEngine } from '../offline/app-engine';
import { AppLayout } from '../shell/app-layout';
import { whenSessionReady } from '@/client/lib/session/session-store';

/**
 * Pages that render before the offline engine has loaded: the first signed-in screen paints without
 * Dexie, the record schemas and socket.io, and its parts that read the device's mirror appear with the
 * engine (`WhenEngineReady`). main.tsx starts the engine right after that first paint.
 */
const BEFORE_ENGINE_PATHS = new Set(['/']);

/**
 * Every signed-in page lives under this pathless layout: no user → /login?redirect=<path>. The whole
 * locale (the sign-in page starts with a part of it) loads before any of them renders, the offline
 * engine before any but the dashboard.
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    await whenSessionReady();
    if (!context.session.get().user) throw redirect({ to: '/login', search: { redirect: location.href } });
    await Promise.all([BEFORE_ENGINE_PATHS.has(location.pathname) ? null : loadAppEngine(), fullLocales()]);
  },
  component: AppLayout,
});
