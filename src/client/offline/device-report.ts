import { v4 as uuidv4 } from 'uuid';
import { DEVICE_ID_HEADER, DEVICE_STATE_HEADER, deviceIdSchema, formatDeviceState } from '@/domain/devices';
import { version as APP_VERSION } from '../../../package.json';
import type { OfflineDb } from './db';
import type { Transport } from './transport';

/*
 * Every request of the engine tells the server which installation it comes from and how much unsent
 * work that installation holds, so managers see a tablet that keeps entries back (the Devices page) and
 * hear about one that has been silent for days. Added in the transport, beneath the replay and the
 * mirror: whatever they send reports, and neither needs to know.
 */

const DEVICE_ID_KEY = 'fleetpilot.deviceId';

/** This installation's id: made once, kept in localStorage, so it survives reloads and sign-outs. */
export function deviceId(storage: Pick<Storage, 'getItem' | 'setItem'> | null = safeLocalStorage()): string {
  const stored = storage?.getItem(DEVICE_ID_KEY);
  if (stored && deviceIdSchema.safeParse(stored).success) return stored;
  const id = uuidv4();
  try {
    storage?.setItem(DEVICE_ID_KEY, id);
  } catch {
    // Storage refused (private mode quota): the id lasts as long as the page.
  }
  return id;
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

async function storagePersisted(): Promise<boolean | null> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage || typeof storage.persisted !== 'function') return null;
  return storage.persisted().catch(() => null);
}

export interface DeviceReportOptions {
  db: OfflineDb;
  id?: string;
  now?: () => number;
  persisted?: () => Promise<boolean | null>;
  version?: string;
}

/**
 * The two headers, read afresh for each request (the outbox's count and its first entry are cheap
 * reads); requests that start together share one reading.
 */
export function createDeviceReport(options: DeviceReportOptions): () => Promise<Record<string, string>> {
  const id = options.id ?? deviceId();
  const now = options.now ?? Date.now;
  const persisted = options.persisted ?? storagePersisted;
  const version = options.version ?? APP_VERSION;
  let reading: Promise<Record<string, string>> | null = null;

  async function read(): Promise<Record<string, string>> {
    const [waiting, oldest, persistent] = await Promise.all([
      options.db.outbox.count(),
      options.db.outbox.orderBy(':id').first(),
      persisted(),
    ]);
    const oldestAt = oldest ? Date.parse(oldest.createdAt) : NaN;
    const state = formatDeviceState({
      waiting,
      oldestAgeS: waiting > 0 && Number.isFinite(oldestAt) ? Math.max(0, (now() - oldestAt) / 1000) : null,
      version,
      persistent,
    });
    return { [DEVICE_ID_HEADER]: id, [DEVICE_STATE_HEADER]: state };
  }

  return () => {
    reading ??= read().finally(() => {
      reading = null;
    });
    return reading;
  };
}

/**
 * A transport whose requests carry the device headers. Reading them never holds a request back for
 * long, nor fails it: without them the request goes as it is.
 */
export function withDeviceReport(
  transport: Transport,
  report: () => Promise<Record<string, string>>,
): Transport {
  return async (request) => {
    let headers: Record<string, string> = {};
    try {
      headers = await report();
    } catch {
      // The device database is closed or blocked: this request simply reports nothing.
    }
    return transport({ ...request, headers: { ...headers, ...request.headers } });
  };
}
