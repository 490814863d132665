/**
 * The page to return to after sign-in: only a path of this app (no scheme, no `//host`), never the
 * login page itself; anything else means the dashboard.
 */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  if (target === '/login' || target.startsWith('/login?') || target.startsWith('/login#')) return '/';
  return target;
}
