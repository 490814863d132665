import { and, asc, eq, ilike, isNull, ne, or, sql } from 'drizzle-orm';
import { truckInputSchema, truckSchema, type Truck, type TruckInput } from '@/domain/dispo/trucks';
import type { Executor } from '../../db/client';
import { dispoAssignments, dispoTrucks } from '../../db/schema';
import { conflict } from '../../http-error';
import { countLiveAssignments } from './assignment-data';
import { violates, type MasterSpec } from './master-routes';
import { containsPattern } from './search';

type TruckRow = typeof dispoTrucks.$inferSelect;

const PLATE_TAKEN = 'This license plate is already registered';
const plateTaken = () => conflict(PLATE_TAKEN, { fields: { licensePlate: [PLATE_TAKEN] } });

export async function trucksToApi(_executor: Executor, rows: TruckRow[]): Promise<Truck[]> {
  return rows.map((row) => ({
    id: row.id,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
    deletedAt: row.deletedAt ? row.deletedAt.toISOString() : null,
    licensePlate: row.licensePlate,
    type: row.type,
    capacity: row.capacity,
    active: row.active,
  }));
}

/** Plates arrive normalised (licensePlateSchema), so equal plates are equal strings. */
async function validateTruck(tx: Executor, input: TruckInput, existing: TruckRow | null) {
  if (existing && existing.licensePlate === input.licensePlate) return;
  const [other] = await tx
    .select({ id: dispoTrucks.id })
    .from(dispoTrucks)
    .where(
      and(
        eq(dispoTrucks.licensePlate, input.licensePlate),
        isNull(dispoTrucks.deletedAt),
        existing ? ne(dispoTrucks.id, existing.id) : undefined,
      ),
    );
  if (other) throw plateTaken();
}

/** Searching "mfp1234" finds "M-FP 1234": separators are ignored on both sides. */
function searchTrucks(q: string) {
  const bare = q.replace(/[\s-]+/g, '');
  return or(
    bare
      ? sql`replace(replace(${dispoTrucks.licensePlate}, ' ', ''), '-', '') ilike ${containsPattern(bare)}`
      : undefined,
    ilike(dispoTrucks.type, containsPattern(q)),
  );
}

export const truckSpec: MasterSpec<typeof dispoTrucks, TruckInput, Truck> = {
  path: '/containers/trucks',
  entity: 'dispoTruck',
  noun: 'truck',
  table: dispoTrucks,
  input: truckInputSchema,
  item: truckSchema,
  fields: (s) => ({
    licensePlate: s.licensePlate,
    type: s.type ?? null,
    capacity: s.capacity ?? null,
    active: s.active,
  }),
  search: searchTrucks,
  order: [asc(dispoTrucks.licensePlate)],
  toApi: trucksToApi,
  validate: validateTruck,
  uniqueViolation: (err) => (violates(err, 'dispo_trucks_plate_live_idx') ? plateTaken() : null),
  usedBy: (tx, id) => countLiveAssignments(tx, eq(dispoAssignments.truckId, id)),
  shownInAssignments: ['licensePlate', 'type', 'capacity'],
  assignmentsOf: (id) => eq(dispoAssignments.truckId, id),
};
