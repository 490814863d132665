import type { LogbookStatus } from '../logbook';
import { decideLogbookAction, type LogbookDenial } from '../logbook-status';
import type { Actor } from '../permissions';

/*
 * The logbook entry's review action as one pure function, asked by the server's approve route (the
 * authority) and by the client's offline change (what the device shows until the server answers), so
 * both set the same fields from the same rules.
 */

export type LogbookActionInput = {
  action: 'approve';
  /** The reviewer's signature: a drawing, or their profile signature. */
  signature: string | null;
};

export interface LogbookWorkflowView {
  status: LogbookStatus;
  createdBy: string | null;
}

export interface LogbookWorkflowActor extends Actor {
  /** Display name: name, else username. */
  displayName: string;
}

/** The stored fields the action writes; times as ISO strings. */
export interface LogbookActionChanges {
  status: LogbookStatus;
  reviewerSignature: string | null;
  approvedBy: string;
  approvedAt: string;
}

export type LogbookActionResult<T> =
  | {
      ok: true;
      entry: T & LogbookActionChanges & { approvedByName: string };
      changes: LogbookActionChanges;
      names: { approvedByName: string };
    }
  | { ok: false; reason: LogbookDenial };

/** The entry after `actor` takes the action at `at`, or why they may not (see logbook-status.ts). */
export function applyLogbookAction<T extends LogbookWorkflowView>(
  entry: T,
  input: LogbookActionInput,
  actor: LogbookWorkflowActor,
  at: Date,
): LogbookActionResult<T> {
  const decision = decideLogbookAction(actor, entry, input.action);
  if (!decision.allowed) return { ok: false, reason: decision.reason };
  const changes: LogbookActionChanges = {
    status: 'approved',
    reviewerSignature: input.signature,
    approvedBy: actor.id,
    approvedAt: at.toISOString(),
  };
  const names = { approvedByName: actor.displayName };
  return { ok: true, entry: { ...entry, ...changes, ...names }, changes, names };
}
