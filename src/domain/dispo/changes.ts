import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import type { Language } from '../constants';
import type { AssignmentFields, DispoRoundInput } from './assignment-input';

/** What changed in a published assignment (notification text, audit, `lastChange`). */
export const DISPO_CHANGE_FIELDS = ['date', 'driver', 'truck', 'generalNotes'] as const;
export type DispoChangeField = (typeof DISPO_CHANGE_FIELDS)[number];
export const dispoChangeSchema = lazySchema(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('field'), field: z.enum(DISPO_CHANGE_FIELDS) }),
    z.object({
      kind: z.literal('round'),
      /** 0-based; texts show it 1-based. */
      index: z.number().int(),
      change: z.enum(['added', 'removed', 'changed']),
    }),
  ]),
);
export type DispoChange = z.infer<typeof dispoChangeSchema>;

const roundKey = (r: Pick<DispoRoundInput, 'notes' | 'items'>) =>
  JSON.stringify([r.notes ?? null, r.items.map((i) => [i.containerTypeId, i.quantity, i.operation])]);

/**
 * The changes between two versions, in a stable order: fields, then rounds by position. A round's
 * `done` tick is the driver's progress, not an instruction, and is not a change.
 */
export function diffAssignment(
  before: Pick<AssignmentFields, 'date' | 'driverId' | 'truckId' | 'generalNotes' | 'rounds'>,
  after: Pick<AssignmentFields, 'date' | 'driverId' | 'truckId' | 'generalNotes' | 'rounds'>,
): DispoChange[] {
  const out: DispoChange[] = [];
  if (before.date !== after.date) out.push({ kind: 'field', field: 'date' });
  if (before.driverId !== after.driverId) out.push({ kind: 'field', field: 'driver' });
  if ((before.truckId ?? null) !== (after.truckId ?? null)) out.push({ kind: 'field', field: 'truck' });
  if ((before.generalNotes ?? null) !== (after.generalNotes ?? null))
    out.push({ kind: 'field', field: 'generalNotes' });
  const rounds = Math.max(before.rounds.length, after.rounds.length);
  for (let index = 0; index < rounds; index++) {
    const a = before.rounds[index];
    const b = after.rounds[index];
    if (!a) out.push({ kind: 'round', index, change: 'added' });
    else if (!b) out.push({ kind: 'round', index, change: 'removed' });
    else if (roundKey(a) !== roundKey(b)) out.push({ kind: 'round', index, change: 'changed' });
  }
  return out;
}

interface ChangeLabels {
  fields: Record<DispoChangeField, string>;
  round: Record<'added' | 'removed' | 'changed', string>;
}

/** `{n}` is the 1-based round number. */
export const dispoChangeLabels: Record<Language, ChangeLabels> = {
  en: {
    fields: { date: 'date', driver: 'driver', truck: 'truck', generalNotes: 'general notes' },
    round: { added: 'round {n} added', removed: 'round {n} removed', changed: 'round {n} changed' },
  },
  de: {
    fields: { date: 'Datum', driver: 'Fahrer', truck: 'LKW', generalNotes: 'allgemeine Hinweise' },
    round: { added: 'Tour {n} hinzugefügt', removed: 'Tour {n} entfernt', changed: 'Tour {n} geändert' },
  },
  bg: {
    fields: { date: 'дата', driver: 'шофьор', truck: 'камион', generalNotes: 'общи бележки' },
    round: { added: 'добавен курс {n}', removed: 'премахнат курс {n}', changed: 'променен курс {n}' },
  },
  gr: {
    fields: { date: 'ημερομηνία', driver: 'οδηγός', truck: 'φορτηγό', generalNotes: 'γενικές σημειώσεις' },
    round: {
      added: 'προστέθηκε δρομολόγιο {n}',
      removed: 'αφαιρέθηκε δρομολόγιο {n}',
      changed: 'άλλαξε δρομολόγιο {n}',
    },
  },
};

/** "date, truck, round 2 changed" in `language`. */
export function describeDispoChanges(changes: readonly DispoChange[], language: Language): string {
  const l = dispoChangeLabels[language];
  return changes
    .map((c) =>
      c.kind === 'field' ? l.fields[c.field] : l.round[c.change].replace('{n}', String(c.index + 1)),
    )
    .join(', ');
}
