/**
 * What the page's inline script (`session-preload.ts`) asks the server for while the page is parsed,
 * and where it leaves the answers for `apiFetch`. A module of its own: the app's entry reads these, and
 * the script's text, which only the build and the server need, stays out of it.
 */

/** The API paths (below `API_BASE`) the script requests with a stored session, in this order. */
export const EARLY_REQUESTS = ['/auth/me', '/settings'] as const;

/** The `window` property where the script leaves those requests, by path. */
export const EARLY_REQUESTS_GLOBAL = '__fleetpilotEarly';

/** A request the script made: the token it sent and the answer's promise (a rejected one is handled). */
export interface EarlyRequest {
  token: string;
  response: Promise<Response>;
}
