import type { LogbookStatus } from './logbook';
import { can, type Actor } from './permissions';

/*
 * The logbook entry's status machine: unsigned, pending, approved; the reviewer approves.
 * The server enforces it; the client asks the same functions to show only the actions that will work.
 *
 *   from       action            to         who
 *   ─────────  ────────────────  ─────────  ───────────────────────────────────────────────────────
 *   (new)      create            unsigned   logbook:write
 *   (new)      create + sign     pending    logbook:write, with a profile signature
 *   unsigned   save              unsigned   the author, or a reviewer (logbook:approve)
 *   unsigned   sign              pending    the author only, with a profile signature
 *   pending    save, unchanged   pending    the author, or a reviewer
 *   pending    save, changed     unsigned   the author, or a reviewer — the signature is withdrawn
 *   pending    save + sign       pending    the author only (signs the new content again)
 *   pending    unsign            unsigned   the author, or a reviewer
 *   pending    approve           approved   a reviewer (logbook:approve: admin, manager)
 *   unsigned   delete            (deleted)  the author, or a reviewer
 *   pending    delete            (deleted)  the author, or a reviewer
 *   approved   anything          —          locked: 409
 */

export type LogbookAction = 'save' | 'sign' | 'unsign' | 'approve' | 'delete';

/** Each status and the actions it allows. */
export const LOGBOOK_TRANSITIONS: Record<
  LogbookStatus,
  Partial<Record<LogbookAction, LogbookStatus | 'deleted'>>
> = {
  unsigned: { save: 'unsigned', sign: 'pending', delete: 'deleted' },
  pending: { save: 'pending', sign: 'pending', unsign: 'unsigned', approve: 'approved', delete: 'deleted' },
  approved: {},
};

/** The status an action leads to, or null when the status does not allow it. */
export function nextLogbookStatus(
  from: LogbookStatus,
  action: LogbookAction,
): LogbookStatus | 'deleted' | null {
  return LOGBOOK_TRANSITIONS[from][action] ?? null;
}

/**
 * The status after a save (PUT): `sign` true signs, false withdraws; left out, a pending entry stays
 * pending only while its content is unchanged.
 */
export function statusAfterSave(
  from: Exclude<LogbookStatus, 'approved'>,
  options: { sign?: boolean; contentChanged: boolean },
): Exclude<LogbookStatus, 'approved'> {
  if (options.sign === true) return 'pending';
  if (options.sign === false) return 'unsigned';
  if (from === 'pending' && options.contentChanged) return 'unsigned';
  return from;
}

export type LogbookDenial =
  /** Approved entries are locked (409). */
  | 'locked'
  /** The status does not allow the action, e.g. approving an unsigned entry (409). */
  | 'wrong_status'
  /** The role may not do this at all (403). */
  | 'forbidden'
  /** Operators edit only their own entries (403). */
  | 'not_author';

export type LogbookDecision = { allowed: true } | { allowed: false; reason: LogbookDenial };

interface EntryView {
  status: LogbookStatus;
  createdBy: string | null;
}

const allow: LogbookDecision = { allowed: true };
const deny = (reason: LogbookDenial): LogbookDecision => ({ allowed: false, reason });

/** May `actor` do `action` to `entry` now? Checks the role, the authorship and the status, in that order. */
export function decideLogbookAction(
  actor: Actor | null | undefined,
  entry: EntryView,
  action: LogbookAction,
): LogbookDecision {
  const isAuthor = !!actor && entry.createdBy === actor.id;
  const isReviewer = can(actor, 'logbook:approve');
  if (action === 'approve') {
    if (!isReviewer) return deny('forbidden');
  } else {
    if (!can(actor, 'logbook:write')) return deny('forbidden');
    if (action === 'sign' ? !isAuthor : !isAuthor && !isReviewer) return deny('not_author');
  }
  if (entry.status === 'approved') return deny('locked');
  if (nextLogbookStatus(entry.status, action) === null) return deny('wrong_status');
  return allow;
}

/** Shortcuts for the screens. */
export const canEditLogbookEntry = (actor: Actor | null | undefined, entry: EntryView) =>
  decideLogbookAction(actor, entry, 'save').allowed;
export const canSignLogbookEntry = (actor: Actor | null | undefined, entry: EntryView) =>
  decideLogbookAction(actor, entry, 'sign').allowed;
export const canApproveLogbookEntry = (actor: Actor | null | undefined, entry: EntryView) =>
  decideLogbookAction(actor, entry, 'approve').allowed;
export const canDeleteLogbookEntry = (actor: Actor | null | undefined, entry: EntryView) =>
  decideLogbookAction(actor, entry, 'delete').allowed;
