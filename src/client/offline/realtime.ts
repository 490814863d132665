import { io, type Socket } from 'socket.io-client';
import { REALTIME_PATH } from '@/domain/constants';
import { createStore, useStore } from '@/client/lib/store';

/** Events the server sends (src/server/plugins/realtime.ts); modules subscribe by name. */
export interface RealtimeEvents {
  /** Synced data changed, up to `cursor` when given (the mirror at or past it has it all already). */
  sync: [payload: { collections: string[]; cursor?: number }];
  /** Settings changed on the server: reload them. */
  settings: [];
  'notification:new': [notification: unknown];
  connect: [];
  disconnect: [reason: string];
}

type Listener<E extends keyof RealtimeEvents> = (...args: RealtimeEvents[E]) => void;

export const realtimeStore = createStore<{ connected: boolean }>({ connected: false });

let socket: Socket | null = null;
let tokenSource: () => string | null = () => null;
const listeners = new Map<string, Set<(...args: unknown[]) => void>>();

function dispatch(event: string, args: unknown[]) {
  for (const listener of [...(listeners.get(event) ?? [])]) {
    try {
      listener(...args);
    } catch (error) {
      console.error(`Realtime handler for ${event} failed`, error);
    }
  }
}

/**
 * The one socket.io connection of this page: created lazily on first use and reused,
 * websocket transport only, token in `auth` (read at every reconnect, so a new sign-in is used).
 */
export function getRealtimeSocket(): Socket {
  if (socket) return socket;
  socket = io({
    path: REALTIME_PATH,
    transports: ['websocket'],
    autoConnect: false,
    auth: (callback) => callback({ token: tokenSource() }),
  });
  socket.on('connect', () => {
    realtimeStore.set({ connected: true });
    dispatch('connect', []);
  });
  socket.on('disconnect', (reason) => {
    realtimeStore.set({ connected: false });
    dispatch('disconnect', [reason]);
  });
  socket.onAny((event: string, ...args: unknown[]) => dispatch(event, args));
  return socket;
}

/** Opens the connection for a signed-in user (no-op while it is open). */
export function connectRealtime(getToken: () => string | null): void {
  tokenSource = getToken;
  if (!getToken()) return;
  const current = getRealtimeSocket();
  if (!current.connected && !current.active) current.connect();
}

/** Closes it at sign-out; the same socket object is reused at the next sign-in. */
export function disconnectRealtime(): void {
  socket?.disconnect();
  realtimeStore.set({ connected: false });
}

/** Subscribes to a server event (works before the socket exists); returns the unsubscribe function. */
export function onRealtime<E extends keyof RealtimeEvents>(event: E, listener: Listener<E>): () => void {
  let set = listeners.get(event);
  if (!set) listeners.set(event, (set = new Set()));
  const stored = listener as (...args: unknown[]) => void;
  set.add(stored);
  return () => set.delete(stored);
}

export function useRealtimeConnected(): boolean {
  return useStore(realtimeStore).connected;
}
