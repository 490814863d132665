import type { DispoStatus } from '../dispo/constants';
import { can, type Actor } from '../permissions';

/*
 * The dispo assignment's status changes (publish, a round ticked done or undone) as one pure function,
 * asked by the server's routes (the authority) and by the driver's tablet for its offline tick (what
 * the device shows until the server answers). Both therefore set the same fields from the same rules.
 */

export type DispoActionInput = { action: 'publish' } | { action: 'roundDone'; index: number; done: boolean };

export type DispoWorkflowAction = DispoActionInput['action'];

/** A round as far as an action reads it: the stored round and the API round both fit. */
export interface DispoRoundView {
  done: boolean;
}

/** The assignment as far as an action reads it (the stored row with its driver, the API row, the mirror). */
export interface DispoWorkflowView<R extends DispoRoundView = DispoRoundView> {
  status: DispoStatus | string;
  rounds: readonly R[];
  /** The assignment's driver while they exist, with the account they sign in with. */
  driver: { userId: string | null } | null;
}

/** The stored fields an action writes; times as ISO strings. Empty: the action is already done. */
export interface DispoActionChanges<R extends DispoRoundView> {
  status?: 'published';
  publishedAt?: string;
  rounds?: R[];
}

/**
 * Why an action is refused: 'forbidden' (403) someone who may not, 'not_found' (404) a round the
 * assignment does not have, 'invalid' (400, on `field`) an assignment not ready for it.
 */
export type DispoRefusal = 'forbidden' | 'not_found' | 'invalid';

/** The round type of an assignment view: what a tick writes back is the same rounds, one changed. */
type RoundOf<T extends DispoWorkflowView> = T['rounds'][number];

export type DispoActionResult<T extends DispoWorkflowView> =
  | { ok: true; assignment: T & DispoActionChanges<RoundOf<T>>; changes: DispoActionChanges<RoundOf<T>> }
  | { ok: false; reason: DispoRefusal; message: string; field?: 'rounds' };

export const PUBLISH_WITHOUT_ROUNDS = 'Add at least one round before publishing';
export const ROUND_DONE_FORBIDDEN =
  'Only the driver of this published assignment or a dispatcher can mark rounds done';
export const noRoundMessage = (index: number) => `This assignment has no round ${index + 1}`;

/** May `actor` tick the rounds of `assignment`: dispatchers always, its driver once it is published. */
export function canTickRounds(actor: Actor, assignment: DispoWorkflowView): boolean {
  if (can(actor, 'dispo:write')) return true;
  return assignment.status === 'published' && !!actor.id && assignment.driver?.userId === actor.id;
}

/**
 * The assignment after `actor` takes the action at `at`, or why they may not. Publishing what is
 * published, or ticking a round to what it already is, succeeds with no changes.
 */
export function applyDispoAction<T extends DispoWorkflowView>(
  assignment: T,
  input: DispoActionInput,
  actor: Actor,
  at: Date,
): DispoActionResult<T> {
  let changes: DispoActionChanges<RoundOf<T>>;
  switch (input.action) {
    case 'publish':
      if (!can(actor, 'dispo:write'))
        return { ok: false, reason: 'forbidden', message: 'You may not publish assignments' };
      if (assignment.status === 'published') {
        changes = {};
        break;
      }
      if (assignment.rounds.length === 0)
        return { ok: false, reason: 'invalid', message: PUBLISH_WITHOUT_ROUNDS, field: 'rounds' };
      changes = { status: 'published', publishedAt: at.toISOString() };
      break;
    case 'roundDone': {
      if (!canTickRounds(actor, assignment))
        return { ok: false, reason: 'forbidden', message: ROUND_DONE_FORBIDDEN };
      const round = assignment.rounds[input.index];
      if (!round) return { ok: false, reason: 'not_found', message: noRoundMessage(input.index) };
      changes =
        (round.done === true) === input.done
          ? {}
          : { rounds: assignment.rounds.map((r, i) => (i === input.index ? { ...r, done: input.done } : r)) };
      break;
    }
  }
  return { ok: true, assignment: { ...assignment, ...changes }, changes };
}
