import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/*
 * Devices: every installation of the app (one browser profile on one tablet or PC) has a random id of
 * its own. The engine's requests (pulls, pushes, the reachability probe) carry that id and a short state
 * line in two headers, so the server knows, per device, who used it last, when it was last heard from
 * and how much unsent work it still holds. Managers read it on the Devices page and are told when a
 * device with waiting entries has been silent for days. Shared by the server (recording, the list, the
 * daily check) and the app (the headers, the page).
 */

export const DEVICE_ID_HEADER = 'x-device-id';
/** `waiting=3; oldest=5400; version=1.4.0; persistent=1` (see `formatDeviceState`). */
export const DEVICE_STATE_HEADER = 'x-device-state';

/**
 * A device silent this long while entries wait on it is reported to the managers (once per silence:
 * the next time it is heard from, a later silence may be reported again).
 */
export const DEVICE_OFFLINE_ALERT_DAYS = 2;

/** What a device reports about itself with each request. */
export interface DeviceState {
  /** Entries in the outbox not yet accepted by the server (every user of the device). */
  waiting: number;
  /** Age in seconds of the oldest of them (null when none waits): the server dates it by its own clock. */
  oldestAgeS: number | null;
  /** The app's version (package.json of the build). */
  version: string;
  /** Whether the browser promised to keep the site's data under storage pressure; null when unknown. */
  persistent: boolean | null;
}

export const deviceIdSchema = lazySchema(() => z.uuid());

const MAX_WAITING = 1_000_000;
const MAX_AGE_S = 10 * 365 * 24 * 3600;

export function formatDeviceState(state: DeviceState): string {
  const parts = [`waiting=${Math.max(0, Math.floor(state.waiting))}`];
  if (state.oldestAgeS !== null) parts.push(`oldest=${Math.max(0, Math.floor(state.oldestAgeS))}`);
  parts.push(`version=${state.version.replace(/[^\w.+-]/g, '').slice(0, 40)}`);
  if (state.persistent !== null) parts.push(`persistent=${state.persistent ? 1 : 0}`);
  return parts.join('; ');
}

const nonNegativeInt = (raw: string | undefined, max: number): number | null => {
  if (raw === undefined || !/^\d{1,12}$/.test(raw)) return null;
  const value = Number(raw);
  return value <= max ? value : null;
};

/**
 * Reads a state line; null when it is missing or malformed (reporting is best effort: a bad line is
 * ignored, never a reason to refuse the request it came with).
 */
export function parseDeviceState(header: string | undefined): DeviceState | null {
  if (!header || header.length > 300) return null;
  const fields = new Map<string, string>();
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0) fields.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  const waiting = nonNegativeInt(fields.get('waiting'), MAX_WAITING);
  if (waiting === null) return null;
  const oldest = fields.has('oldest') ? nonNegativeInt(fields.get('oldest'), MAX_AGE_S) : null;
  if (fields.has('oldest') && oldest === null) return null;
  const version = fields.get('version') ?? '';
  if (!/^[\w.+-]{0,40}$/.test(version)) return null;
  const persistent = fields.get('persistent');
  return {
    waiting,
    oldestAgeS: waiting > 0 ? oldest : null,
    version,
    persistent: persistent === '1' ? true : persistent === '0' ? false : null,
  };
}

/** A device as `GET /api/sync/devices` lists it. */
export const deviceSchema = lazySchema(() =>
  z.object({
    deviceId: z.string(),
    userId: z.string().nullable(),
    username: z.string().nullable(),
    /** The user's display name, when set. */
    name: z.string().nullable(),
    lastSeenAt: z.string(),
    waiting: z.number().int(),
    /** When the oldest waiting entry was made (server time), null when nothing waits. */
    oldestWaitingAt: z.string().nullable(),
    appVersion: z.string().nullable(),
    persistent: z.boolean().nullable(),
  }),
);
export type Device = z.infer<typeof deviceSchema>;

export const deviceListSchema = lazySchema(() => z.object({ items: z.array(deviceSchema) }));
export type DeviceList = z.infer<typeof deviceListSchema>;

/**
 * Whether a device has been silent long enough, with work waiting, to be reported: last heard from more
 * than `DEVICE_OFFLINE_ALERT_DAYS` before `now`.
 */
export function isSilentWithWork(device: { lastSeenAt: Date; waiting: number }, now: Date): boolean {
  return (
    device.waiting > 0 &&
    now.getTime() - device.lastSeenAt.getTime() > DEVICE_OFFLINE_ALERT_DAYS * 24 * 3600 * 1000
  );
}

/** Texts of the `device.silent` notification: `{user}`, `{waiting}`, `{lastSeen}`, `{days}`. */
export const DEVICE_SILENT_TEXTS: Record<'en' | 'de' | 'bg' | 'gr', { title: string; message: string }> = {
  en: {
    title: 'Unsent work on a silent device: {user}',
    message:
      'The device {user} used last has not been heard from since {lastSeen} (over {days} days) and still holds {waiting} unsent changes. Ask them to bring it into signal and open the app.',
  },
  de: {
    title: 'Nicht gesendete Arbeit auf einem stillen Gerät: {user}',
    message:
      'Das zuletzt von {user} genutzte Gerät hat sich seit {lastSeen} (über {days} Tage) nicht gemeldet und hält noch {waiting} nicht gesendete Änderungen. Bitten Sie darum, es in Empfang zu bringen und die App zu öffnen.',
  },
  bg: {
    title: 'Неизпратена работа на устройство без връзка: {user}',
    message:
      'Устройството, последно ползвано от {user}, не се е обаждало от {lastSeen} (над {days} дни) и все още съдържа {waiting} неизпратени промени. Помолете устройството да бъде свързано и приложението да бъде отворено.',
  },
  gr: {
    title: 'Μη απεσταλμένη εργασία σε σιωπηλή συσκευή: {user}',
    message:
      'Η συσκευή που χρησιμοποίησε τελευταία ο/η {user} δεν έχει επικοινωνήσει από {lastSeen} (πάνω από {days} ημέρες) και έχει ακόμη {waiting} μη απεσταλμένες αλλαγές. Ζητήστε να συνδεθεί στο δίκτυο και να ανοιχτεί η εφαρμογή.',
  },
};
