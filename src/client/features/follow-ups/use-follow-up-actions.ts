import { useMemo } from 'react';
import type { FollowUp, FollowUpFields } from '@/domain/followup';
import { useSyncEngine } from '@/client/offline';
import { useCurrentUser } from '@/client/lib/session/session-store';

export interface FollowUpInput extends FollowUpFields {
  /** A new photo (compressed by the engine before it is stored). */
  photo?: File | null;
}

/**
 * Writes through the outbox, so they work offline like every mirrored record: the change shows at once
 * and is sent (with an Idempotency-Key) when the connection allows.
 */
export function useFollowUpActions() {
  const engine = useSyncEngine();
  const user = useCurrentUser();
  return useMemo(
    () => ({
      create: async ({ photo, ...fields }: FollowUpInput) => {
        await engine.createRecord(
          'followUps',
          { ...fields, status: 'open', titleLabels: null, source: null, closedByReportId: null },
          photo ? { files: { photo }, label: fields.title } : { label: fields.title },
        );
      },
      update: async (followUp: FollowUp, { photo, ...fields }: FollowUpInput) => {
        await engine.updateRecord('followUps', followUp.id, fields, {
          base: followUp,
          label: fields.title,
          ...(photo ? { files: { photo } } : {}),
        });
      },
      setStatus: async (followUp: FollowUp, status: FollowUp['status']) => {
        const closing = status === 'closed';
        await engine.enqueueCall({
          collection: 'followUps',
          recordId: followUp.id,
          method: 'PUT',
          url: `/api/follow-ups/${encodeURIComponent(followUp.id)}/${closing ? 'close' : 'reopen'}`,
          optimistic: {
            status,
            closedAt: closing ? new Date().toISOString() : null,
            closedBy: closing ? user.id : null,
            closedByName: closing ? user.name || user.username : null,
            closedByReportId: null,
          },
          label: followUp.title,
        });
      },
    }),
    [engine, user],
  );
}
