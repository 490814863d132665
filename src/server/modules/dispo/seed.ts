import { and, inArray, isNull, sql } from 'drizzle-orm';
import { v5 as uuidv5 } from 'uuid';
import { addDays, todayIn } from '@/domain/dispo/dates';
import { DISPO_DEFAULT_TIME_ZONE, type DispoOperation } from '@/domain/dispo/constants';
import type { Executor } from '../../db/client';
import { dispoAssignments, dispoContainerTypes, dispoDrivers, dispoTrucks, users } from '../../db/schema';
import type { StoredDispoRound } from '../../db/schema';
import type { SeedContext, SeedStep } from '../../seed-step';
import { lockChangeCounter, nextChangeSeq } from '../sync/cursor';

/*
 * Demo Dispo data: container types, trucks with Munich plates, four drivers — one
 * driving with the demo account `operator` (Jonas Becker), so its tablet shows a driver's day — and
 * the assignments of the seven days before and after today (Europe/Berlin), Sundays off. The past and
 * today are published with rounds ticked off; next week is partly published, partly drafts.
 * Ids are UUIDv5 of natural keys (and date + driver for assignments): a second run the same day adds
 * nothing, and records a person changed or deleted since are left as they are.
 */

const SEED_ACTOR = 'seed:demo';
const NAMESPACE = '0c6f1a52-8a7e-4c55-b7c9-3f0e62d1a9b4';

/** The demo account that drives (an operator from DEMO_USERS: a driver's account may be any role that reads Dispo). */
export const DEMO_DRIVER_USERNAME = 'operator';
const DEMO_DRIVER_NAME = 'Jonas Becker';

const CONTAINER_TYPES = [
  { name: 'Abrollcontainer 10 m³', volume: 10, description: 'Für Bauschutt und Erdaushub, schwere Lasten.' },
  { name: 'Abrollcontainer 20 m³', volume: 20, description: 'Gemischte Bau- und Gewerbeabfälle.' },
  { name: 'Abrollcontainer 30 m³', volume: 30, description: 'Sperrige, leichte Abfälle, Holz, Grünschnitt.' },
  { name: 'Abrollcontainer 40 m³', volume: 40, description: 'Papier, Pappe und Folien.' },
  { name: 'Absetzmulde 5 m³', volume: 5, description: 'Kleine Baustellen, enge Zufahrten.' },
  { name: 'Absetzmulde 7 m³', volume: 7, description: 'Standardmulde für Bauschutt und Mischabfall.' },
  { name: 'Absetzmulde 10 m³', volume: 10, description: 'Offene Mulde mit Klappe für Sperrmüll.' },
] as const;

const TRUCKS = [
  { licensePlate: 'M-FP 1234', type: 'Abrollkipper', capacity: 18 },
  { licensePlate: 'M-FP 2087', type: 'Abrollkipper mit Anhänger', capacity: 26 },
  { licensePlate: 'M-FP 3310', type: 'Absetzkipper', capacity: 12 },
  { licensePlate: 'M-FP 4521', type: 'Absetzkipper', capacity: 10 },
] as const;

const DRIVERS = [
  { name: DEMO_DRIVER_NAME, phone: '+49 171 555 0132', linked: true },
  { name: 'Andreas Wolf', phone: '+49 171 555 0178', linked: false },
  { name: 'Piotr Nowak', phone: '+49 160 555 0241', linked: false },
  { name: 'Stefan Brandl', phone: '+49 152 555 0319', linked: false },
] as const;

const SITES = [
  'Baustelle Leopoldstraße 112, Zufahrt über Hinterhof',
  'Wertstoffhof Freimann, Tor 3',
  'Gewerbegebiet Aschheim, Halle 7 – Ansprechpartner Herr Maier',
  'Neubau Kita Riem, Container neben dem Bauzaun',
  'Sanierung Schwabing, Halteverbot ist beantragt',
  'Recyclinghof Nord, Waage vor Abladen',
  'Abbruch Pasing, Zufahrt nur bis 14 Uhr',
];
const GENERAL_NOTES = [
  'Bitte Lieferscheine abends im Büro abgeben.',
  'Waage im Recyclinghof ab 15 Uhr geschlossen.',
  null,
  'Ladungssicherung prüfen, Netz für 30-m³-Container mitnehmen.',
];
const OPERATIONS: readonly DispoOperation[] = ['place', 'pickup', 'swap', 'swap', 'pickup'];

const seedId = (key: string) => uuidv5(key, NAMESPACE);

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Inserts what is missing, then answers the live ids by natural key (a person's records included). */
async function seedMasterData(tx: Executor, ctx: SeedContext, driverUserId: string | null) {
  let created = 0;
  const audit = async (entity: string, id: string, changes: Record<string, unknown>) => {
    created++;
    await ctx.app.audit(
      null,
      { action: `${entity}.create`, entity, entityId: id, username: SEED_ACTOR, changes },
      tx,
    );
  };
  for (const type of CONTAINER_TYPES) {
    const id = seedId(`type:${type.name}`);
    const rows = await tx
      .insert(dispoContainerTypes)
      .values({ id, ...type })
      .onConflictDoNothing()
      .returning({ id: dispoContainerTypes.id });
    if (rows.length) await audit('dispoContainerType', id, { ...type });
  }
  for (const truck of TRUCKS) {
    const id = seedId(`truck:${truck.licensePlate}`);
    const rows = await tx
      .insert(dispoTrucks)
      .values({ id, ...truck })
      .onConflictDoNothing()
      .returning({ id: dispoTrucks.id });
    if (rows.length) await audit('dispoTruck', id, { ...truck });
  }
  for (const driver of DRIVERS) {
    const id = seedId(`driver:${driver.name}`);
    const values = { name: driver.name, phone: driver.phone, userId: driver.linked ? driverUserId : null };
    const rows = await tx
      .insert(dispoDrivers)
      .values({ id, ...values })
      .onConflictDoNothing()
      .returning({ id: dispoDrivers.id });
    if (rows.length) await audit('dispoDriver', id, values);
  }
  const types = await tx
    .select({ id: dispoContainerTypes.id })
    .from(dispoContainerTypes)
    .where(
      and(
        inArray(
          dispoContainerTypes.name,
          CONTAINER_TYPES.map((t) => t.name),
        ),
        isNull(dispoContainerTypes.deletedAt),
      ),
    );
  const trucks = await tx
    .select({ id: dispoTrucks.id })
    .from(dispoTrucks)
    .where(
      and(
        inArray(
          dispoTrucks.licensePlate,
          TRUCKS.map((t) => t.licensePlate),
        ),
        isNull(dispoTrucks.deletedAt),
      ),
    );
  const drivers = await tx
    .select({ id: dispoDrivers.id, name: dispoDrivers.name })
    .from(dispoDrivers)
    .where(
      and(
        inArray(
          dispoDrivers.name,
          DRIVERS.map((d) => d.name),
        ),
        isNull(dispoDrivers.deletedAt),
      ),
    )
    .orderBy(dispoDrivers.name);
  return { created, types: types.map((t) => t.id), trucks: trucks.map((t) => t.id), drivers };
}

function demoRounds(seed: number, typeIds: string[], doneUpTo: number): StoredDispoRound[] {
  const count = 2 + (seed % 3);
  return Array.from({ length: count }, (_, r) => {
    const s = hash(`${seed}:${r}`);
    const items = Array.from({ length: 1 + (s % 2) }, (_, i) => ({
      containerTypeId: typeIds[(s >>> (4 + i * 3)) % typeIds.length]!,
      quantity: 1 + ((s >>> (9 + i)) % 2),
      operation: OPERATIONS[(s >>> (12 + i * 2)) % OPERATIONS.length]!,
    }));
    return { notes: SITES[(s >>> 2) % SITES.length]!, done: r < doneUpTo, items };
  });
}

export const demoDispoStep: SeedStep = {
  name: 'dispo',
  async run(ctx) {
    const { app, db } = ctx;
    const demoUsers = await db
      .select({ id: users.id, username: sql<string>`lower(${users.username})` })
      .from(users)
      .where(inArray(sql`lower(${users.username})`, ['dispo', DEMO_DRIVER_USERNAME]));
    const dispatcher = demoUsers.find((u) => u.username === 'dispo');
    const driverAccount = demoUsers.find((u) => u.username === DEMO_DRIVER_USERNAME);
    const today = todayIn(DISPO_DEFAULT_TIME_ZONE);
    const published = new Date();

    const result = await db.transaction(async (tx) => {
      await lockChangeCounter(tx);
      const master = await seedMasterData(tx, ctx, driverAccount?.id ?? null);
      if (master.types.length === 0 || master.drivers.length === 0) return { ...master, assignments: 0 };
      let assignments = 0;
      for (let offset = -7; offset <= 7; offset++) {
        const date = addDays(today, offset);
        if (new Date(`${date}T00:00:00Z`).getUTCDay() === 0) continue;
        for (const [slot, driver] of master.drivers.entries()) {
          const seed = hash(`${date}:${driver.name}`);
          // One driver a day stays free (today the last one): the dashboard's "without an assignment".
          const free = offset === 0 ? master.drivers.length - 1 : hash(date) % master.drivers.length;
          if (slot === free) continue;
          const isPublished = offset <= 1 || seed % 3 === 0;
          const rounds = demoRounds(seed, master.types, offset < 0 ? 9 : offset === 0 ? 1 : 0);
          const id = seedId(`assignment:${date}:${driver.name}`);
          const rows = await tx
            .insert(dispoAssignments)
            .values({
              id,
              createdBy: dispatcher?.id ?? null,
              updatedBy: dispatcher?.id ?? null,
              changeSeq: await nextChangeSeq(tx),
              date,
              driverId: driver.id,
              truckId: master.trucks.length ? master.trucks[slot % master.trucks.length]! : null,
              rounds,
              generalNotes: GENERAL_NOTES[seed % GENERAL_NOTES.length] ?? null,
              status: isPublished ? 'published' : 'draft',
              issuedBy: dispatcher?.id ?? null,
              publishedAt: isPublished ? published : null,
            })
            .onConflictDoNothing()
            .returning({ id: dispoAssignments.id });
          if (rows.length === 0) continue;
          assignments++;
          await app.audit(
            null,
            {
              action: 'dispoAssignment.create',
              entity: 'dispoAssignment',
              entityId: id,
              username: SEED_ACTOR,
              changes: { date, driver: driver.name, status: isPublished ? 'published' : 'draft' },
            },
            tx,
          );
        }
      }
      return { ...master, assignments };
    });
    if (result.assignments > 0) app.events.emit('sync:changed', ['dispoAssignments']);
    return (
      `created ${result.created} master records, ${result.assignments} assignments from ` +
      `${addDays(today, -7)} to ${addDays(today, 7)}` +
      (driverAccount ? ` (${DEMO_DRIVER_NAME} drives with the account "${DEMO_DRIVER_USERNAME}")` : '')
    );
  },
};
