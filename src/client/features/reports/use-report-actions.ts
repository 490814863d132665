import { useMemo } from 'react';
import { draftStatus } from '@/domain/report-status';
import { applyReportAction, type ReportActionInput } from '@/domain/workflow/report';
import type { User } from '@/domain/user';
import { useSyncEngine, type SyncEngine } from '@/client/offline';
import type { ReportRecord } from './model';
import type { ReportPayload } from './form/form-values';

const reportUrl = (id: string, action: 'submit' | 'approve' | 'reject') =>
  `/api/reports/${encodeURIComponent(id)}/${action}`;

const displayName = (user: Pick<User, 'name' | 'username'>) => user.name?.trim() || user.username;

/** The refusal of a workflow action the device's copy of the report does not allow. */
export class ReportActionRefused extends Error {
  constructor(
    readonly reason: 'status' | 'forbidden',
    message: string,
  ) {
    super(message);
    this.name = 'ReportActionRefused';
  }
}

/** Every write of the screen, through the offline engine (queued while offline, sent exactly once). */
export function reportActions(engine: SyncEngine, me: User, label: (report: ReportPayload) => string) {
  const actor = { id: me.id, role: me.role, displayName: displayName(me) };
  /**
   * What the device shows until the server answers: the same shared action the server takes, on the
   * report as it is here when the call is queued.
   */
  const optimistic = (input: ReportActionInput) => (row: unknown, at: Date) => {
    const result = applyReportAction(row as ReportRecord, input, actor, at);
    if (!result.ok) throw new ReportActionRefused(result.reason, result.message);
    return { ...result.changes, ...result.names };
  };
  return {
    /** Creates (no `existing`) or saves a report; the status follows the operator signature. */
    async save(payload: ReportPayload, existing: ReportRecord | null): Promise<string> {
      const status = draftStatus(payload.operatorSignature);
      if (!existing) {
        const row = await engine.createRecord(
          'reports',
          {
            ...payload,
            status,
            managerSignature: null,
            createdByName: displayName(me),
            rejectionReason: null,
          },
          { label: label(payload) },
        );
        return row.id;
      }
      // `existing` is the report as the editor opened on it: only what differs from it is sent.
      await engine.updateRecord(
        'reports',
        existing.id,
        { ...payload, status },
        { label: label(payload), base: existing, baseVersion: existing.version },
      );
      return existing.id;
    },

    submit: (report: Pick<ReportRecord, 'id'>) =>
      engine.enqueueCall({
        collection: 'reports',
        recordId: report.id,
        method: 'PUT',
        url: reportUrl(report.id, 'submit'),
        optimistic: optimistic({ action: 'submit' }),
      }),

    approve: (
      report: ReportRecord,
      signature: string,
      managerName: string | null,
      overrideReason: string | null = null,
    ) =>
      engine.enqueueCall({
        collection: 'reports',
        recordId: report.id,
        method: 'PUT',
        url: reportUrl(report.id, 'approve'),
        body: {
          signature,
          ...(managerName && { managerName }),
          ...(overrideReason && { overrideReason }),
        },
        optimistic: optimistic({ action: 'approve', signature, managerName }),
      }),

    reject: (report: ReportRecord, reason: string) =>
      engine.enqueueCall({
        collection: 'reports',
        recordId: report.id,
        method: 'PUT',
        url: reportUrl(report.id, 'reject'),
        body: { reason },
        optimistic: optimistic({ action: 'reject', reason }),
      }),

    remove: (report: ReportRecord) => engine.deleteRecord('reports', report.id),
  };
}

export type ReportActions = ReturnType<typeof reportActions>;

export function useReportActions(me: User, label: (report: ReportPayload) => string): ReportActions {
  const engine = useSyncEngine();
  return useMemo(() => reportActions(engine, me, label), [engine, me, label]);
}
