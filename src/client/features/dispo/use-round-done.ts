import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Assignment } from '@/domain/dispo/assignments';
import type { Actor } from '@/domain/permissions';
import { applyDispoAction } from '@/domain/workflow/dispo';
import { useSyncEngine, type SyncEngine } from '@/client/offline';
import { useCurrentUser } from '@/client/lib/session/session-store';
import { roundDoneUrl, setRoundDone } from './api/assignments';
import { dispoErrorMessage, DispoActionRefused } from './api/errors';
import { formatDay } from './format';
import { ASSIGNMENTS, toAssignment } from './use-assignment-mirror';

/**
 * Ticks a round of an assignment that is on the device: the mirrored row changes at once (marked as
 * waiting) and the outbox sends `PUT /api/containers/assignments/{id}/rounds/{index}/done` {done} with
 * its Idempotency-Key when there is a connection. What changes here is the shared workflow action the
 * server takes (src/domain/workflow/dispo.ts), applied to the row as it is on the device when the tick
 * is queued — an earlier tick of another round may not have rendered yet. No If-Match: a tick sets one
 * round's flag, whatever else the dispatcher changed meanwhile; a round or assignment that is gone
 * (404) or no longer the driver's (403) fails with the server's message in the Sync panel.
 */
export async function queueRoundDone(
  engine: SyncEngine,
  me: Actor,
  assignment: Assignment,
  index: number,
  done: boolean,
  label: string,
): Promise<void> {
  await engine.enqueueCall({
    collection: ASSIGNMENTS,
    recordId: assignment.id,
    method: 'PUT',
    url: roundDoneUrl(assignment.id, index),
    body: { done },
    optimistic: (row, at) => {
      const here = toAssignment(row) ?? assignment;
      const result = applyDispoAction(here, { action: 'roundDone', index, done }, me, at);
      if (!result.ok) throw new DispoActionRefused(result.reason, result.message);
      return { ...result.changes };
    },
    label,
  });
}

/**
 * "Done" on a round: through the outbox when the assignment is on the device (`fromMirror`), else
 * straight to the server (`onSaved` gets its answer). `busyIndex` marks the round being saved.
 */
export function useRoundDone(onSaved: (assignment: Assignment) => void) {
  const { t } = useTranslation();
  const engine = useSyncEngine();
  const me = useCurrentUser();
  const [busyIndex, setBusyIndex] = useState<number | null>(null);
  const toggle = async (assignment: Assignment, index: number, done: boolean, fromMirror: boolean) => {
    setBusyIndex(index);
    try {
      if (fromMirror) {
        const label = t('dispo.view.title', {
          driver: assignment.driver?.name ?? t('dispo.unknownDriver'),
          date: formatDay(assignment.date, 'short'),
        });
        await queueRoundDone(engine, me, assignment, index, done, label);
      } else {
        onSaved(await setRoundDone(assignment.id, index, done));
      }
    } catch (error) {
      notifications.show({
        color: 'red',
        message: dispoErrorMessage(error, t, t('dispo.errors.saveFailed')),
      });
    } finally {
      setBusyIndex(null);
    }
  };
  return { toggle, busyIndex };
}
