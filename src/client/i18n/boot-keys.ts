/**
 * The top-level locale sections the screens before sign-in use: the sign-in page, the root's
 * service-worker notices, error and not-found pages. The build serves these alone as `<lang>.json?boot`
 * (vite.config.ts), a twentieth of the whole locale; the whole locale loads with the first session.
 * A key outside these sections used on the sign-in page would show as its key until then.
 */
export const BOOT_LOCALE_SECTIONS = [
  'auth',
  'common',
  'errors',
  'pwa',
  'shell',
  'languages',
  'nav',
  'disabled',
];
