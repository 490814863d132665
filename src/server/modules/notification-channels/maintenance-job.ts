import { eq, isNull, notInArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { maintenanceDue, serviceIntervalFromSettings } from '@/domain/maintenance';
import type { NotificationEvent } from '@/domain/notification-channels';
import type { Executor } from '../../db/client';
import { appSettings, excavators, maintenanceAlerts } from '../../db/schema';
import { withJobLock } from '../../plugins/idempotency';
import type { PendingNotifications } from '../notifications/service';

/** Arbitrary constant: the daily maintenance check runs on one instance at a time. */
export const MAINTENANCE_CHECK_LOCK_ID = 724_311_901;
export const MAINTENANCE_EVENT: NotificationEvent = 'maintenance.due';
/** A due maintenance reaches the managers, and the admins as well. */
export const MAINTENANCE_RECIPIENT_ROLES = ['manager', 'admin'];

type Threshold = 'soon' | 'urgent';

export type MaintenanceCheckResult =
  | { status: 'locked' }
  | {
      status: 'done';
      /** One entry per notification sent. */
      notified: Array<{ excavatorId: string; threshold: Threshold; hoursUntil: number }>;
      /** Machines back to 'ok' whose sent marks were cleared. */
      cleared: number;
    };

/**
 * Notifies managers once per machine and threshold when maintenance is due soon or urgently, and
 * remembers it (maintenance_alerts) until the machine is serviced, i.e. its label is back to 'ok'.
 * Runs in one transaction holding an advisory lock: a second instance running at the same moment gets
 * `locked` and does nothing. The notifications are published after the commit.
 */
export async function runMaintenanceCheck(app: FastifyInstance): Promise<MaintenanceCheckResult> {
  const pending: PendingNotifications[] = [];
  const result = await withJobLock(app.db, MAINTENANCE_CHECK_LOCK_ID, (tx) =>
    checkMachines(app, tx, pending),
  );
  if (!result) return { status: 'locked' };
  for (const p of pending) p.publish();
  return { status: 'done', ...result };
}

async function checkMachines(app: FastifyInstance, tx: Executor, pending: PendingNotifications[]) {
  // The service interval is read from the raw document: the settings schema does not carry it yet.
  const [raw] = await tx.select({ data: appSettings.data }).from(appSettings).where(eq(appSettings.id, 1));
  const interval = serviceIntervalFromSettings(raw?.data);

  const machines = await tx
    .select({
      id: excavators.id,
      name: excavators.name,
      model: excavators.model,
      serialNumber: excavators.serialNumber,
      usageHours: excavators.usageHours,
      lastServiceHours: excavators.lastServiceHours,
      nextInspectionHours: excavators.nextInspectionHours,
    })
    .from(excavators)
    .where(isNull(excavators.deletedAt))
    .orderBy(excavators.name, excavators.id);
  const sent = await tx.select().from(maintenanceAlerts);

  // Marks of deleted machines go with them.
  const liveIds = machines.map((m) => m.id);
  if (liveIds.length)
    await tx.delete(maintenanceAlerts).where(notInArray(maintenanceAlerts.excavatorId, liveIds));
  else await tx.delete(maintenanceAlerts);

  const notified: Array<{ excavatorId: string; threshold: Threshold; hoursUntil: number }> = [];
  let cleared = 0;
  for (const machine of machines) {
    const due = maintenanceDue(machine, interval);
    const marks = sent.filter((s) => s.excavatorId === machine.id).map((s) => s.threshold);
    if (due.label === 'ok') {
      if (marks.length) {
        await tx.delete(maintenanceAlerts).where(eq(maintenanceAlerts.excavatorId, machine.id));
        cleared += 1;
      }
      continue;
    }
    const threshold: Threshold = due.label;
    if (marks.includes(threshold)) continue;
    // An urgent notice also covers 'soon': a machine that jumped straight to urgent is told about once.
    const covered: Threshold[] = threshold === 'urgent' ? ['soon', 'urgent'] : ['soon'];
    const inserted = await tx
      .insert(maintenanceAlerts)
      .values(covered.map((c) => ({ excavatorId: machine.id, threshold: c, hoursUntil: due.hoursUntil })))
      .onConflictDoNothing()
      .returning({ threshold: maintenanceAlerts.threshold });
    if (!inserted.some((row) => row.threshold === threshold)) continue;

    pending.push(
      await app.notify(
        {
          roles: MAINTENANCE_RECIPIENT_ROLES,
          type: MAINTENANCE_EVENT,
          key: 'maintenance.due',
          params: {
            threshold,
            hoursUntil: due.hoursUntil,
            machine: machine.name,
            model: machine.model,
            serial: machine.serialNumber,
          },
          link: `/excavators?id=${machine.id}`,
        },
        tx,
      ),
    );
    notified.push({ excavatorId: machine.id, threshold, hoursUntil: due.hoursUntil });
  }
  return { notified, cleared };
}
