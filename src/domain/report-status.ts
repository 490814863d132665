import { can, type Actor } from './permissions';

/*
 * The maintenance report status machine, used by the server (authority) and
 * the client (which buttons to show, what an offline write will do).
 *
 *   unsigned ──edit──▶ unsigned | signed        (draft: "signed" = saved with the operator's signature)
 *   signed   ──submit─▶ pending
 *   pending  ──approve▶ approved                 (the manager signs)
 *   pending  ──reject─▶ rejected                 (with a reason)
 *   rejected ──edit──▶ unsigned | signed, ──submit─▶ pending  (edited, re-signed and resubmitted)
 *
 * The table below is the whole machine: for each status, the actions possible from it, the status they
 * lead to, and who may do them.
 *   - 'author'   — may create/edit/sign reports (report:write) and either decides on reports
 *                  (report:approve: managers, admins — any report) or created this report (operators:
 *                  only their own).
 *   - 'approver' — report:approve (admin, manager).
 * An action missing from a status's row is impossible from that status for everyone (409 CONFLICT);
 * an action possible from it but not for this user is forbidden (403).
 */

export const REPORT_STATUSES = ['unsigned', 'signed', 'pending', 'approved', 'rejected'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** Actions on an existing report (creating one is `canCreateReport`). */
export const REPORT_ACTIONS = ['edit', 'submit', 'approve', 'reject', 'delete'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

export type ReportRole = 'author' | 'approver';
/** 'draft': unsigned or signed, by whether the saved report carries the operator's signature. */
export type ReportTarget = ReportStatus | 'draft' | 'deleted';

export interface ReportTransition {
  to: ReportTarget;
  who: ReportRole;
}

const edit: ReportTransition = { to: 'draft', who: 'author' };
const submit: ReportTransition = { to: 'pending', who: 'author' };
const deleteByAuthor: ReportTransition = { to: 'deleted', who: 'author' };
const deleteByApprover: ReportTransition = { to: 'deleted', who: 'approver' };

export const REPORT_STATUS_TABLE: Record<ReportStatus, Partial<Record<ReportAction, ReportTransition>>> = {
  unsigned: { edit, delete: deleteByAuthor },
  signed: { edit, submit, delete: deleteByAuthor },
  pending: {
    approve: { to: 'approved', who: 'approver' },
    reject: { to: 'rejected', who: 'approver' },
    delete: deleteByApprover,
  },
  approved: { delete: deleteByApprover },
  rejected: { edit, submit, delete: deleteByAuthor },
};

/** Why an action is impossible from a status (the 409 message). */
const STATUS_MESSAGES: Record<ReportAction, Partial<Record<ReportStatus, string>> & { default: string }> = {
  edit: {
    pending: 'A report waiting for approval cannot be edited',
    approved: 'An approved report cannot be edited',
    default: 'This report cannot be edited',
  },
  submit: {
    unsigned: 'Sign the report before submitting it',
    pending: 'This report has already been submitted',
    approved: 'This report has already been approved',
    default: 'This report cannot be submitted',
  },
  approve: {
    approved: 'This report has already been approved',
    default: 'Only a submitted report can be approved',
  },
  reject: {
    rejected: 'This report has already been rejected',
    default: 'Only a submitted report can be rejected',
  },
  delete: { default: 'This report cannot be deleted' },
};

const FORBIDDEN_MESSAGES: Record<ReportRole, string> = {
  author: 'Operators may only change their own reports',
  approver: 'Only a manager can do this',
};

export interface ReportRef {
  status: ReportStatus;
  createdBy: string | null;
  /** When given, submitting also needs it (a report is submitted signed). */
  operatorSignature?: string | null;
}

/** Whether the actor holds `role` for this report (see the header). */
export function hasReportRole(actor: Actor | null | undefined, report: ReportRef, role: ReportRole): boolean {
  if (!actor) return false;
  if (role === 'approver') return can(actor, 'report:approve');
  return can(actor, 'report:write') && (can(actor, 'report:approve') || report.createdBy === actor.id);
}

export function canCreateReport(actor: Actor | null | undefined): boolean {
  return can(actor, 'report:write');
}

/** The status a saved draft takes: signed when it carries the operator's signature. */
export function draftStatus(operatorSignature: string | null | undefined): 'unsigned' | 'signed' {
  return operatorSignature ? 'signed' : 'unsigned';
}

export type ReportTransitionCheck =
  { allowed: true; to: ReportTarget } | { allowed: false; reason: 'status' | 'forbidden'; message: string };

/** May `actor` do `action` on `report` now, and where does it lead? */
export function checkReportTransition(
  actor: Actor | null | undefined,
  report: ReportRef,
  action: ReportAction,
): ReportTransitionCheck {
  const transition = REPORT_STATUS_TABLE[report.status]?.[action];
  if (!transition) {
    const messages = STATUS_MESSAGES[action];
    return { allowed: false, reason: 'status', message: messages[report.status] ?? messages.default };
  }
  if (action === 'submit' && report.operatorSignature === null) {
    return { allowed: false, reason: 'status', message: STATUS_MESSAGES.submit.unsigned! };
  }
  if (!hasReportRole(actor, report, transition.who)) {
    const message =
      action === 'delete' && transition.who === 'approver'
        ? 'Only a manager can delete a submitted or approved report'
        : FORBIDDEN_MESSAGES[transition.who];
    return { allowed: false, reason: 'forbidden', message };
  }
  return { allowed: true, to: transition.to };
}

/** The actions the actor may take on the report now (the client shows exactly these buttons). */
export function allowedReportActions(actor: Actor | null | undefined, report: ReportRef): ReportAction[] {
  return REPORT_ACTIONS.filter((action) => checkReportTransition(actor, report, action).allowed);
}

/** Resolves a target to the stored status of the saved report. */
export function resolveReportStatus(
  target: ReportTarget,
  operatorSignature: string | null | undefined,
): ReportStatus | 'deleted' {
  return target === 'draft' ? draftStatus(operatorSignature) : target;
}
