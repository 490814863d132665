import { act, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CHECKLIST } from '@/domain/checklist';
import { setStoredToken } from '@/client/api/client';
import { SyncEngineProvider } from '@/client/offline/engine-context';
import { createAppRouter } from '@/client/router';
import { AppProviders } from '@/client/shell/app-providers';
import { sessionStore } from '@/client/lib/session/session-store';
import { settingsStore } from '@/client/lib/session/settings-store';
import { createHarness, excavator, type Harness } from './offline/harness';
import { PNG } from './reports-support';
import { makeSettings, makeUser, resetClientState, useEnglish } from './support/render-app';

vi.mock('@/client/ui/signature/signature-canvas', async () => ({
  SignatureCanvas: (await import('./reports-support')).FakeSignatureCanvas,
}));

configure({ asyncUtilTimeout: 8000 });

const manager = makeUser('manager', { id: 'u2' });
let h: Harness;
let machine: string;

beforeEach(async () => {
  resetClientState();
  await useEnglish();
  h = createHarness({ userId: 'u2' });
  machine = (await h.engine.createRecord('excavators', excavator('Alpha'))).id;
  const base = {
    version: 1,
    excavatorId: machine,
    checklistItems: DEFAULT_CHECKLIST.categories,
    checklist: { exterior: { tracks: { state: 'not_ok', note: 'Worn' } } },
    operatorSignature: PNG,
    managerSignature: null,
    createdBy: 'u1',
    createdByName: 'Olga Operator',
  };
  await h.db.reports.bulkPut([
    {
      ...base,
      id: 'r1',
      reportDate: '2025-03-01',
      operatorName: 'Olga',
      status: 'pending',
      description: 'Hydraulic hose leaking',
    },
    {
      ...base,
      id: 'r2',
      reportDate: '2025-02-01',
      operatorName: 'Olga',
      status: 'approved',
      description: 'All fine',
      managerSignature: PNG,
    },
    {
      ...base,
      id: 'r3',
      reportDate: '2025-01-01',
      operatorName: 'Max',
      status: 'signed',
      description: 'Bucket teeth',
    },
  ]);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 503 })),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await h.dispose();
});

async function renderReports(path: string) {
  setStoredToken('test-token');
  sessionStore.set({ status: 'signed-in', user: manager });
  settingsStore.set({ status: 'ready', settings: makeSettings(), error: null });
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  await act(async () => {
    render(
      <AppProviders env="test">
        <SyncEngineProvider engine={h.engine}>
          <RouterProvider router={router} />
        </SyncEngineProvider>
      </AppProviders>,
    );
    await router.load();
  });
  return router;
}

const rows = () => screen.queryAllByTestId('report-row').map((row) => row.getAttribute('data-status'));

describe('/reports', { timeout: 60_000 }, () => {
  it('lists the device reports newest first and filters by status and text', async () => {
    const router = await renderReports('/reports');
    await waitFor(() => expect(rows()).toEqual(['pending', 'approved', 'signed']));

    await router.navigate({ to: '/reports', search: { status: 'approved' } });
    await waitFor(() => expect(rows()).toEqual(['approved']));

    await router.navigate({ to: '/reports', search: {} });
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'bucket');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ q: 'bucket' }));
    await waitFor(() => expect(rows()).toEqual(['signed']));
  });

  it('opens the quick view with the manager actions and then the detailed view', async () => {
    await renderReports('/reports');
    await waitFor(() => expect(rows()).toHaveLength(3));
    await userEvent.click(screen.getAllByTestId('report-row')[0]!);
    const quick = await screen.findByTestId('report-quick-view');
    expect(within(quick).getByText('Hydraulic hose leaking')).toBeInTheDocument();
    expect(within(quick).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(within(quick).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    expect(within(quick).queryByRole('button', { name: 'Edit' })).toBeNull();

    await userEvent.click(within(quick).getByRole('button', { name: 'Details' }));
    const detail = await screen.findByTestId('report-detail');
    expect(within(detail).getByText('Worn')).toBeInTheDocument();
    expect(within(detail).getByRole('button', { name: 'Print' })).toBeInTheDocument();
  });

  it('creates a report through the outbox', async () => {
    const router = await renderReports('/reports?view=new');
    const picker = await screen.findByLabelText(/Excavator/, { selector: 'input' });
    await waitFor(() => expect(picker).toBeEnabled());
    await userEvent.click(picker);
    await userEvent.click(await screen.findByRole('option', { name: 'Alpha · SN-Alpha' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Maintenance report created successfully!')).toBeInTheDocument();
    const created = (await h.db.reports.toArray()).find((r) => !['r1', 'r2', 'r3'].includes(r.id))!;
    expect(created).toMatchObject({
      status: 'unsigned',
      excavatorId: machine,
      operatorName: 'Manager Tester',
    });
    const entry = (await h.db.outbox.toArray()).find((e) => e.recordId === created.id);
    expect(entry).toMatchObject({ kind: 'create', method: 'POST', url: '/api/reports' });
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ view: 'detail', id: created.id }),
    );
  });
});
