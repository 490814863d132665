import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CHECKLIST } from '@/domain/checklist';
import type { ReportStatus } from '@/domain/report-status';
import type { User } from '@/domain/user';
import { ReportActionButtons } from '@/client/features/reports/components/report-actions';
import { toReport } from '@/client/features/reports/model';
import { reportActions } from '@/client/features/reports/use-report-actions';
import { sessionStore } from '@/client/lib/session/session-store';
import { createHarness, type Harness } from '../../offline/harness';
import { PNG } from '../../support/signature';
import { makeUser, renderWithEngine, resetClientState, useEnglish } from '../../support/render';

vi.mock('@/client/ui/signature/signature-canvas', async () => ({
  SignatureCanvas: (await import('../../support/signature')).FakeSignatureCanvas,
}));

const operator = makeUser('operator', { id: 'u1' });
const otherOperator = makeUser('operator', { id: 'u9', username: 'other' });
const manager = makeUser('manager', { id: 'u2' });
const admin = makeUser('admin', { id: 'u3' });

let h: Harness;
beforeEach(async () => {
  resetClientState();
  await useEnglish();
  h = createHarness({ userId: 'u1' });
});
afterEach(async () => {
  await h.dispose();
});

const ITEMS = DEFAULT_CHECKLIST.categories.reduce((n, c) => n + c.items.length, 0);

/** A report on the device as the server would have mirrored it (author u1). */
async function mirrored(status: ReportStatus, extra: Record<string, unknown> = {}) {
  const id = `0190d6a0-0000-7000-8000-00000000000${Math.floor(Math.random() * 9)}`;
  await h.db.reports.put({
    id,
    version: 3,
    createdBy: 'u1',
    reportDate: '2025-01-01',
    excavatorId: '0190d6a0-0000-7000-8000-0000000000e1',
    operatorName: 'Olga',
    checklistItems: DEFAULT_CHECKLIST.categories,
    checklist: {},
    operatorSignature: status === 'unsigned' ? null : PNG,
    managerSignature: status === 'approved' ? PNG : null,
    status,
    ...extra,
  });
  return toReport((await h.db.reports.get(id))!);
}

async function renderActions(me: User, status: ReportStatus, extra: Record<string, unknown> = {}) {
  h.signIn(me.id);
  sessionStore.set({ status: 'signed-in', user: me });
  const report = await mirrored(status, extra);
  const onEdit = vi.fn();
  renderWithEngine(
    h,
    <ReportActionButtons
      report={report}
      excavator={{ id: report.excavatorId, name: 'Alpha', model: 'CAT 320', serialNumber: 'SN-1' }}
      me={me}
      writes={reportActions(h.engine, me, () => 'Alpha')}
      onEdit={onEdit}
      onDeleted={() => {}}
    />,
  );
  return { report, onEdit };
}

const buttons = () =>
  within(screen.getByTestId('report-actions'))
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('workflow buttons per role and status', () => {
  it.each([
    ['operator', 'unsigned', operator, ['Edit', 'Download PDF', 'Delete']],
    ['operator', 'signed', operator, ['Edit', 'Submit for approval', 'Download PDF', 'Delete']],
    ['operator', 'pending', operator, ['Download PDF']],
    ['operator', 'rejected', operator, ['Edit', 'Submit for approval', 'Download PDF', 'Delete']],
    ['another operator', 'signed', otherOperator, ['Download PDF']],
    ['manager', 'signed', manager, ['Edit', 'Submit for approval', 'Download PDF', 'Delete']],
    ['manager', 'pending', manager, ['Approve', 'Reject', 'Download PDF', 'Delete']],
    ['admin', 'approved', admin, ['Download PDF', 'Delete']],
    ['operator', 'approved', operator, ['Download PDF']],
  ] as const)('%s on a %s report', async (_name, status, me, expected) => {
    await renderActions(me, status);
    expect(buttons()).toEqual(expected);
  });
});

describe('workflow calls go through the outbox', () => {
  it('submits a signed report (queued, shown pending at once)', async () => {
    const { report } = await renderActions(operator, 'signed');
    await userEvent.click(screen.getByRole('button', { name: 'Submit for approval' }));
    // Nothing was checked: the submission asks first, and nothing is queued until it is confirmed.
    const ask = await screen.findByRole('dialog', { name: 'Checklist incomplete' });
    expect(within(ask).getByTestId('unchecked-alert')).toHaveTextContent(
      `${ITEMS} of ${ITEMS} checklist items`,
    );
    expect(await h.db.outbox.count()).toBe(0);
    await userEvent.click(within(ask).getByRole('button', { name: 'Submit anyway' }));
    await waitFor(async () => expect((await h.db.reports.get(report.id))?.status).toBe('pending'));
    const [entry] = await h.db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'call', method: 'PUT', url: `/api/reports/${report.id}/submit` });
  });

  it('resubmits a rejected report: the device clears the rejection at once, as the server does', async () => {
    const { report } = await renderActions(operator, 'rejected', {
      managerSignature: PNG,
      rejectionReason: 'Bucket photo missing',
      rejectedBy: 'u2',
      rejectedByName: 'Mia',
      rejectedAt: '2025-01-02T08:00:00.000Z',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Submit for approval' }));
    const ask = await screen.findByRole('dialog', { name: 'Checklist incomplete' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Submit anyway' }));
    await waitFor(async () => expect((await h.db.reports.get(report.id))?.status).toBe('pending'));
    expect(await h.db.reports.get(report.id)).toMatchObject({
      rejectionReason: null,
      rejectedBy: null,
      rejectedByName: null,
      rejectedAt: null,
      managerSignature: null,
    });
  });

  it('rejects only with a reason', async () => {
    const { report } = await renderActions(manager, 'pending');
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject report' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('A reason is required')).toBeInTheDocument();
    expect(await h.db.outbox.count()).toBe(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Bucket photo missing');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Report rejected successfully!')).toBeInTheDocument();
    const row = await h.db.reports.get(report.id);
    expect(row).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Bucket photo missing',
      rejectedBy: 'u2',
    });
    const [entry] = await h.db.outbox.toArray();
    expect(entry).toMatchObject({
      url: `/api/reports/${report.id}/reject`,
      body: { type: 'json', data: { reason: 'Bucket photo missing' } },
    });
  });

  it('approves only with the manager signature', async () => {
    const { report } = await renderActions(manager, 'pending');
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve report' });
    expect(within(dialog).getByTestId('unchecked-alert')).toHaveTextContent(
      `${ITEMS} of ${ITEMS} checklist items not checked`,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('The manager must sign to approve')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Draw: Manager signature' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Report approved successfully!')).toBeInTheDocument();
    expect(await h.db.reports.get(report.id)).toMatchObject({ status: 'approved', managerSignature: PNG });
    const [entry] = await h.db.outbox.toArray();
    expect(entry).toMatchObject({
      url: `/api/reports/${report.id}/approve`,
      body: { data: { signature: PNG } },
    });
  });

  it('deletes after confirmation only', async () => {
    const { report } = await renderActions(operator, 'unsigned');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete report?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await h.db.reports.get(report.id)).toBeDefined();

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete report?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(async () => expect(await h.db.reports.get(report.id)).toBeUndefined());
    expect((await h.db.outbox.toArray())[0]).toMatchObject({ kind: 'delete' });
  });

  it('refuses the PDF while the manager signature is missing', async () => {
    await renderActions(operator, 'pending');
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(
      await screen.findByText(
        'A report PDF requires both operator and manager signatures: the manager signature is missing',
      ),
    ).toBeInTheDocument();
  });
});
