import { and, asc, eq, ilike, inArray, isNull, ne, or } from 'drizzle-orm';
import { driverInputSchema, driverSchema, type Driver, type DriverInput } from '@/domain/dispo/drivers';
import { can } from '@/domain/permissions';
import type { Executor } from '../../db/client';
import { dispoAssignments, dispoDrivers, users } from '../../db/schema';
import { badRequest, conflict } from '../../http-error';
import { countLiveAssignments } from './assignment-data';
import { containsPattern } from './search';
import { violates, type MasterSpec } from './master-routes';

type DriverRow = typeof dispoDrivers.$inferSelect;

const USER_LINKED = 'This user account is already linked to another driver';

export async function driversToApi(executor: Executor, rows: DriverRow[]): Promise<Driver[]> {
  const ids = [...new Set(rows.map((r) => r.userId).filter((v): v is string => !!v))];
  const linked = ids.length
    ? await executor
        .select({ id: users.id, username: users.username, name: users.name })
        .from(users)
        .where(inArray(users.id, ids))
    : [];
  const byId = new Map(linked.map((u) => [u.id, u]));
  return rows.map((row) => ({
    id: row.id,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
    deletedAt: row.deletedAt ? row.deletedAt.toISOString() : null,
    name: row.name,
    phone: row.phone,
    userId: row.userId,
    user: row.userId ? (byId.get(row.userId) ?? null) : null,
    active: row.active,
  }));
}

/** The linked account must exist, be able to read Dispo, and drive for no other live driver. */
async function validateDriver(tx: Executor, input: DriverInput, existing: DriverRow | null) {
  if (!input.userId || input.userId === existing?.userId) return;
  const [user] = await tx
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!user) throw badRequest('No such user account', { fields: { userId: ['No such user account'] } });
  if (!can(user, 'dispo:read')) {
    const message = "This account's role cannot see Dispo; link an operator or dispatcher account";
    throw badRequest(message, { fields: { userId: [message] } });
  }
  const [other] = await tx
    .select({ id: dispoDrivers.id, name: dispoDrivers.name })
    .from(dispoDrivers)
    .where(
      and(
        eq(dispoDrivers.userId, input.userId),
        isNull(dispoDrivers.deletedAt),
        existing ? ne(dispoDrivers.id, existing.id) : undefined,
      ),
    );
  if (other) {
    throw conflict(`${USER_LINKED} (${other.name})`, {
      fields: { userId: [USER_LINKED] },
      driver: { id: other.id, name: other.name },
    });
  }
}

export const driverSpec: MasterSpec<typeof dispoDrivers, DriverInput, Driver> = {
  path: '/containers/drivers',
  entity: 'dispoDriver',
  noun: 'driver',
  table: dispoDrivers,
  input: driverInputSchema,
  item: driverSchema,
  fields: (s) => ({ name: s.name, phone: s.phone ?? null, userId: s.userId ?? null, active: s.active }),
  search: (q) =>
    or(ilike(dispoDrivers.name, containsPattern(q)), ilike(dispoDrivers.phone, containsPattern(q))),
  order: [asc(dispoDrivers.name)],
  toApi: driversToApi,
  validate: validateDriver,
  uniqueViolation: (err) =>
    violates(err, 'dispo_drivers_user_live_idx')
      ? conflict(USER_LINKED, { fields: { userId: [USER_LINKED] } })
      : null,
  usedBy: (tx, id) => countLiveAssignments(tx, eq(dispoAssignments.driverId, id)),
  // The pull's visibility follows the link: a new or removed link re-sends the driver's assignments.
  shownInAssignments: ['name', 'phone', 'userId'],
  assignmentsOf: (id) => eq(dispoAssignments.driverId, id),
};
