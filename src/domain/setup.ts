/**
 * The tablet setup page: served by the server (also on the plain HTTP port) and linked from the app
 * when it runs without HTTPS. The service worker leaves it to the server.
 */
export const SETUP_PATH = '/setup';
/** The local certificate authority's certificate, for devices to install. */
export const SETUP_CA_PATH = '/setup/ca.crt';

/** Whether a path belongs to the setup page (the plain HTTP port serves these instead of redirecting). */
export function isSetupPath(pathname: string): boolean {
  return pathname === SETUP_PATH || pathname.startsWith(`${SETUP_PATH}/`);
}
