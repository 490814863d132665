import { inArray, isNull, or, sql } from 'drizzle-orm';
import { v5 as uuidv5 } from 'uuid';
import type { ExcavatorStatus } from '@/domain/excavator';
import { excavators } from '../../db/schema';
import type { SeedStep } from '../../seed-step';
import { lockChangeCounter, nextChangeSeq } from '../sync/cursor';
import { demoExcavatorPhoto } from './demo-photo';

/*
 * The demo fleet: 25 excavators and material handlers of a recycling company in
 * northern Germany, with realistic models, hours, locations, specifications and a drawn photo each.
 * Ids derive from the serial number, and a machine whose serial is already registered is skipped, so a
 * second run adds nothing and leaves machines someone changed alone. Runs before the reports step.
 */

const SEED_ACTOR = 'seed:demo';
/** Fixed namespace of the demo excavator ids (UUIDv5). */
const DEMO_EXCAVATOR_NAMESPACE = '0f4d8c1e-6b2a-4f3e-9d7c-2a1b5e8f9c30';
const PHOTO_FOLDER = 'excavators';

interface DemoModel {
  model: string;
  prefix: string;
  weight: string;
  power: string;
  bucket: string;
}

const MODELS: readonly DemoModel[] = [
  {
    model: 'Liebherr LH 22 M Industry',
    prefix: 'LH22M',
    weight: '21,5 t',
    power: '105 kW',
    bucket: 'Greifer 0,6 m³',
  },
  {
    model: 'Sennebogen 818 E',
    prefix: 'SEN818',
    weight: '20,4 t',
    power: '97 kW',
    bucket: 'Mehrschalengreifer 0,6 m³',
  },
  { model: 'CAT 320 GC', prefix: 'CAT0320', weight: '22,5 t', power: '110 kW', bucket: '1,19 m³' },
  { model: 'CAT 336', prefix: 'CAT0336', weight: '36,2 t', power: '232 kW', bucket: '1,88 m³' },
  { model: 'Komatsu PC210LC-11', prefix: 'KMTPC210', weight: '22,4 t', power: '123 kW', bucket: '1,20 m³' },
  { model: 'Volvo EC220E', prefix: 'VCEC220E', weight: '22,8 t', power: '128 kW', bucket: '1,14 m³' },
  { model: 'Hitachi ZX210LC-7', prefix: 'HCMZX210', weight: '22,1 t', power: '129 kW', bucket: '1,10 m³' },
  { model: 'Liebherr R 920 Compact', prefix: 'LHR920', weight: '22,3 t', power: '120 kW', bucket: '1,05 m³' },
  { model: 'Doosan DX225LC-7', prefix: 'DX225', weight: '22,9 t', power: '124 kW', bucket: '1,17 m³' },
  { model: 'Liebherr A 918 Compact', prefix: 'LHA918', weight: '19,6 t', power: '115 kW', bucket: '0,95 m³' },
  { model: 'JCB JS220', prefix: 'JCBJS220', weight: '22,2 t', power: '129 kW', bucket: '1,05 m³' },
  { model: 'Kobelco SK210LC-10', prefix: 'KOBSK210', weight: '21,4 t', power: '118 kW', bucket: '1,00 m³' },
  { model: 'Kubota KX080-4', prefix: 'KBTKX080', weight: '8,6 t', power: '50 kW', bucket: '0,30 m³' },
];

const LOCATIONS = [
  'Hamburg Hafen, Kai 4',
  'Bremen Recyclinghof',
  'Kiel Nordhafen',
  'Lübeck Skandinavienkai',
  'Rostock Überseehafen',
  'Hannover Schrottplatz Nord',
  'Werkstatt Hamburg-Billbrook',
];

const NAMES = ['Umschlagbagger', 'Materialumschlag', 'Kettenbagger', 'Mobilbagger', 'Sortierbagger'];

const STATUS_CYCLE: readonly ExcavatorStatus[] = [
  'operational',
  'operational',
  'operational',
  'maintenance',
  'operational',
  'operational',
  'out_of_service',
  'operational',
];

export const DEMO_FLEET_SIZE = 25;

function dateDaysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

/** The demo machines, the same on every run. */
export function demoFleet() {
  return Array.from({ length: DEMO_FLEET_SIZE }, (_, i) => {
    const m = MODELS[i % MODELS.length]!;
    const serialNumber = `${m.prefix}${String(41_000 + i * 137).padStart(6, '0')}`;
    const year = 2014 + ((i * 7) % 11);
    const usageHours = 800 + ((i * 1_733) % 14_000) + (i % 3) * 0.5;
    // Last service some 20–490 h ago: every label (urgent, soon, ok) shows up in the list.
    const sinceService = 20 + ((i * 97) % 470);
    const lastServiceHours = Math.max(0, Math.round(usageHours - sinceService));
    return {
      id: uuidv5(`fleetpilot-demo-excavator:${serialNumber}`, DEMO_EXCAVATOR_NAMESPACE),
      name: `${NAMES[i % NAMES.length]} ${String(i + 1).padStart(2, '0')}`,
      model: m.model,
      serialNumber,
      year,
      status: STATUS_CYCLE[i % STATUS_CYCLE.length]!,
      usageHours,
      location: LOCATIONS[i % LOCATIONS.length]!,
      engineNumber: `ENG-${serialNumber.slice(-6)}-${(i * 31) % 97}`,
      nextInspectionHours: i % 6 === 5 ? lastServiceHours + 250 : null,
      lastServiceHours,
      purchaseDate: `${year}-${String((i % 12) + 1).padStart(2, '0')}-15`,
      lastServiceDate: dateDaysAgo(10 + ((i * 13) % 170)),
      specifications: [
        { key: 'Einsatzgewicht', value: m.weight },
        { key: 'Motorleistung', value: m.power },
        { key: 'Löffel / Greifer', value: m.bucket },
      ],
      description: `${m.model} im Einsatz am Standort ${LOCATIONS[i % LOCATIONS.length]}.`,
      notes: i % 4 === 0 ? 'Schnellwechsler und Zentralschmierung vorhanden.' : null,
      photoSeed: i * 7 + 3,
    };
  });
}

export const demoExcavatorsStep: SeedStep = {
  name: 'excavators',
  async run({ app, db }) {
    const fleet = demoFleet();
    const taken = new Set(
      (
        await db
          .select({ serial: sql<string>`lower(${excavators.serialNumber})` })
          .from(excavators)
          .where(
            or(
              isNull(excavators.deletedAt),
              inArray(
                excavators.id,
                fleet.map((f) => f.id),
              ),
            ),
          )
      ).map((row) => row.serial),
    );
    const missing = fleet.filter((f) => !taken.has(f.serialNumber.toLowerCase()));
    if (missing.length === 0) return `${fleet.length} demo excavators already present`;

    const photos: string[] = [];
    for (const machine of missing) {
      photos.push(await app.storage.put(PHOTO_FOLDER, demoExcavatorPhoto(machine.photoSeed), 'png'));
    }
    let created = 0;
    const unused: string[] = [];
    try {
      await db.transaction(async (tx) => {
        await lockChangeCounter(tx);
        for (const [index, machine] of missing.entries()) {
          const { photoSeed: _seed, ...fields } = machine;
          const now = new Date();
          const inserted = await tx
            .insert(excavators)
            .values({
              ...fields,
              version: 1,
              createdAt: now,
              updatedAt: now,
              changeSeq: await nextChangeSeq(tx),
              profileImage: photos[index]!,
              gallery: [],
            })
            .onConflictDoNothing()
            .returning({ id: excavators.id });
          if (inserted.length === 0) {
            unused.push(photos[index]!);
            continue;
          }
          created++;
          await app.audit(
            null,
            {
              action: 'excavator.create',
              entity: 'excavator',
              entityId: machine.id,
              username: SEED_ACTOR,
              changes: { name: machine.name, model: machine.model, serialNumber: machine.serialNumber },
            },
            tx,
          );
        }
      });
    } catch (error) {
      await Promise.all(photos.map((p) => app.storage.remove(p)));
      throw error;
    }
    await Promise.all(unused.map((p) => app.storage.remove(p)));
    return `created ${created} demo excavators with photos`;
  },
};
