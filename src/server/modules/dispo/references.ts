import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AssignmentFields } from '@/domain/dispo/assignment-input';
import type { Executor } from '../../db/client';
import { dispoContainerTypes, dispoDrivers, dispoTrucks } from '../../db/schema';
import { badRequest, conflict } from '../../http-error';
import { findDuplicate, type AssignmentRow } from './assignment-data';

export type DriverRow = typeof dispoDrivers.$inferSelect;

const invalid = (field: string, message: string) => badRequest(message, { fields: { [field]: [message] } });

/**
 * The driver, truck and container types an assignment names must be live; new ones must also be
 * active (what the assignment already used may stay after it was switched off). The rows are locked
 * FOR SHARE, so a concurrent DELETE of them waits for this write and then sees it as a use.
 * Returns the driver.
 */
export async function checkReferences(
  tx: Executor,
  input: AssignmentFields,
  existing: AssignmentRow | null,
): Promise<DriverRow> {
  const [driver] = await tx
    .select()
    .from(dispoDrivers)
    .where(and(eq(dispoDrivers.id, input.driverId), isNull(dispoDrivers.deletedAt)))
    .for('share');
  if (!driver) throw invalid('driverId', 'No such driver');
  if (!driver.active && existing?.driverId !== driver.id)
    throw invalid('driverId', 'This driver is inactive');

  if (input.truckId) {
    const [truck] = await tx
      .select()
      .from(dispoTrucks)
      .where(and(eq(dispoTrucks.id, input.truckId), isNull(dispoTrucks.deletedAt)))
      .for('share');
    if (!truck) throw invalid('truckId', 'No such truck');
    if (!truck.active && existing?.truckId !== truck.id) throw invalid('truckId', 'This truck is inactive');
  }

  const typeIds = [...new Set(input.rounds.flatMap((r) => r.items.map((i) => i.containerTypeId)))];
  if (typeIds.length > 0) {
    const types = await tx
      .select({ id: dispoContainerTypes.id, active: dispoContainerTypes.active })
      .from(dispoContainerTypes)
      .where(and(inArray(dispoContainerTypes.id, typeIds), isNull(dispoContainerTypes.deletedAt)))
      .for('share');
    const byId = new Map(types.map((t) => [t.id, t]));
    const used = new Set(existing?.rounds.flatMap((r) => r.items.map((i) => i.containerTypeId)) ?? []);
    const fields: Record<string, string[]> = {};
    input.rounds.forEach((round, r) =>
      round.items.forEach((item, i) => {
        const type = byId.get(item.containerTypeId);
        const problem = !type
          ? 'No such container type'
          : !type.active && !used.has(type.id)
            ? 'This container type is inactive'
            : null;
        if (problem) fields[`rounds.${r}.items.${i}.containerTypeId`] = [problem];
      }),
    );
    const first = Object.values(fields)[0];
    if (first) throw badRequest(first[0]!, { fields });
  }
  return driver;
}

/**
 * One assignment per driver and date, but a dispatcher may knowingly plan a second: 409 naming the other one
 * unless the request confirms with `allowDuplicate`. Checked when the pair is new.
 */
export async function checkDuplicate(
  tx: Executor,
  input: AssignmentFields & { allowDuplicate: boolean },
  existing: AssignmentRow | null,
): Promise<void> {
  if (input.allowDuplicate) return;
  if (existing && existing.driverId === input.driverId && existing.date === input.date) return;
  const duplicate = await findDuplicate(tx, input.driverId, input.date, existing?.id);
  if (duplicate) {
    throw conflict('This driver already has an assignment on this date', {
      reason: 'duplicate',
      duplicate: { id: duplicate.id },
    });
  }
}
