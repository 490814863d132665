import { createFileRoute, redirect, useRouter } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/login-page';
import { safeRedirect } from '../shell/session/redirect';
import { whenSessionReady } from '@/client/lib/session/session-store';

export const Route = createFileRoute('/login')({
  // A plain check rather than zod keeps zod out of the login page's first load.
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  beforeLoad: async ({ context, search }) => {
    await whenSessionReady();
    if (context.session.get().user) throw redirect({ href: safeRedirect(search.redirect) });
  },
  component: LoginRoute,
});

/** The sign-in page inside the running app (a session that ended, a sign-out). */
function LoginRoute() {
  const router = useRouter();
  const { redirect: target } = Route.useSearch();
  return <LoginPage redirect={target} onSignedIn={(href) => router.history.push(href)} />;
}
