import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { isAdmin, type Actor } from './permissions';

/*
 * Four eyes on approvals: a maintenance report or an operations-log entry is approved by someone other
 * than the person who wrote it or signed it as its author. Only approving is guarded — rejecting (or,
 * in the log, withdrawing a signature) sends a record back for more work and certifies nothing, so a
 * manager may still reject their own report.
 *
 * Two ways past the rule, both deliberate:
 *   - the site setting `approval.allowSelfApproval` (default off) for one-person sites, where nobody
 *     else could ever approve;
 *   - an admin override with a written reason, which the server stores in the audit log.
 * The server decides with `decideSelfApproval`; the client asks the same function to disable the
 * button with an explanation, or to ask an admin for the reason first.
 */

export const OVERRIDE_REASON_MAX = 500;

export const SELF_APPROVAL_MESSAGE =
  'You cannot approve a record you created or signed as its author: someone else must approve it';
export const OVERRIDE_REASON_MESSAGE = 'Approving your own record as an admin needs a reason';

/** The optional override reason an approval may carry; blank means none. */
export const overrideReasonSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .max(OVERRIDE_REASON_MAX, `The reason must be at most ${OVERRIDE_REASON_MAX} characters`)
    .optional()
    .describe('Why an admin approves a record they wrote themselves (required for that, audited)'),
);

/** Who wrote a record: its creator, and whoever signed it as its author (when known). */
export interface AuthoredRecord {
  createdBy: string | null;
  authorSigners?: ReadonlyArray<string | null | undefined>;
}

export function isOwnRecord(actor: Actor | null | undefined, record: AuthoredRecord): boolean {
  if (!actor) return false;
  return record.createdBy === actor.id || (record.authorSigners ?? []).some((id) => id === actor.id);
}

export type SelfApprovalDecision =
  /** Someone else's record, or the site allows approving one's own. */
  | { allowed: true; override: null }
  /** An admin approving their own record, with the reason to audit. */
  | { allowed: true; override: { reason: string } }
  /** An admin's own record without a reason (400). */
  | { allowed: false; code: 'OVERRIDE_REASON_REQUIRED'; message: string }
  /** Anyone else's own record (403). */
  | { allowed: false; code: 'SELF_APPROVAL'; message: string };

export function decideSelfApproval(
  actor: Actor | null | undefined,
  record: AuthoredRecord,
  options: { allowSelfApproval: boolean; overrideReason?: string | null },
): SelfApprovalDecision {
  if (!isOwnRecord(actor, record) || options.allowSelfApproval) return { allowed: true, override: null };
  if (!isAdmin(actor)) return { allowed: false, code: 'SELF_APPROVAL', message: SELF_APPROVAL_MESSAGE };
  const reason = options.overrideReason?.trim() ?? '';
  if (!reason) return { allowed: false, code: 'OVERRIDE_REASON_REQUIRED', message: OVERRIDE_REASON_MESSAGE };
  return { allowed: true, override: { reason } };
}

/**
 * What the approve button does for this person and record: approve, ask an admin for the override
 * reason first, or nothing (disabled, with the rule as its explanation).
 */
export function selfApprovalMode(
  actor: Actor | null | undefined,
  record: AuthoredRecord,
  allowSelfApproval: boolean,
): 'free' | 'override' | 'blocked' {
  if (!isOwnRecord(actor, record) || allowSelfApproval) return 'free';
  return isAdmin(actor) ? 'override' : 'blocked';
}
