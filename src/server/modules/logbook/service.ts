import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SIGNATURE_MISSING_MESSAGE, type LogbookEntry } from '@/domain/logbook';
import type { LogbookAction, LogbookDecision, LogbookDenial } from '@/domain/logbook-status';
import { normalizeRole } from '@/domain/roles';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import { HttpError, badRequest, conflict, forbidden } from '../../http-error';
import { sniffImageType } from '../../services/storage';
import type { WriteContext } from '../../plugins/write';

export const LOGBOOK_PENDING_EVENT = 'logbook.pending' as const;
export const LOGBOOK_APPROVED_EVENT = 'logbook.approved' as const;
/** Who reviews: the roles holding logbook:approve. */
export const LOGBOOK_REVIEWER_ROLES = ['manager', 'admin'];

/** Turns a refused status-machine decision into the HTTP answer (current row in 409 details). */
export function assertAllowed(decision: LogbookDecision, action: LogbookAction, current: LogbookEntry): void {
  if (!decision.allowed) throw logbookRefusal(decision.reason, action, current);
}

/** The HTTP answer to a refusal of the status machine: 409 (with the current row) or 403. */
export function logbookRefusal(
  reason: LogbookDenial,
  action: LogbookAction,
  current: LogbookEntry,
): HttpError {
  switch (reason) {
    case 'locked':
      return conflict('Approved entries are locked', { reason: 'locked', current });
    case 'wrong_status':
      return conflict(
        action === 'approve' ? 'Only pending entries can be approved' : 'This entry cannot be changed now',
        { reason: 'status', current },
      );
    case 'not_author':
      return forbidden(
        action === 'sign' ? 'Only the author can sign this entry' : 'You can only change your own entries',
      );
    default:
      return forbidden();
  }
}

/** 422 with the text the form shows next to its link to /profile. */
export function signatureMissing(): HttpError {
  return new HttpError('UNPROCESSABLE', SIGNATURE_MISSING_MESSAGE, {
    reason: 'signature_missing',
    link: '/profile',
  });
}

/** A drawn signature must really be a PNG, not only be labelled as one. */
export function assertPngSignature(signature: string): void {
  const data = Buffer.from(signature.slice(signature.indexOf(',') + 1), 'base64');
  if (sniffImageType(data) !== 'image/png') {
    const message = 'Signature must be a PNG image';
    throw badRequest(message, { fields: { signature: [message] } });
  }
}

/** The signature itself stays out of the audit log: only whether one is on file. */
export const signatureMark = (signature: string | null) => (signature ? 'set' : null);

const displayName = (user: { name: string | null; username: string }) => user.name || user.username;

/**
 * Stores the notification for a status change in the write's transaction and publishes it after the
 * commit: pending → the reviewers (managers and admins, except the signer), approved → the author.
 */
export async function notifyTransition(
  app: FastifyInstance,
  request: FastifyRequest,
  w: WriteContext,
  event: typeof LOGBOOK_PENDING_EVENT | typeof LOGBOOK_APPROVED_EVENT,
  entry: LogbookEntry,
): Promise<void> {
  const me = request.user!;
  const link = `/betriebstagebuch?id=${entry.id}`;
  const recipients =
    event === LOGBOOK_PENDING_EVENT
      ? await reviewersExcept(app, w.tx, me.id)
      : entry.createdBy && entry.createdBy !== me.id
        ? [entry.createdBy]
        : [];
  if (recipients.length === 0) return;
  const pending = await app.notify(
    {
      userIds: recipients,
      type: event,
      key: event,
      params: { date: entry.date, site: entry.site ?? '', actor: displayName(me) },
      link,
    },
    w.tx,
  );
  w.afterCommit(() => pending.publish());
}

async function reviewersExcept(app: FastifyInstance, executor: Executor, userId: string): Promise<string[]> {
  const rows = await executor
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.active, true),
        ne(users.id, userId),
        inArray(sql`lower(trim(${users.role}))`, LOGBOOK_REVIEWER_ROLES.map(normalizeRole)),
      ),
    );
  return rows.map((r) => r.id);
}
