import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Assignment } from '@/domain/dispo/assignments';
import { useSyncEngine, type SyncEngine } from '@/client/offline';
import { roundDoneUrl, setRoundDone } from './api/assignments';
import { dispoErrorMessage } from './api/errors';
import { formatDay } from './format';
import { ASSIGNMENTS, toAssignment } from './use-assignment-mirror';

/**
 * Ticks a round of an assignment that is on the device: the mirrored row changes at once (marked as
 * waiting) and the outbox sends `PUT /api/containers/assignments/{id}/rounds/{index}/done` {done} with
 * its Idempotency-Key when there is a connection. No If-Match: a tick sets one round's flag, whatever
 * else the dispatcher changed meanwhile; a round or assignment that is gone (404) or no longer the
 * driver's (403) fails with the server's message in the Sync panel.
 */
export async function queueRoundDone(
  engine: SyncEngine,
  assignment: Assignment,
  index: number,
  done: boolean,
  label: string,
): Promise<void> {
  // The newest local state: an earlier tick of another round may not have rendered yet.
  const current = toAssignment(await engine.db.collection(ASSIGNMENTS).get(assignment.id)) ?? assignment;
  const rounds = current.rounds.map((round, i) => (i === index ? { ...round, done } : round));
  await engine.enqueueCall({
    collection: ASSIGNMENTS,
    recordId: assignment.id,
    method: 'PUT',
    url: roundDoneUrl(assignment.id, index),
    body: { done },
    optimistic: { rounds },
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
  const [busyIndex, setBusyIndex] = useState<number | null>(null);
  const toggle = async (assignment: Assignment, index: number, done: boolean, fromMirror: boolean) => {
    setBusyIndex(index);
    try {
      if (fromMirror) {
        const label = t('dispo.view.title', {
          driver: assignment.driver?.name ?? t('dispo.unknownDriver'),
          date: formatDay(assignment.date, 'short'),
        });
        await queueRoundDone(engine, assignment, index, done, label);
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
