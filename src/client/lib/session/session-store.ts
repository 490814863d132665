import type { User } from '@/domain/user';
import { ApiError, apiFetch, getStoredToken, setStoredToken } from '@/client/api/client';
import { createStore, useStore } from '@/client/lib/store';
import { LOGOUT_EVENT, POST_LOGIN_EVENT } from '@/client/lib/session/events';

/** The signed-in user is cached so that an offline start keeps the session. */
export const USER_CACHE_KEY = 'fleetpilot:user';

/**
 * - `anonymous`: no token;
 * - `restoring`: a token but no user yet (waiting for GET /auth/me);
 * - `signed-in`: a user is loaded (possibly the cached one while /auth/me refreshes it).
 */
export type SessionStatus = 'anonymous' | 'restoring' | 'signed-in';

export interface SessionState {
  status: SessionStatus;
  user: User | null;
}

export const sessionStore = createStore<SessionState>({ status: 'anonymous', user: null });

const nullableText = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * Reads a user as the API sends it (domain `userSchema`). Checked by hand rather than with zod so
 * that zod stays out of the first-load bundle of the login page.
 */
export function toUser(data: unknown): User | null {
  if (!data || typeof data !== 'object') return null;
  const input = data as Record<string, unknown>;
  if (typeof input.id !== 'string' || typeof input.username !== 'string' || typeof input.role !== 'string')
    return null;
  return {
    id: input.id,
    username: input.username,
    role: input.role,
    name: nullableText(input.name),
    email: nullableText(input.email),
    phone: nullableText(input.phone),
    department: nullableText(input.department),
    active: input.active !== false,
    profileImage: nullableText(input.profileImage),
    signature: nullableText(input.signature),
    lastLogin: nullableText(input.lastLogin),
    createdAt: typeof input.createdAt === 'string' ? input.createdAt : '',
  };
}

function readCachedUser(): User | null {
  try {
    const raw = localStorage.getItem(USER_CACHE_KEY);
    return raw ? toUser(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

function writeCachedUser(user: User | null): void {
  if (user) localStorage.setItem(USER_CACHE_KEY, JSON.stringify(user));
  else localStorage.removeItem(USER_CACHE_KEY);
}

function clearSession(): void {
  setStoredToken(null);
  writeCachedUser(null);
  sessionStore.set({ status: 'anonymous', user: null });
}

let restoring: Promise<void> | null = null;

/**
 * Startup: a stored token loads the current user from GET /auth/me. A cached user is shown at once;
 * only a 401 ends the session — a network failure (offline start) keeps the cached user.
 */
export function restoreSession(): Promise<void> {
  const token = getStoredToken();
  if (!token) {
    writeCachedUser(null);
    sessionStore.set({ status: 'anonymous', user: null });
    return Promise.resolve();
  }
  const cached = readCachedUser();
  sessionStore.set({ status: cached ? 'signed-in' : 'restoring', user: cached });
  const refresh = apiFetch<unknown>('/auth/me')
    .then((data) => {
      if (getStoredToken() !== token) return;
      const user = toUser(data);
      if (!user) throw new ApiError(200, 'UNKNOWN', 'Unexpected answer from /auth/me');
      writeCachedUser(user);
      // The same user as the cached one: the shell shows them already and does not render again.
      const shown = sessionStore.get().user;
      if (shown && JSON.stringify(shown) === JSON.stringify(user)) return;
      sessionStore.set({ status: 'signed-in', user });
    })
    .catch((error: unknown) => {
      if (getStoredToken() !== token) return;
      if (error instanceof ApiError && error.status === 401) clearSession();
      else if (!sessionStore.get().user) sessionStore.set({ status: 'anonymous', user: null });
    })
    .finally(() => {
      restoring = null;
    });
  restoring = refresh;
  return cached ? Promise.resolve() : refresh;
}

/** Resolves once the session is known (not `restoring`); route guards wait for it. */
export function whenSessionReady(): Promise<void> {
  return sessionStore.get().status === 'restoring' && restoring ? restoring : Promise.resolve();
}

/** Signs in, stores token and user, and broadcasts the post-login event (settings reload). */
export async function signIn(username: string, password: string): Promise<User> {
  const data = await apiFetch<{ token?: unknown; user?: unknown }>('/auth/login', {
    method: 'POST',
    body: { username, password },
  });
  const user = toUser(data?.user);
  const token = typeof data?.token === 'string' ? data.token : null;
  if (!user || !token) throw new ApiError(200, 'UNKNOWN', 'Unexpected answer from /auth/login');
  setStoredToken(token);
  writeCachedUser(user);
  sessionStore.set({ status: 'signed-in', user });
  window.dispatchEvent(new CustomEvent(POST_LOGIN_EVENT, { detail: { user } }));
  return user;
}

export function signOut(): void {
  clearSession();
  window.dispatchEvent(new CustomEvent(LOGOUT_EVENT));
}

/** Replaces the loaded user (e.g. after a profile edit). */
export function updateSessionUser(user: User): void {
  if (!sessionStore.get().user) return;
  writeCachedUser(user);
  sessionStore.set({ status: 'signed-in', user });
}

export function useSession(): SessionState {
  return useStore(sessionStore);
}

/** The signed-in user; throws where a page is rendered without one (guards make that impossible). */
export function useCurrentUser(): User {
  const { user } = useSession();
  if (!user) throw new Error('useCurrentUser needs a signed-in user');
  return user;
}
