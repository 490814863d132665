import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { DEFAULT_LOGBOOK_CONFIG, WEATHER_CONDITIONS, type LogbookStatus } from '@/domain/logbook';
import { logbookEntries, users } from '../../db/schema';
import type { StoredConveyorCheck, StoredSpecialCheck } from '../../db/schema/logbook';
import type { SeedStep } from '../../seed-step';
import { lockChangeCounter, nextChangeSeq } from '../sync/cursor';
import { demoSignature } from './signature-png';

const SEED_ACTOR = 'seed:demo';
export const DEMO_LOGBOOK_DAYS = 60;
/** Two sites: the configured default and a second yard. Entries name their site in `site`. */
export const DEMO_LOGBOOK_SITES = ['Recyclinghof Nord', 'Recyclinghof Süd'] as const;

const DAY_MS = 86_400_000;
const CONVEYOR_FAULTS = [
  'Gurt läuft schief, nachgespannt',
  'Tragrolle quietscht, Austausch bestellt',
  'Abstreifer verschlissen',
  'Not-Halt-Reißleine ausgelöst, Ursache: Fremdkörper',
];
const SPECIAL_NOTES: Record<string, string> = {
  brandschutz: 'Feuerlöscher in Halle 2 zur Prüfung abgeholt',
  notausschalter: 'Taster an Sortierkabine klemmt',
  staubabsaugung: 'Filterwechsel fällig',
  oelabscheider: 'Entleerung beauftragt',
};
const GENERAL_NOTES = [
  'Ruhige Schicht, Annahme ohne Besonderheiten.',
  'Hohe Anliefermenge Altholz, zweiter Radlader eingesetzt.',
  'Kontrollgang Hofflächen durchgeführt, keine Auffälligkeiten.',
  'Wartungstechniker vor Ort, Sortierband 2 zwei Stunden stillgelegt.',
  'Containerwechsel bei Gewerbekunden pünktlich, Waage geeicht.',
  'Starker Regen, Entwässerungsrinnen gereinigt.',
];

/** A repeatable number from a text (the same demo data every run). */
function pick(text: string, modulo: number): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return h % modulo;
}

const at = (date: string, time: string, plusDays = 0) =>
  new Date(Date.parse(`${date}T${time}:00Z`) + plusDays * DAY_MS);

function statusFor(daysAgo: number): LogbookStatus {
  if (daysAgo <= 1) return 'unsigned';
  if (daysAgo <= 6) return 'pending';
  return 'approved';
}

function demoEntry(date: string, site: string, daysAgo: number) {
  const key = `${date}|${site}`;
  const second = site === DEMO_LOGBOOK_SITES[1];
  const overnight = second && pick(key, 5) === 0;
  const [shiftStart, shiftEnd] = overnight
    ? ['22:00', '06:00']
    : second
      ? ['14:00', '22:00']
      : ['06:00', '14:00'];
  const month = Number(date.slice(5, 7));
  const seasonal = [1, 2, 12].includes(month) ? 1 : [6, 7, 8].includes(month) ? 19 : 10;
  const fault = pick(key, 6) === 0 ? pick(`${key}|c`, DEFAULT_LOGBOOK_CONFIG.conveyors.length) : -1;
  const openCheck = pick(key, 5) === 1 ? pick(`${key}|s`, DEFAULT_LOGBOOK_CONFIG.specialChecks.length) : -1;
  const conveyorChecks: StoredConveyorCheck[] = DEFAULT_LOGBOOK_CONFIG.conveyors.map((c, i) => ({
    key: c.key,
    name: c.name,
    functional: i !== fault,
    notes: i === fault ? CONVEYOR_FAULTS[pick(`${key}|f`, CONVEYOR_FAULTS.length)]! : null,
  }));
  const specialChecks: StoredSpecialCheck[] = DEFAULT_LOGBOOK_CONFIG.specialChecks.map((c, i) => ({
    key: c.key,
    name: c.name,
    open: i === openCheck,
    notes: i === openCheck ? (SPECIAL_NOTES[c.key] ?? null) : null,
  }));
  return {
    date,
    site,
    shiftStart,
    shiftEnd,
    weather: {
      temperature: seasonal + (pick(`${key}|t`, 90) - 30) / 10,
      humidity: 55 + pick(`${key}|h`, 40),
      conditions: WEATHER_CONDITIONS[pick(date, 6)]!,
    },
    conveyorChecks,
    specialChecks,
    generalNotes: GENERAL_NOTES[pick(`${key}|n`, GENERAL_NOTES.length)]!,
    status: statusFor(daysAgo),
    doneAt: at(date, shiftEnd, overnight ? 1 : 0),
  };
}

/**
 * Demo data of the operations log: the last 60 days at two sites, written by the demo operator; entries
 * older than a week approved by the demo manager, the last week pending, the last two days unsigned.
 * Gives the operator and the manager a profile signature when they have none. Idempotent: a site and
 * date that already has an entry is left as it is.
 */
export const demoLogbookStep: SeedStep = {
  name: 'logbook',
  async run({ app, db }) {
    const people = await db
      .select({ id: users.id, username: users.username, name: users.name, signature: users.signature })
      .from(users)
      .where(inArray(sql`lower(${users.username})`, ['operator', 'manager']));
    const operator = people.find((p) => p.username.toLowerCase() === 'operator');
    const manager = people.find((p) => p.username.toLowerCase() === 'manager');
    if (!operator || !manager) return 'skipped: the demo operator and manager are missing';

    const signatures = new Map<string, string>();
    const signed: string[] = [];
    for (const person of [operator, manager]) {
      let signature = person.signature;
      if (!signature) {
        signature = demoSignature(person.name ?? person.username);
        await db.transaction(async (tx) => {
          await tx.update(users).set({ signature, updatedAt: new Date() }).where(eq(users.id, person.id));
          await app.audit(
            null,
            {
              action: 'profile.signature',
              entity: 'user',
              entityId: person.id,
              username: SEED_ACTOR,
              changes: { signature: { from: null, to: 'set' } },
            },
            tx,
          );
        });
        signed.push(person.username);
      }
      signatures.set(person.id, signature);
    }

    const today = Date.now();
    const dates = Array.from({ length: DEMO_LOGBOOK_DAYS }, (_, daysAgo) => ({
      daysAgo,
      date: new Date(today - daysAgo * DAY_MS).toISOString().slice(0, 10),
    }));
    const existing = await db
      .select({ date: logbookEntries.date, site: logbookEntries.site })
      .from(logbookEntries)
      .where(
        and(
          inArray(logbookEntries.site, [...DEMO_LOGBOOK_SITES]),
          inArray(
            logbookEntries.date,
            dates.map((d) => d.date),
          ),
          isNull(logbookEntries.deletedAt),
        ),
      );
    const taken = new Set(existing.map((row) => `${row.date}|${row.site}`));
    const planned = dates.flatMap(({ date, daysAgo }) =>
      DEMO_LOGBOOK_SITES.filter((site) => !taken.has(`${date}|${site}`)).map((site) =>
        demoEntry(date, site, daysAgo),
      ),
    );

    const counts: Record<LogbookStatus, number> = { unsigned: 0, pending: 0, approved: 0 };
    if (planned.length > 0) {
      await db.transaction(async (tx) => {
        await lockChangeCounter(tx);
        for (const { doneAt, ...entry } of planned) {
          const signedAt = entry.status === 'unsigned' ? null : new Date(doneAt.getTime() + 15 * 60_000);
          const approvedAt =
            entry.status === 'approved'
              ? at(entry.date, '08:30', 1 + (entry.shiftEnd < entry.shiftStart ? 1 : 0))
              : null;
          const id = uuidv7();
          await tx.insert(logbookEntries).values({
            ...entry,
            id,
            version: entry.status === 'approved' ? 2 : 1,
            createdAt: doneAt,
            createdBy: operator.id,
            updatedAt: approvedAt ?? doneAt,
            updatedBy: approvedAt ? manager.id : operator.id,
            changeSeq: await nextChangeSeq(tx),
            creatorSignature: signedAt ? signatures.get(operator.id)! : null,
            signedAt,
            reviewerSignature: approvedAt ? signatures.get(manager.id)! : null,
            approvedBy: approvedAt ? manager.id : null,
            approvedAt,
          });
          await app.audit(
            null,
            {
              action: 'logbook.create',
              entity: 'logbook',
              entityId: id,
              username: SEED_ACTOR,
              changes: {
                date: { from: null, to: entry.date },
                site: { from: null, to: entry.site },
                status: { from: null, to: entry.status },
              },
            },
            tx,
          );
          counts[entry.status] += 1;
        }
      });
      app.events.emit('sync:changed', ['logbook']);
    }
    const signatureNote = signed.length > 0 ? `; profile signatures for ${signed.join(', ')}` : '';
    if (planned.length === 0)
      return `all ${DEMO_LOGBOOK_DAYS} days at ${DEMO_LOGBOOK_SITES.length} sites already present${signatureNote}`;
    return (
      `${planned.length} entries over ${DEMO_LOGBOOK_DAYS} days at ${DEMO_LOGBOOK_SITES.join(' and ')} ` +
      `(${counts.approved} approved, ${counts.pending} pending, ${counts.unsigned} unsigned)${signatureNote}`
    );
  },
};
