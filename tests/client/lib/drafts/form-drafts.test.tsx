import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CHECKLIST } from '@/domain/checklist';
import { ItemFormModal } from '@/client/features/inventory/components/item-form-modal';
import { EMPTY_ITEM_FORM } from '@/client/features/inventory/item-form';
import { ReportForm } from '@/client/features/reports/form/report-form';
import { initialFormValues } from '@/client/features/reports/form/form-values';
import {
  clearDraft,
  createDraftWriter,
  draftKey,
  listDrafts,
  readDraft,
  saveDraft,
} from '@/client/offline/drafts';
import { sessionStore } from '@/client/lib/session/session-store';
import { createHarness, excavator, type Harness } from '../../offline/harness';
import { PNG } from '../../support/signature';
import { makeUser, renderWithEngine, resetClientState, useEnglish } from '../../support/render';

vi.mock('@/client/ui/signature/signature-canvas', async () => ({
  SignatureCanvas: (await import('../../support/signature')).FakeSignatureCanvas,
}));

let h: Harness;
beforeEach(async () => {
  resetClientState();
  await useEnglish();
  h = createHarness();
});
afterEach(async () => {
  // The forms write their last input as they close: before the database goes.
  cleanup();
  await h.dispose();
});

const categories = DEFAULT_CHECKLIST.categories;
const olga = { userId: 'user-olga', form: 'report', recordId: null } as const;

describe('draft storage', () => {
  it('keeps one draft per user, form and record, and hands a draft only to its own user', async () => {
    await saveDraft(h.db, olga, { note: 'mine' }, { files: 2 });
    await saveDraft(h.db, { ...olga, recordId: 'r1' }, { note: 'edit' });
    await saveDraft(h.db, { ...olga, userId: 'user-piet' }, { note: 'his' });

    expect(draftKey(olga)).toBe('user-olga|report|new');
    expect(await readDraft(h.db, olga)).toMatchObject({
      values: { note: 'mine' },
      files: 2,
      recordId: 'new',
    });
    expect(await readDraft(h.db, { ...olga, recordId: 'r1' })).toMatchObject({ values: { note: 'edit' } });
    expect(await readDraft(h.db, { ...olga, userId: 'user-piet' })).toMatchObject({
      values: { note: 'his' },
    });
    expect(await readDraft(h.db, { ...olga, form: 'logbook' })).toBeNull();
    expect((await listDrafts(h.db, 'user-olga')).map((row) => row.recordId).sort()).toEqual(['new', 'r1']);

    // A row stored under another user's key is never handed out.
    await h.db.drafts.put({ ...(await readDraft(h.db, olga))!, userId: 'user-piet' });
    expect(await readDraft(h.db, olga)).toBeNull();

    await clearDraft(h.db, { ...olga, recordId: 'r1' });
    expect(await readDraft(h.db, { ...olga, recordId: 'r1' })).toBeNull();
    expect(await readDraft(h.db, { ...olga, userId: 'user-piet' })).not.toBeNull();
  });

  it('writes only the newest input after the pause, at once on flush, and nothing after cancel', async () => {
    const written: string[] = [];
    const writer = createDraftWriter(30);
    writer.schedule(async () => void written.push('a'));
    writer.schedule(async () => void written.push('b'));
    expect(written).toEqual([]);
    await waitFor(() => expect(written).toEqual(['b']));

    writer.schedule(async () => void written.push('c'));
    await writer.flush();
    expect(written).toEqual(['b', 'c']);

    writer.schedule(async () => void written.push('d'));
    await writer.cancel();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(written).toEqual(['b', 'c']);
  });
});

// The whole report form (30 checklist rows) renders slowly under jsdom on a shared machine.
describe('report form drafts', { timeout: 60_000 }, () => {
  function signIn(id: string) {
    sessionStore.set({ status: 'signed-in', user: makeUser('operator', { id }) });
  }

  function renderForm(onSave = vi.fn(async () => {})) {
    const view = renderWithEngine(
      h,
      <ReportForm
        report={null}
        categories={categories}
        defaultOperatorName="Olga Operator"
        onSave={onSave}
        onCancel={() => {}}
      />,
    );
    return { ...view, onSave };
  }

  const stored = () => readDraft(h.db, olga);

  it('keeps typed fields, checklist answers and the signature, and restores them when the form opens again', async () => {
    signIn('user-olga');
    const first = renderForm();
    fireEvent.change(screen.getByLabelText(/Description/), { target: { value: 'Hydraulic leak' } });
    const tracks = screen.getByTestId('checklist-exterior-tracks');
    await userEvent.click(within(tracks).getByText('Not OK'));
    fireEvent.change(within(tracks).getByRole('textbox'), { target: { value: 'Left track worn' } });
    await userEvent.click(screen.getByRole('button', { name: 'Draw: Operator signature' }));

    await waitFor(async () => {
      const row = await stored();
      const values = row?.values as {
        values: { description: string; checklist: unknown };
        signature: string;
      };
      expect(values.values.description).toBe('Hydraulic leak');
      expect(values.values.checklist).toEqual({
        exterior: { tracks: { state: 'not_ok', note: 'Left track worn' } },
      });
      expect(values.signature).toBe(PNG);
    });
    first.unmount();

    renderForm();
    const notice = await screen.findByTestId('draft-notice');
    expect(within(notice).getByText('Unsaved input found')).toBeInTheDocument();
    expect(screen.getByLabelText(/Description/)).toHaveValue('');
    await userEvent.click(within(notice).getByRole('button', { name: 'Restore input' }));
    await waitFor(() => expect(screen.queryByTestId('draft-notice')).toBeNull());
    expect(screen.getByLabelText(/Description/)).toHaveValue('Hydraulic leak');
    const restored = screen.getByTestId('checklist-exterior-tracks');
    expect(within(restored).getByRole('textbox')).toHaveValue('Left track worn');
    expect(within(restored).getByRole('radio', { name: 'Not OK' })).toBeChecked();
    // The signature comes back as the one to save, shown as an image with "sign again".
    expect(screen.getByRole('img', { name: 'Operator signature' })).toHaveAttribute('src', PNG);
  });

  it('discards a draft on request and starts from the empty form', async () => {
    signIn('user-olga');
    await saveDraft(h.db, olga, {
      values: { ...initialFormValues(null, 'Olga Operator'), description: 'Old text' },
      signature: null,
    });
    renderForm();
    const notice = await screen.findByTestId('draft-notice');
    await userEvent.click(within(notice).getByRole('button', { name: 'Discard input' }));
    await waitFor(async () => expect(await stored()).toBeNull());
    expect(screen.queryByTestId('draft-notice')).toBeNull();
    expect(screen.getByLabelText(/Description/)).toHaveValue('');
  });

  it('removes the draft once the report is saved', async () => {
    signIn('user-olga');
    const machine = await h.engine.createRecord('excavators', excavator('Alpha'));
    await saveDraft(h.db, olga, {
      values: { ...initialFormValues(null, 'Olga Operator'), excavatorId: machine.id, notes: 'All fine' },
      signature: null,
    });
    const { onSave } = renderForm();
    await userEvent.click(await screen.findByRole('button', { name: 'Restore input' }));
    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    });
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect((onSave.mock.calls[0] as unknown as [{ notes: string }])[0].notes).toBe('All fine');
    await waitFor(async () => expect(await stored()).toBeNull());
  });

  it('never offers one user’s draft to another', async () => {
    await saveDraft(h.db, olga, {
      values: { ...initialFormValues(null, 'Olga Operator'), description: 'Olga only' },
      signature: null,
    });
    signIn('user-piet');
    renderForm();
    // The form looked for Piet's own draft (none) and keeps his typing under his name.
    fireEvent.change(screen.getByLabelText(/Description/), { target: { value: 'Piet typed' } });
    await waitFor(async () =>
      expect(await readDraft(h.db, { ...olga, userId: 'user-piet' })).toMatchObject({
        values: { values: { description: 'Piet typed' } },
      }),
    );
    expect(screen.queryByTestId('draft-notice')).toBeNull();
    expect(await stored()).toMatchObject({ values: { values: { description: 'Olga only' } } });
  });
});

describe('a form in a dialog', { timeout: 60_000 }, () => {
  const target = { userId: 'user-olga', form: 'inventory', recordId: null } as const;

  function renderItemForm(onClose = vi.fn()) {
    renderWithEngine(
      h,
      <ItemFormModal
        item={null}
        tagOptions={[]}
        typeOptions={[]}
        locationOptions={[]}
        onSubmit={async () => {}}
        onClose={onClose}
      />,
    );
    return onClose;
  }

  it('asks before closing with unsaved input, keeps the draft or discards it, and restores tags', async () => {
    sessionStore.set({ status: 'signed-in', user: makeUser('manager', { id: 'user-olga' }) });
    const onClose = renderItemForm();
    const form = await screen.findByRole('dialog', { name: 'New item' });
    fireEvent.change(within(form).getByLabelText(/Name/), { target: { value: 'Hydraulic hose' } });
    await waitFor(async () =>
      expect(await readDraft(h.db, target)).toMatchObject({ values: { name: 'Hydraulic hose' } }),
    );

    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: 'Leave the form?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Leave the form?' })).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect(within(form).getByLabelText(/Name/)).toHaveValue('Hydraulic hose');

    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Leave the form?' })).getByRole('button', {
        name: 'Discard and leave',
      }),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(await readDraft(h.db, target)).toBeNull();
    cleanup();

    // A stored draft with tags and a photo: the tags come back, the photo is named as not kept.
    await saveDraft(
      h.db,
      target,
      { ...EMPTY_ITEM_FORM, name: 'Filter', tags: ['oil', 'spare'] },
      { files: 1 },
    );
    renderItemForm();
    const notice = await screen.findByTestId('draft-notice');
    expect(
      within(notice).getByText('1 picked photo or file was not kept and must be added again.'),
    ).toBeInTheDocument();
    await userEvent.click(within(notice).getByRole('button', { name: 'Restore input' }));
    expect(screen.getByLabelText(/Name/)).toHaveValue('Filter');
    expect(screen.getByText('oil')).toBeInTheDocument();
    expect(screen.getByText('spare')).toBeInTheDocument();
  });
});
