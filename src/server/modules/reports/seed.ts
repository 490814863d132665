import { asc, inArray, isNull, sql } from 'drizzle-orm';
import { v5 as uuidv5 } from 'uuid';
import type { ChecklistCategory } from '@/domain/checklist';
import type { ChecklistEntry, ChecklistResults } from '@/domain/report';
import type { ReportStatus } from '@/domain/report-status';
import { excavators, reports, users } from '../../db/schema';
import type { SeedStep } from '../../seed-step';
import { readChecklistConfig } from '../checklist-config/store';
import { lockChangeCounter, nextChangeSeq } from '../sync/cursor';
import { signaturePng } from './signature-png';

/*
 * Demo maintenance reports: five per machine of the demo fleet (at most 12 machines),
 * spread over the last 90 days and covering every status, with drawn signatures. Ids are derived from
 * machine and slot, so a second run adds nothing and leaves reports someone changed since alone.
 * Without excavators (the fleet step has not run) the step does nothing and says so.
 */

const SEED_ACTOR = 'seed:demo';
/** Fixed namespace of the demo report ids (UUIDv5). */
const DEMO_REPORT_NAMESPACE = '5b0f7a7e-3c1d-4e9a-9a55-6a8f0c2d7e41';
const MAX_MACHINES = 12;
const REPORTS_PER_MACHINE = 5;
const STATUS_CYCLE: readonly ReportStatus[] = ['approved', 'pending', 'signed', 'rejected', 'unsigned'];

const DESCRIPTIONS = [
  'Tägliche Sichtprüfung vor Schichtbeginn.',
  'Wöchentliche Inspektion nach 50 Betriebsstunden.',
  'Kontrolle nach Einsatz im Schrottlager, Fahrwerk gereinigt.',
  'Prüfung vor Übergabe an die Spätschicht.',
  'Inspektion nach Hydraulikschlauchwechsel.',
];
const DEFECT_NOTES = [
  'Leichte Undichtigkeit am Hydraulikschlauch, beobachten.',
  'Linker Rückspiegel locker.',
  'Arbeitsscheinwerfer vorne rechts defekt.',
  'Kettenspannung links zu gering.',
  'Luftfilter stark verschmutzt.',
];
const REJECTION_REASONS = [
  'Betriebsstunden stimmen nicht mit dem Zählerstand überein. Bitte korrigieren.',
  'Mangel am Hydraulikschlauch ohne Bemerkung – bitte beschreiben.',
];

/** A small deterministic number from a text (same report → same demo values on every run). */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function demoChecklist(categories: ChecklistCategory[], seed: number, complete: boolean): ChecklistResults {
  const results: ChecklistResults = {};
  let n = 0;
  for (const category of categories) {
    const items: Record<string, ChecklistEntry> = {};
    for (const item of category.items) {
      n++;
      const roll = (seed >>> (n % 24)) % 29;
      // Drafts leave the last items open, as a form filled halfway.
      if (!complete && n > 14) continue;
      if (roll === 0)
        items[item.key] = { state: 'not_ok', note: DEFECT_NOTES[(seed + n) % DEFECT_NOTES.length] };
      else if (roll === 1) items[item.key] = { state: 'na' };
      else items[item.key] = { state: 'ok' };
    }
    results[category.key] = items;
  }
  return results;
}

function dateDaysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

export const demoReportsStep: SeedStep = {
  name: 'reports',
  async run({ app, db, log }) {
    const machines = await db
      .select({ id: excavators.id, name: excavators.name, usageHours: excavators.usageHours })
      .from(excavators)
      .where(isNull(excavators.deletedAt))
      .orderBy(asc(excavators.name), asc(excavators.id))
      .limit(MAX_MACHINES);
    if (machines.length === 0) {
      log.info('reports: no excavators yet, no demo reports created (run the fleet step first)');
      return 'no excavators yet — skipped (load the demo fleet first)';
    }
    const people = await db
      .select({ id: users.id, username: users.username, name: users.name })
      .from(users)
      .where(inArray(sql`lower(${users.username})`, ['operator', 'manager', 'admin']));
    const find = (username: string) => people.find((p) => p.username.toLowerCase() === username);
    const manager = find('manager') ?? find('admin');
    const operator = find('operator') ?? manager;
    if (!manager || !operator) return 'no demo users — skipped';
    const displayName = (p: { name: string | null; username: string }) => p.name ?? p.username;

    const planned = machines.flatMap((machine, m) =>
      Array.from({ length: REPORTS_PER_MACHINE }, (_, k) => ({
        machine,
        id: uuidv5(`fleetpilot-demo-report:${machine.id}:${k}`, DEMO_REPORT_NAMESPACE),
        status: STATUS_CYCLE[(m + k) % STATUS_CYCLE.length]!,
        // Newest slot first; the machines are staggered so the reports spread over 90 days.
        daysAgo: Math.min(89, k * 18 + ((m * 5) % 17)),
      })),
    );
    const existing = new Set(
      (
        await db
          .select({ id: reports.id })
          .from(reports)
          .where(
            inArray(
              reports.id,
              planned.map((p) => p.id),
            ),
          )
      ).map((r) => r.id),
    );
    const missing = planned.filter((p) => !existing.has(p.id));
    if (missing.length === 0) return `${planned.length} demo reports already present`;

    const categories = (await readChecklistConfig(db)).categories;
    const operatorSignature = signaturePng(hash(operator.id));
    const managerSignature = signaturePng(hash(manager.id) + 3);
    await db.transaction(async (tx) => {
      await lockChangeCounter(tx);
      for (const plan of missing) {
        const seed = hash(plan.id);
        const reportDate = dateDaysAgo(plan.daysAgo);
        const createdAt = new Date(`${reportDate}T15:${String(seed % 60).padStart(2, '0')}:00Z`);
        const decidedAt = new Date(Math.min(Date.now(), createdAt.getTime() + 20 * 3_600_000));
        const signed = plan.status !== 'unsigned';
        const submitted = ['pending', 'approved', 'rejected'].includes(plan.status);
        const hours = Math.max(0, Math.round(plan.machine.usageHours - plan.daysAgo * 6.5));
        const values = {
          id: plan.id,
          version: 1,
          createdAt,
          createdBy: operator.id,
          updatedAt: submitted ? decidedAt : createdAt,
          updatedBy: plan.status === 'approved' || plan.status === 'rejected' ? manager.id : operator.id,
          changeSeq: await nextChangeSeq(tx),
          reportDate,
          excavatorId: plan.machine.id,
          operatorName: displayName(operator),
          managerName: plan.status === 'approved' || plan.status === 'rejected' ? displayName(manager) : null,
          description: DESCRIPTIONS[seed % DESCRIPTIONS.length]!,
          operatingHours: hours,
          notes: seed % 3 === 0 ? 'Maschine nach Einsatz gereinigt und abgestellt.' : null,
          serviceDate: seed % 4 === 0 ? dateDaysAgo(plan.daysAgo + 30) : null,
          uvvInspectionDate: seed % 5 === 0 ? dateDaysAgo(plan.daysAgo + 120) : null,
          fuelLevel: 20 + (seed % 80),
          hoursUntilNextMaintenance: 500 - (hours % 500),
          checklist: demoChecklist(categories, seed, plan.status !== 'unsigned'),
          checklistItems: categories,
          operatorSignature: signed ? operatorSignature : null,
          managerSignature: plan.status === 'approved' ? managerSignature : null,
          status: plan.status,
          submittedAt: submitted ? new Date(createdAt.getTime() + 3_600_000) : null,
          approvedBy: plan.status === 'approved' ? manager.id : null,
          approvedAt: plan.status === 'approved' ? decidedAt : null,
          rejectionReason:
            plan.status === 'rejected' ? REJECTION_REASONS[seed % REJECTION_REASONS.length]! : null,
          rejectedBy: plan.status === 'rejected' ? manager.id : null,
          rejectedAt: plan.status === 'rejected' ? decidedAt : null,
        };
        const inserted = await tx
          .insert(reports)
          .values(values)
          .onConflictDoNothing()
          .returning({ id: reports.id });
        if (inserted.length === 0) continue;
        await app.audit(
          null,
          {
            action: 'report.create',
            entity: 'report',
            entityId: plan.id,
            username: SEED_ACTOR,
            changes: { reportDate, excavator: plan.machine.name, status: plan.status },
          },
          tx,
        );
      }
    });
    return `created ${missing.length} demo reports over the last 90 days (${STATUS_CYCLE.join(', ')})`;
  },
};
