import { vapidPublicKeySchema, type PushSubscriptionInput } from '@/domain/notification-channels';
import { SERVICE_WORKER_SCOPE } from '@/domain/service-worker';
import { apiFetch } from '@/client/api/client';

/**
 * Web push on this device. Nothing here runs on page load: the browser is asked for
 * permission only from `enablePush`, which a person starts with a click.
 *
 * - `unsupported`: no service worker, PushManager or Notification API (or no worker registered).
 * - `blocked`: the person (or a policy) denied notifications for this site.
 * - `available`: may be switched on.
 * - `enabled`: this device receives pushes for the signed-in user.
 */
export type PushState = 'unsupported' | 'blocked' | 'available' | 'enabled';

/** Which user this device's subscription was registered for (a tablet may be shared). */
const OWNER_KEY = 'fleetpilot:push-owner';
/** How long to wait for the service worker to become active before subscribing. */
const READY_TIMEOUT_MS = 10_000;

interface Owner {
  endpoint: string;
  userId: string;
}

function readOwner(): Owner | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(OWNER_KEY) ?? 'null');
    if (value && typeof value === 'object') {
      const { endpoint, userId } = value as Partial<Owner>;
      if (typeof endpoint === 'string' && typeof userId === 'string') return { endpoint, userId };
    }
  } catch {
    // A broken entry reads as none.
  }
  return null;
}

function writeOwner(owner: Owner | null): void {
  try {
    if (owner) localStorage.setItem(OWNER_KEY, JSON.stringify(owner));
    else localStorage.removeItem(OWNER_KEY);
  } catch {
    // Storage unavailable: the state is read from the browser again next time.
  }
}

export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

async function getRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!isPushSupported()) return null;
  return (await navigator.serviceWorker.getRegistration(SERVICE_WORKER_SCOPE)) ?? null;
}

/** The registration once its worker is active (subscribing needs an active worker). */
async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  const registration = await getRegistration();
  if (!registration) throw new PushUnavailableError();
  if (registration.active) return registration;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      navigator.serviceWorker.ready,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new PushUnavailableError()), READY_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** No service worker runs for this page (e.g. the development server), so push cannot work. */
export class PushUnavailableError extends Error {
  constructor() {
    super('No active service worker');
    this.name = 'PushUnavailableError';
  }
}

/** The current state for `userId`, read without asking the person anything. */
export async function readPushState(userId: string): Promise<PushState> {
  const registration = await getRegistration();
  if (!registration) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const subscription = await registration.pushManager.getSubscription();
  const owner = readOwner();
  return subscription &&
    Notification.permission === 'granted' &&
    owner?.userId === userId &&
    owner.endpoint === subscription.endpoint
    ? 'enabled'
    : 'available';
}

/** The VAPID public key (base64url) as the bytes `applicationServerKey` takes. */
export function vapidKeyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64Url + '='.repeat((4 - (base64Url.length % 4)) % 4))
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let index = 0; index < raw.length; index += 1) bytes[index] = raw.charCodeAt(index);
  return bytes;
}

function sameKey(current: ArrayBuffer | null | undefined, wanted: Uint8Array): boolean {
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === wanted.length && bytes.every((byte, index) => byte === wanted[index]);
}

function subscriptionInput(subscription: PushSubscription): PushSubscriptionInput {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/**
 * Switches push on after the person agreed (a click): asks the browser's permission, subscribes with
 * the server's VAPID key and registers the subscription for the signed-in user.
 */
export async function enablePush(userId: string): Promise<PushState> {
  if (!isPushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'available';

  const registration = await activeRegistration();
  const { publicKey } = vapidPublicKeySchema.parse(await apiFetch<unknown>('/push/vapid-public-key'));
  const key = vapidKeyBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made for another server key (the server's keys were replaced) cannot be reused.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  const created = !subscription;
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  try {
    await apiFetch('/push/subscriptions', { method: 'POST', body: subscriptionInput(subscription) });
  } catch (error) {
    // Unknown to the server, the subscription would only confuse the next attempt.
    if (created) await subscription.unsubscribe().catch(() => false);
    throw error;
  }
  writeOwner({ endpoint: subscription.endpoint, userId });
  return 'enabled';
}

/** Switches push off on this device: the server forgets the subscription and the browser drops it. */
export async function disablePush(): Promise<PushState> {
  const registration = await getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) {
    try {
      await apiFetch('/push/subscriptions', { method: 'DELETE', body: { endpoint: subscription.endpoint } });
    } catch (error) {
      // Dropped by the browser anyway: the push service then answers 410 and the server removes it.
      console.warn('Removing the push subscription on the server failed', error);
    }
    await subscription.unsubscribe();
  }
  writeOwner(null);
  return registration ? (Notification.permission === 'denied' ? 'blocked' : 'available') : 'unsupported';
}

/**
 * At sign-out the device stops receiving the user's pushes (a shared tablet must not show them to the
 * next person). The token is already gone, so only the browser's subscription is dropped; the push
 * service then answers 410 and the server removes its copy.
 */
export async function dropPushAfterSignOut(): Promise<void> {
  if (!readOwner()) return;
  writeOwner(null);
  const registration = await getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}
