import type { ChannelFailure, PushPayload } from '@/domain/notification-channels';
import type { Database } from '../../db/client';
import { getOrCreateSecret } from '../secrets';

/** web-push, loaded when push is first used rather than with every start. */
const loadWebPush = async () => (await import('web-push')).default;

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const VAPID_SECRET_KEY = 'webpush.vapid';

/** The VAPID key pair, generated once and shared by every instance on the database. */
export async function loadVapidKeys(db: Database): Promise<VapidKeys> {
  const webpush = await loadWebPush();
  const stored = await getOrCreateSecret(db, VAPID_SECRET_KEY, () =>
    JSON.stringify(webpush.generateVAPIDKeys()),
  );
  const keys = JSON.parse(stored) as VapidKeys;
  if (!keys.publicKey || !keys.privateKey) throw new Error('Stored VAPID keys are incomplete');
  return keys;
}

/**
 * The contact push services may use (RFC 8292 `sub`): the public https URL, else the mail sender,
 * else a placeholder address — push services require one of the two forms.
 */
export function vapidSubject(publicUrl: string | undefined, senderAddress: string | undefined): string {
  if (publicUrl?.startsWith('https://')) return new URL(publicUrl).origin;
  if (senderAddress) return `mailto:${senderAddress}`;
  return 'mailto:fleetpilot@localhost';
}

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export type PushResult =
  | { ok: true; status: number }
  /** `gone`: 404 or 410, the subscription no longer exists and must be removed. */
  | { ok: false; gone: boolean; failure: ChannelFailure; error: string };

export interface PushOptions {
  vapid: VapidKeys;
  subject: string;
  timeoutMs: number;
  /** How long the push service keeps an undelivered message (seconds). */
  ttlSeconds?: number;
}

/**
 * Encrypts `payload` for the subscription (aes128gcm, RFC 8291), signs the request with VAPID
 * (RFC 8292) and posts it to the push service. web-push builds the request; fetch sends it, so
 * timeouts and http endpoints (local fakes) behave like every other adapter.
 */
export async function sendWebPush(
  target: PushTarget,
  payload: PushPayload,
  options: PushOptions,
): Promise<PushResult> {
  const webpush = await loadWebPush();
  const details = webpush.generateRequestDetails(target, JSON.stringify(payload), {
    vapidDetails: { subject: options.subject, ...options.vapid },
    TTL: options.ttlSeconds ?? 24 * 60 * 60,
    contentEncoding: 'aes128gcm',
  });
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(details.headers)) {
    // fetch computes the length itself.
    if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
  }
  let response: Response;
  try {
    response = await fetch(details.endpoint, {
      method: details.method,
      headers,
      body: details.body ? new Uint8Array(details.body) : null,
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (err) {
    const reason = describeFetchError(err);
    return {
      ok: false,
      gone: false,
      failure: reason === 'timed out' ? 'TIMEOUT' : 'UNREACHABLE',
      error: `Push service unreachable: ${reason}`,
    };
  }
  // The body is drained, never repeated: error texts reach admins and logs, and must not become a way
  // to read what some other server answers.
  await response.arrayBuffer().catch(() => undefined);
  if (response.ok) return { ok: true, status: response.status };
  return {
    ok: false,
    gone: response.status === 404 || response.status === 410,
    failure: 'REJECTED',
    error: `Push service answered ${response.status}`,
  };
}

/**
 * What went wrong with a request that got no answer: a timeout or a failed connection. Which kind of
 * connection failure (refused, reset, no route) is left out on purpose — it would tell open ports
 * from closed ones to whoever can set the destination.
 */
export function describeFetchError(err: unknown): string {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) return 'timed out';
  return 'connection failed';
}
