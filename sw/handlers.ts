/// <reference lib="webworker" />
import {
  DEFAULT_NOTIFICATION_URL,
  SW_MESSAGE,
  toSameOriginPath,
  type WorkerToAppMessage,
} from '@/domain/service-worker';
import { SYNC_COLLECTION_API } from '@/domain/sync-collections';

export interface PushContent {
  title: string;
  body: string;
  /** Same-origin path opened when the notification is clicked. */
  url: string;
  /** Collapses repeated deliveries of the same notification. */
  tag: string | undefined;
}

interface PushPayload {
  title?: unknown;
  message?: unknown;
  body?: unknown;
  link?: unknown;
  url?: unknown;
  _id?: unknown;
  id?: unknown;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/**
 * Reads a push payload: JSON `{title, message | body, link}` as the server sends it; plain text is
 * shown as the body so a malformed payload still tells the user something happened.
 */
export function parsePushPayload(
  data: Pick<PushMessageData, 'json' | 'text'> | null | undefined,
  origin: string,
  fallbackTitle: string,
): PushContent {
  let payload: PushPayload = {};
  if (data) {
    try {
      const parsed: unknown = data.json();
      payload = parsed && typeof parsed === 'object' ? (parsed as PushPayload) : { body: String(parsed) };
    } catch {
      payload = { body: data.text() };
    }
  }
  const link = text(payload.link) ?? text(payload.url);
  return {
    title: text(payload.title) ?? fallbackTitle,
    body: text(payload.message) ?? text(payload.body) ?? '',
    url: (link && toSameOriginPath(link, origin)) || DEFAULT_NOTIFICATION_URL,
    tag: text(payload._id) ?? text(payload.id),
  };
}

/**
 * After a notification click: bring an open FleetPilot window to the front and ask it to route to
 * `url` (a client-side navigation keeps unsaved input and the session); with no window open, open one.
 */
export async function focusOrOpenWindow(clients: Clients, origin: string, link: unknown): Promise<void> {
  const url = (typeof link === 'string' && toSameOriginPath(link, origin)) || DEFAULT_NOTIFICATION_URL;
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const target =
    windows.find((client) => client.focused) ??
    windows.find((client) => client.visibilityState === 'visible') ??
    windows[0];
  if (!target) {
    await clients.openWindow(url);
    return;
  }
  // focus() rejects when the browser does not grant it; the message still moves the app.
  const focused = await target.focus().catch(() => target);
  const message: WorkerToAppMessage = { type: SW_MESSAGE.navigate, url };
  focused.postMessage(message);
}

/** Posts a message to every window of this origin, controlled by this worker or not. */
export async function postToWindows(clients: Clients, message: WorkerToAppMessage): Promise<number> {
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) client.postMessage(message);
  return windows.length;
}

/**
 * API paths the service worker leaves alone: sign-in and tokens (never cached), the offline
 * engine's sync and the mirrored collections whose screens read the mirror (Dexie holds those, and a
 * stale HTTP copy would compete with it), binary PDFs, the health probe that must tell the truth about connectivity, and
 * backups (a stale status would hide a running backup; an archive is far too large for a cache).
 */
const UNCACHED_API_PREFIXES = [
  '/api/auth',
  '/api/sync',
  '/api/health',
  '/api/docs',
  '/api/backups',
  ...Object.values(SYNC_COLLECTION_API)
    .filter((api) => api.screensReadMirror)
    .map((api) => `/api${api.path}`),
];

/** Whether a GET to `url` is served network-first with a cached fallback. */
export function isCacheableApiRequest(url: URL, method: string, origin: string): boolean {
  if (method !== 'GET' || url.origin !== origin) return false;
  const path = url.pathname;
  if (path !== '/api' && !path.startsWith('/api/')) return false;
  if (path.endsWith('/pdf')) return false;
  return !UNCACHED_API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** Navigations the single-page app answers; the server owns these paths (the setup page included). */
export const NAVIGATION_DENYLIST = [/^\/api(\/|$)/, /^\/uploads\//, /^\/socket\.io(\/|$)/, /^\/setup(\/|$)/];

/**
 * The signed-in user a request belongs to, read (not verified — the server does that) from the JWT
 * in `x-auth-token` or `Authorization: Bearer`. Cached API answers are keyed by it so one person's
 * cached data is never shown to the next person signing in on a shared tablet.
 */
export function requestUserKey(headers: Headers): string {
  const bearer = headers.get('authorization')?.replace(/^Bearer\s+/i, '');
  const token = headers.get('x-auth-token') ?? bearer;
  const payload = token?.split('.')[1];
  if (!payload) return 'anonymous';
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' && sub !== '' ? sub : 'anonymous';
  } catch {
    return 'anonymous';
  }
}

/** The cache key of an API request: its URL plus the user it belongs to. */
export function userScopedCacheKey(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.set('__sw_user', requestUserKey(request.headers));
  return url.href;
}
