import type { FastifyInstance } from 'fastify';
import type { DispoChange } from '@/domain/dispo/changes';
import type { WriteContext } from '../../plugins/write';

/*
 * Notifications to drivers: publishing tells the linked driver's account
 * ('dispo.published'); a later change tells it what changed, and withdrawing (deleting the assignment or
 * moving it to another driver) tells it too ('dispo.changed'). A driver without an account is told
 * nothing; the person acting is never told about their own step. Texts are rendered in each reader's
 * language from the message key (domain/notification-texts).
 */

export type DriverMessage = 'published' | 'changed' | 'withdrawn';

/** Stores the notification in the write's transaction and publishes it after the commit. */
export async function notifyDriver(
  app: FastifyInstance,
  w: WriteContext,
  message: DriverMessage,
  assignment: { id: string; date: string },
  driverUserId: string | null | undefined,
  actor: { id: string; name: string },
  changes: readonly DispoChange[] = [],
): Promise<void> {
  if (!driverUserId || driverUserId === actor.id) return;
  const pending = await app.notify(
    {
      userIds: [driverUserId],
      type: message === 'published' ? 'dispo.published' : 'dispo.changed',
      key: `dispo.${message}`,
      params: { date: assignment.date, actor: actor.name, changes: [...changes] },
      link: `/dispo/assignments/${assignment.id}`,
    },
    w.tx,
  );
  w.afterCommit(() => pending.publish());
}
