import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DEVICE_ID_HEADER,
  DEVICE_OFFLINE_ALERT_DAYS,
  DEVICE_STATE_HEADER,
  deviceIdSchema,
  deviceListSchema,
  parseDeviceState,
  type Device,
  type DeviceState,
} from '@/domain/devices';
import { devices, users } from '../../db/schema';
import { scheduleJob } from '../../plugins/idempotency';
import { errorBodySchema } from '../auth/schemas';

const DAY_MS = 24 * 3600 * 1000;
/**
 * A device's row is written at most this often while its state stays the same: a replay of hundreds of
 * entries reports with every request, and one write per request would double the database's work.
 */
const RECORD_INTERVAL_MS = 60_000;
/** Devices silent this long with nothing waiting are forgotten (a browser profile that is gone). */
const FORGET_AFTER_DAYS = 180;
/** The silence check runs hourly, so a device is reported soon after its silence passes the limit. */
const SILENCE_CHECK_EVERY_MS = 3600 * 1000;
const LIST_CAP = 1000;

interface Recorded {
  userId: string;
  state: DeviceState;
  oldestAt: number | null;
  writtenAt: number;
}

/** Whether the new report says something the stored row does not (beyond the age growing by itself). */
function differs(before: Recorded, userId: string, state: DeviceState, oldestAt: number | null): boolean {
  return (
    before.userId !== userId ||
    before.state.waiting !== state.waiting ||
    before.state.version !== state.version ||
    before.state.persistent !== state.persistent ||
    (before.oldestAt === null) !== (oldestAt === null) ||
    (before.oldestAt !== null &&
      oldestAt !== null &&
      Math.abs(before.oldestAt - oldestAt) > RECORD_INTERVAL_MS)
  );
}

/**
 * Stores what a signed-in device reports. Reporting never fails the request it came with: a malformed
 * header is ignored, a failed write is logged.
 */
export class DeviceRecorder {
  private readonly recent = new Map<string, Recorded>();

  constructor(private readonly app: FastifyInstance) {}

  async record(request: FastifyRequest, now = Date.now()): Promise<void> {
    const user = request.user;
    const idHeader = request.headers[DEVICE_ID_HEADER];
    const stateHeader = request.headers[DEVICE_STATE_HEADER];
    if (!user || typeof idHeader !== 'string' || typeof stateHeader !== 'string') return;
    const id = deviceIdSchema.safeParse(idHeader.toLowerCase());
    const state = parseDeviceState(stateHeader);
    if (!id.success || !state) return;
    const deviceId = id.data;
    const oldestAt = state.oldestAgeS === null ? null : now - state.oldestAgeS * 1000;
    const before = this.recent.get(deviceId);
    if (before && now - before.writtenAt < RECORD_INTERVAL_MS && !differs(before, user.id, state, oldestAt))
      return;
    const values = {
      userId: user.id,
      lastSeenAt: new Date(now),
      waiting: state.waiting,
      oldestWaitingAt: oldestAt === null ? null : new Date(oldestAt),
      appVersion: state.version || null,
      persistent: state.persistent,
      // Heard from again: a later silence is a new one and may be reported again.
      alertedAt: null,
    };
    try {
      await this.app.db
        .insert(devices)
        .values({ deviceId, ...values })
        .onConflictDoUpdate({ target: devices.deviceId, set: values });
      this.recent.set(deviceId, { userId: user.id, state, oldestAt, writtenAt: now });
      if (this.recent.size > 10_000) this.recent.clear();
    } catch (err) {
      request.log.warn({ err, deviceId }, 'could not record the device state');
    }
  }
}

export async function listDevices(app: FastifyInstance): Promise<Device[]> {
  const rows = await app.db
    .select({ device: devices, username: users.username, name: users.name })
    .from(devices)
    .leftJoin(users, eq(users.id, devices.userId))
    // Devices holding unsent work first, then the most recently heard from.
    .orderBy(desc(sql`${devices.waiting} > 0`), desc(devices.lastSeenAt))
    .limit(LIST_CAP);
  return rows.map(({ device, username, name }) => ({
    deviceId: device.deviceId,
    userId: device.userId,
    username: username ?? null,
    name: name ?? null,
    lastSeenAt: device.lastSeenAt.toISOString(),
    waiting: device.waiting,
    oldestWaitingAt: device.oldestWaitingAt?.toISOString() ?? null,
    appVersion: device.appVersion,
    persistent: device.persistent,
  }));
}

/**
 * Tells admins and managers about every device silent for more than DEVICE_OFFLINE_ALERT_DAYS with
 * entries waiting, once per silence: the claim (`alerted_at`) and the notifications commit together,
 * so two instances running the check at once report a device once.
 */
export async function reportSilentDevices(app: FastifyInstance, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - DEVICE_OFFLINE_ALERT_DAYS * DAY_MS);
  const pending = await app.db.transaction(async (tx) => {
    const claimed = await tx
      .update(devices)
      .set({ alertedAt: now })
      .where(and(isNull(devices.alertedAt), gt(devices.waiting, 0), lt(devices.lastSeenAt, cutoff)))
      .returning();
    const sent = [];
    for (const device of claimed) {
      const [owner] = device.userId
        ? await tx
            .select({ username: users.username, name: users.name })
            .from(users)
            .where(eq(users.id, device.userId))
        : [];
      sent.push(
        await app.notify(
          {
            roles: ['admin', 'manager'],
            type: 'device.silent',
            key: 'device.silent',
            params: {
              user: owner?.name || owner?.username || '',
              waiting: device.waiting,
              lastSeen: device.lastSeenAt.toISOString(),
              oldestWaiting: device.oldestWaitingAt?.toISOString() ?? null,
            },
            link: '/devices',
          },
          tx,
        ),
      );
    }
    return sent;
  });
  for (const notifications of pending) notifications.publish();
  return pending.length;
}

/** Forgets devices not heard from for half a year that hold nothing. */
async function forgetGoneDevices(app: FastifyInstance, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - FORGET_AFTER_DAYS * DAY_MS);
  const gone = await app.db
    .delete(devices)
    .where(and(eq(devices.waiting, 0), lt(devices.lastSeenAt, cutoff)))
    .returning({ id: devices.deviceId });
  return gone.length;
}

/**
 * Records the state every signed-in request of the app's engine reports (after the access check, so
 * only accepted users count), lists devices for admins and managers, and checks for silent devices.
 */
export const devicesPlugin = fp(
  async (app: FastifyInstance) => {
    const recorder = new DeviceRecorder(app);
    // Not an async hook: requests without the header (other clients, the bench) pass without a promise.
    app.addHook('onRequest', (request, _reply, done) => {
      if (!request.headers[DEVICE_ID_HEADER] || !request.routeOptions.url?.startsWith('/api/')) return done();
      recorder.record(request).then(() => done(), done);
    });
    scheduleJob(
      app,
      'device-silence',
      async () => ({ reported: await reportSilentDevices(app), forgotten: await forgetGoneDevices(app) }),
      SILENCE_CHECK_EVERY_MS,
    );
  },
  { name: 'devices', dependencies: ['access', 'notify'] },
);

export async function deviceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/sync/devices', {
    config: { access: 'devices:read' },
    schema: {
      tags: ['sync'],
      description:
        'Installations of the app, as their requests last reported them (headers X-Device-Id and ' +
        'X-Device-State): who used each last, when, and how many entries still wait on it.',
      response: { 200: deviceListSchema, 401: errorBodySchema, 403: errorBodySchema },
    },
    handler: async () => ({ items: await listDevices(app) }),
  });
}
