import type { Actor } from '../permissions';
import { checkReportTransition, type ReportStatus } from '../report-status';

/*
 * The report's workflow actions (submit, approve, reject) as one pure function, asked by the server's
 * workflow routes (the authority) and by the client's offline change (what the device shows until the
 * server answers). Both therefore set the same fields: a resubmitted report loses its last decision on
 * the device at once, just as it does on the server.
 */

export type ReportWorkflowAction = 'submit' | 'approve' | 'reject';

export type ReportActionInput =
  | { action: 'submit' }
  | { action: 'approve'; signature: string; managerName?: string | null }
  | { action: 'reject'; reason: string; signature?: string | null };

/** The report as far as a workflow action reads it (the API row and the device's row both fit). */
export interface ReportWorkflowView {
  status: ReportStatus;
  createdBy: string | null;
  operatorSignature: string | null;
  managerName: string | null;
}

/** The one doing the action, with the name the report prints for them. */
export interface ReportWorkflowActor extends Actor {
  /** Display name: name, else username. */
  displayName: string;
}

/** The stored fields an action writes; times as ISO strings. */
export interface ReportActionChanges {
  status: ReportStatus;
  submittedAt?: string;
  managerSignature?: string | null;
  managerName?: string | null;
  approvedBy?: string | null;
  approvedAt?: string | null;
  rejectionReason?: string | null;
  rejectedBy?: string | null;
  rejectedAt?: string | null;
}

/** The names the API adds for the deciding users, as the action leaves them. */
export interface ReportActionNames {
  approvedByName?: string | null;
  rejectedByName?: string | null;
}

export type ReportActionResult<T> =
  | {
      ok: true;
      report: T & ReportActionChanges & ReportActionNames;
      changes: ReportActionChanges;
      names: ReportActionNames;
    }
  | { ok: false; reason: 'status' | 'forbidden'; message: string };

function changesOf(
  report: ReportWorkflowView,
  input: ReportActionInput,
  actor: ReportWorkflowActor,
  at: string,
): { changes: ReportActionChanges; names: ReportActionNames } {
  switch (input.action) {
    // A resubmitted report starts a fresh review: the last decision is cleared (the audit keeps it).
    case 'submit':
      return {
        changes: {
          status: 'pending',
          submittedAt: at,
          managerSignature: null,
          approvedBy: null,
          approvedAt: null,
          rejectionReason: null,
          rejectedBy: null,
          rejectedAt: null,
        },
        names: { approvedByName: null, rejectedByName: null },
      };
    case 'approve':
      return {
        changes: {
          status: 'approved',
          managerSignature: input.signature,
          managerName: input.managerName ?? report.managerName ?? actor.displayName,
          approvedBy: actor.id,
          approvedAt: at,
        },
        names: { approvedByName: actor.displayName },
      };
    case 'reject':
      return {
        changes: {
          status: 'rejected',
          rejectionReason: input.reason,
          rejectedBy: actor.id,
          rejectedAt: at,
          managerSignature: input.signature ?? null,
        },
        names: { rejectedByName: actor.displayName },
      };
  }
}

/**
 * The report after `actor` takes the workflow action at `at`, or why they may not (the status
 * machine's refusal: 'status' is a 409, 'forbidden' a 403).
 */
export function applyReportAction<T extends ReportWorkflowView>(
  report: T,
  input: ReportActionInput,
  actor: ReportWorkflowActor,
  at: Date,
): ReportActionResult<T> {
  const check = checkReportTransition(actor, report, input.action);
  if (!check.allowed) return { ok: false, reason: check.reason, message: check.message };
  const { changes, names } = changesOf(report, input, actor, at.toISOString());
  return { ok: true, report: { ...report, ...changes, ...names }, changes, names };
}
