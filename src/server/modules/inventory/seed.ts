import { inArray } from 'drizzle-orm';
import { v5 as uuidv5 } from 'uuid';
import type { InventoryMaintenanceType } from '@/domain/inventory';
import { inventoryItems } from '../../db/schema';
import type { SeedStep } from '../../seed-step';
import { encodePng } from '../reports/signature-png';
import { lockChangeCounter, nextChangeSeq } from '../sync/cursor';

/*
 * Demo parts inventory: about 300 parts of a recycling site's excavator workshop —
 * filters, bucket teeth, track rollers, V-belts, oils, hoses — with makers, tags, prices, storage
 * locations, some below their minimum stock, and small generated photos for a few. Ids are derived from
 * the part, so a second run adds nothing and leaves parts someone changed (or deleted) since alone.
 */

const SEED_ACTOR = 'seed:demo';
/** Fixed namespace of the demo part ids (UUIDv5). */
const DEMO_PART_NAMESPACE = '2f6d4a9c-8e1b-4c73-b5a0-7d3e91c4f2a8';
export const DEMO_PART_COUNT = 300;

interface Family {
  type: string;
  tags: string[];
  maintenanceType: InventoryMaintenanceType | null;
  makers: string[];
  /** Price range in euros. */
  price: [number, number];
  /** Photo colour (RGB). */
  colour: [number, number, number];
  names: string[];
}

const FAMILIES: Family[] = [
  {
    type: 'Filter',
    tags: ['Filter', 'Wartung'],
    maintenanceType: 'routine',
    makers: [
      'Hydac',
      'Mann+Hummel',
      'Donaldson',
      'Fleetguard',
      'Liebherr',
      'Caterpillar',
      'Komatsu',
      'Volvo',
      'Bosch Rexroth',
    ],
    price: [12, 240],
    colour: [37, 99, 235],
    names: [
      'Hydraulik-Rücklauffilter',
      'Hydraulik-Druckfilter',
      'Vorsteuerfilter',
      'Motorölfilter',
      'Kraftstofffilter',
      'Kraftstoffvorfilter mit Wasserabscheider',
      'Luftfilter außen',
      'Luftfilter innen (Sicherheitspatrone)',
      'Kabinenluftfilter',
      'Belüftungsfilter Hydrauliktank',
      'Getriebeölfilter',
    ],
  },
  {
    type: 'Verschleißteil',
    tags: ['Löffel', 'Verschleiß'],
    maintenanceType: 'preventive',
    makers: ['Esco', 'Liebherr', 'Caterpillar', 'Komatsu', 'Volvo', 'Hensley'],
    price: [18, 890],
    colour: [217, 119, 6],
    names: [
      'Löffelzahn Z 30',
      'Löffelzahn Z 40',
      'Löffelzahn Z 50 Felsausführung',
      'Zahnhalter (Adapter) Z 40',
      'Zahnbolzen mit Sicherung',
      'Seitenschneide links',
      'Seitenschneide rechts',
      'Schneidmesser 1.500 mm',
      'Verschleißleiste Hardox 500',
      'Löffelbolzen 80 mm',
      'Buchse Löffelanlenkung 80/95',
    ],
  },
  {
    type: 'Fahrwerk',
    tags: ['Fahrwerk', 'Raupe'],
    maintenanceType: 'inspection',
    makers: ['Berco', 'ITM', 'Liebherr', 'Caterpillar', 'Komatsu', 'Volvo'],
    price: [45, 2400],
    colour: [75, 85, 99],
    names: [
      'Laufrolle',
      'Stützrolle',
      'Leitrad',
      'Turas (Antriebsrad)',
      'Kettenglied mit Bolzen',
      'Bodenplatte 600 mm',
      'Plattenschraube M20 mit Mutter',
      'Dichtsatz Kettenspanner',
    ],
  },
  {
    type: 'Riemen',
    tags: ['Riemen', 'Motor'],
    maintenanceType: 'preventive',
    makers: ['Optibelt', 'Gates', 'ContiTech', 'Bosch'],
    price: [9, 95],
    colour: [22, 22, 22],
    names: [
      'Keilriemen SPA 1250',
      'Keilriemen XPZ 1180',
      'Keilrippenriemen 8PK1795',
      'Lichtmaschinenriemen',
      'Lüfterriemen',
      'Klimakompressorriemen',
    ],
  },
  {
    type: 'Schmierstoff',
    tags: ['Öl', 'Schmierstoffe'],
    maintenanceType: 'routine',
    makers: ['Fuchs', 'Shell', 'Liebherr', 'Caterpillar', 'Castrol', 'Mobil'],
    price: [8, 1450],
    colour: [202, 138, 4],
    names: [
      'Hydrauliköl HVLP 46, 20 l',
      'Hydrauliköl HVLP 46, 208-l-Fass',
      'Bio-Hydrauliköl HEES 46, 20 l',
      'Motoröl 10W-40, 20 l',
      'Motoröl 15W-40, 208-l-Fass',
      'Getriebeöl 80W-90, 20 l',
      'Mehrzweckfett EP2, Kartusche 400 g',
      'Kühlerschutzmittel −37 °C, 20 l',
      'AdBlue, 10 l',
    ],
  },
  {
    type: 'Hydraulik',
    tags: ['Hydraulik', 'Schläuche'],
    maintenanceType: 'emergency',
    makers: ['Bosch Rexroth', 'Parker', 'Hydac', 'Liebherr', 'Komatsu', 'Caterpillar', 'Volvo'],
    price: [4, 1800],
    colour: [220, 38, 38],
    names: [
      'Hydraulikschlauch 1/2" 2SN, 1,0 m',
      'Hydraulikschlauch 3/4" 4SP, 1,5 m',
      'Hydraulikschlauch 1" 4SH, 2,0 m',
      'Schnellkupplung Stecker 1/2"',
      'Dichtsatz Löffelzylinder',
      'Dichtsatz Stielzylinder',
      'Dichtsatz Auslegerzylinder',
      'O-Ring-Sortiment NBR',
      'Druckbegrenzungsventil',
      'Vorsteuergerät Joystick',
    ],
  },
  {
    type: 'Elektrik',
    tags: ['Elektrik'],
    maintenanceType: null,
    makers: ['Hella', 'Bosch', 'Varta', 'Liebherr', 'Caterpillar'],
    price: [3, 980],
    colour: [124, 58, 237],
    names: [
      'LED-Arbeitsscheinwerfer 24 V',
      'Rundumkennleuchte LED',
      'Relais 24 V 40 A',
      'Flachsicherungs-Sortiment',
      'Batterie 12 V 180 Ah',
      'Anlasser 24 V',
      'Lichtmaschine 28 V 80 A',
      'Rückfahrkamera mit Monitor',
    ],
  },
  {
    type: 'Kabine',
    tags: ['Kabine', 'Sicherheit'],
    maintenanceType: 'inspection',
    makers: ['Bosch', 'Grammer', 'Liebherr', 'Volvo', 'Komatsu', 'Gloria'],
    price: [6, 1250],
    colour: [5, 150, 105],
    names: [
      'Scheibenwischerblatt 600 mm',
      'Beckengurt 2-Punkt',
      'Rückspiegel links',
      'Frontscheibe (Verbundglas)',
      'Sitzpolster Fahrersitz',
      'Feuerlöscher ABC 6 kg',
      'Verbandkasten DIN 13157',
    ],
  },
];

const MACHINES = [
  'Liebherr R 926',
  'Liebherr LH 40 M',
  'CAT 320',
  'Komatsu PC210',
  'Volvo EC220E',
  'Sennebogen 825',
];
const LOCATIONS = [
  'Hauptlager Regal A',
  'Hauptlager Regal B',
  'Hauptlager Regal C',
  'Werkstatt-Container 2',
  'Außenlager Halle 3',
  'Ölraum',
  'Servicewagen 1',
];

/** A small deterministic number from a text (same part → same demo values on every run). */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

export interface DemoPart {
  id: string;
  name: string;
  maker: string;
  type: string;
  quantity: number;
  priceCents: number;
  notes: string;
  tags: string[];
  location: string;
  minQuantity: number;
  maintenanceType: InventoryMaintenanceType | null;
  photoColour: [number, number, number] | null;
}

/** The demo parts, the same list on every run: each name with a few of its family's makers. */
export function demoParts(): DemoPart[] {
  const perFamily = FAMILIES.map((family) =>
    family.names.flatMap((name) => {
      const h = hash(name);
      const count = Math.min(family.makers.length, 4 + (h % 3));
      return Array.from({ length: count }, (_, k) => ({
        family,
        name,
        maker: family.makers[(h + k) % family.makers.length]!,
      }));
    }),
  );
  // Families interleaved, so any prefix of the list shows every kind of part.
  const ordered: Array<{ family: Family; name: string; maker: string }> = [];
  for (let i = 0; ordered.length < DEMO_PART_COUNT && perFamily.some((list) => i < list.length); i++) {
    for (const list of perFamily)
      if (i < list.length && ordered.length < DEMO_PART_COUNT) ordered.push(list[i]!);
  }
  return ordered.map(({ family, name, maker }, index) => {
    const h = hash(`${name}|${maker}`);
    const [low, high] = family.price;
    const euros = low + (((h >>> 3) % 1000) / 1000) * (high - low);
    const minQuantity = h % 10 < 7 ? 2 + (h % 9) : 0;
    // About one part in eight is below its minimum.
    const quantity = minQuantity > 0 && h % 8 === 0 ? h % minQuantity : (h >>> 5) % 60;
    const machine = MACHINES[(h >>> 7) % MACHINES.length]!;
    const fits = h % 3 === 0 ? [machine.replace(/^(Liebherr|Komatsu|Volvo|Sennebogen) /, '')] : [];
    return {
      id: uuidv5(`fleetpilot-demo-part:${name}|${maker}`, DEMO_PART_NAMESPACE),
      name,
      maker,
      type: family.type,
      quantity,
      priceCents: Math.round(euros) * 100 + (h % 2 === 0 ? 90 : 50),
      notes: `Art.-Nr. ${maker.slice(0, 3).toUpperCase()}-${String(h % 1_000_000).padStart(6, '0')}${
        fits.length ? ` · passend für ${machine}` : ''
      }`,
      tags: [...family.tags, ...fits],
      location: `${LOCATIONS[(h >>> 11) % LOCATIONS.length]}${family.type === 'Schmierstoff' ? '' : `-${(h % 24) + 1}`}`,
      minQuantity,
      maintenanceType: h % 5 === 0 ? null : h % 23 === 0 ? 'in_progress' : family.maintenanceType,
      // The first parts of each family and every tenth part get a photo.
      photoColour: index < FAMILIES.length * 2 || index % 10 === 0 ? family.colour : null,
    };
  });
}

/** A 96×96 product tile: the family colour with a lighter disc, as a stand-in photo. */
export function partPhoto([r, g, b]: [number, number, number]): Buffer {
  const size = 96;
  const rgba = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const inside = (x - 48) ** 2 + (y - 48) ** 2 < 30 ** 2;
      const i = (y * size + x) * 4;
      rgba[i] = inside ? Math.min(255, r + 90) : r;
      rgba[i + 1] = inside ? Math.min(255, g + 90) : g;
      rgba[i + 2] = inside ? Math.min(255, b + 90) : b;
      rgba[i + 3] = 255;
    }
  }
  return encodePng(size, size, rgba);
}

export const demoInventoryStep: SeedStep = {
  name: 'inventory',
  async run({ app, db }) {
    const parts = demoParts();
    const existing = new Set(
      (
        await db
          .select({ id: inventoryItems.id })
          .from(inventoryItems)
          .where(
            inArray(
              inventoryItems.id,
              parts.map((p) => p.id),
            ),
          )
      ).map((row) => row.id),
    );
    const missing = parts.filter((p) => !existing.has(p.id));
    if (missing.length === 0) return `${parts.length} demo parts already present`;

    const photos = new Map<string, string>();
    for (const part of missing) {
      if (part.photoColour)
        photos.set(part.id, await app.storage.put('inventory', partPhoto(part.photoColour), 'png'));
    }
    const unused: string[] = [];
    const insert = db.transaction(async (tx) => {
      await lockChangeCounter(tx);
      for (const { photoColour: _colour, ...part } of missing) {
        const photo = photos.get(part.id) ?? null;
        const inserted = await tx
          .insert(inventoryItems)
          .values({ ...part, photo, version: 1, changeSeq: await nextChangeSeq(tx) })
          .onConflictDoNothing()
          .returning({ id: inventoryItems.id });
        if (inserted.length === 0) {
          if (photo) unused.push(photo);
          continue;
        }
        await app.audit(
          null,
          {
            action: 'inventory.create',
            entity: 'inventory',
            entityId: part.id,
            username: SEED_ACTOR,
            changes: { name: part.name, maker: part.maker, quantity: part.quantity, photo },
          },
          tx,
        );
      }
    });
    try {
      await insert;
    } catch (err) {
      await Promise.all([...photos.values()].map((p) => app.storage.remove(p)));
      throw err;
    }
    await Promise.all(unused.map((p) => app.storage.remove(p)));
    const low = missing.filter((p) => p.quantity < p.minQuantity).length;
    return `created ${missing.length} demo parts (${low} below their minimum stock, ${photos.size} with photos)`;
  },
};
