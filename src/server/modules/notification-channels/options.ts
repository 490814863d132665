import type { ConnectionOptions } from 'node:tls';
import { refusePushEndpoint } from '../../services/outbound/public-endpoint';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Timings of the delivery worker and the daily jobs. Tests shorten them through buildApp's options. */
export interface NotificationChannelsOptions {
  /** Runs the background worker and the daily jobs; false leaves both to explicit calls (tests). */
  background: boolean;
  /** How often the worker looks for due deliveries (it is also woken at once after an enqueue). */
  pollIntervalMs: number;
  /** Deliveries claimed per round. */
  batchSize: number;
  /** Attempts before a delivery is dead. */
  maxAttempts: number;
  /** Back-off after the first failure; doubles per attempt (with ±20 % jitter) up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** A claimed delivery whose sender died is retried after this long. */
  leaseMs: number;
  /** Per request to an SMTP server, push service or webhook. */
  sendTimeoutMs: number;
  /** First daily run after start, then every dailyIntervalMs. */
  dailyInitialDelayMs: number;
  dailyIntervalMs: number;
  /** Extra TLS options for SMTP (a private CA). */
  smtpTls?: ConnectionOptions;
  /**
   * Why a push endpoint may not be used, or null. Default: https on a public address only
   * (refusePushEndpoint); tests that run a push service on this machine pass their own.
   */
  pushEndpointCheck: (endpoint: string) => Promise<string | null>;
}

export const DEFAULT_NOTIFICATION_CHANNELS_OPTIONS: NotificationChannelsOptions = {
  background: true,
  pollIntervalMs: 5_000,
  batchSize: 10,
  maxAttempts: 8,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60 * 1000,
  leaseMs: 2 * 60 * 1000,
  sendTimeoutMs: 10_000,
  dailyInitialDelayMs: 60_000,
  dailyIntervalMs: DAY_MS,
  pushEndpointCheck: (endpoint) => refusePushEndpoint(endpoint),
};

/** Delay before attempt `attempts + 1`, after `attempts` failures. */
export function backoffMs(attempts: number, options: NotificationChannelsOptions, random = Math.random) {
  const exp = options.retryBaseMs * 2 ** Math.max(0, attempts - 1);
  const jitter = 0.8 + random() * 0.4;
  return Math.round(Math.min(options.retryMaxMs, exp) * jitter);
}
