import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CHECKLIST } from '@/domain/checklist';
import type { TFunction } from 'i18next';
import { i18n } from '@/client/i18n';
import { localToday } from '@/client/lib/dates';
import { ReportForm } from '@/client/features/reports/form/report-form';
import { initialFormValues, toPayload, validateReport } from '@/client/features/reports/form/form-values';
import { ExcavatorPicker } from '@/client/ui/pickers/excavator-picker';
import { settingsStore } from '@/client/lib/session/settings-store';
import { DEFAULT_SETTINGS } from '@/domain/settings';
import { createHarness, excavator, type Harness } from '../../offline/harness';
import { PNG } from '../../support/signature';
import { renderWithEngine, resetClientState, useEnglish } from '../../support/render';

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
  await h.dispose();
});

const t = ((key: string, options?: Record<string, unknown>) => i18n.t(key, options)) as TFunction;
const categories = DEFAULT_CHECKLIST.categories;

describe('report form values', () => {
  it('requires excavator and operator, refuses a future report date and a fuel level past 100', () => {
    const values = { ...initialFormValues(null, ''), reportDate: '2999-01-01', fuelLevel: 120 };
    const errors = validateReport(values, t);
    expect(errors.excavatorId).toBe('Excavator is required');
    expect(errors.operatorName).toBe('Operator name is required');
    expect(errors.reportDate).toBe('Report date cannot be in the future');
    expect(errors.fuelLevel).toBe('Fuel level must be between 0 and 100');
  });

  it('accepts today and a past date', () => {
    const base = { ...initialFormValues(null, 'Olga'), excavatorId: '0190d6a0-0000-7000-8000-000000000001' };
    expect(validateReport({ ...base, reportDate: localToday() }, t)).toEqual({});
    expect(validateReport({ ...base, reportDate: '2024-02-29' }, t)).toEqual({});
    expect(validateReport({ ...base, reportDate: '2024-02-30' }, t).reportDate).toBe(
      'Report date must be a date (YYYY-MM-DD)',
    );
  });

  it('keeps only answered checklist items, trims notes and sends the checklist it was filled with', () => {
    const values = {
      ...initialFormValues(null, 'Olga'),
      excavatorId: '0190d6a0-0000-7000-8000-000000000001',
      checklist: {
        exterior: {
          tracks: { state: 'not_ok' as const, note: '  worn  ' },
          bucket: { state: null, note: 'x' },
        },
        // An answer of a category the form does not show is not sent.
        retired: { gauge: { state: 'ok' as const, note: '' } },
      },
    };
    const payload = toPayload(values, categories, PNG);
    expect(payload.checklist).toEqual({ exterior: { tracks: { state: 'not_ok', note: 'worn' } } });
    expect(payload.checklistItems).toEqual(categories);
    expect(payload.operatorSignature).toBe(PNG);
    expect(payload.managerName).toBeNull();
  });
});

describe('ExcavatorPicker', () => {
  it('says so when there are no machines', async () => {
    renderWithEngine(h, <ExcavatorPicker value={null} onChange={() => {}} />);
    expect(
      await screen.findByText(
        'No machines available for selection. Check permissions or add excavators first.',
      ),
    ).toBeInTheDocument();
  });

  it('lists non-deleted machines searchable by serial number', async () => {
    await h.engine.createRecord('excavators', excavator('Alpha'));
    const gone = await h.engine.createRecord('excavators', excavator('Gone'));
    await h.db.excavators.update(gone.id, { deletedAt: '2025-01-01T00:00:00Z' });
    const onChange = vi.fn();
    renderWithEngine(h, <ExcavatorPicker value={null} onChange={onChange} />);
    const input = await screen.findByLabelText('Excavator', { selector: 'input' });
    await waitFor(() => expect(input).toBeEnabled());
    await userEvent.type(input, 'SN-Al');
    const option = await screen.findByRole('option', { name: 'Alpha · SN-Alpha' });
    expect(screen.queryByRole('option', { name: /Gone/ })).toBeNull();
    await userEvent.click(option);
    expect(onChange).toHaveBeenCalledWith(expect.any(String));
  });
});

// The whole form (30 checklist rows) renders slowly under jsdom on a shared machine.
describe('ReportForm', { timeout: 60_000 }, () => {
  async function renderForm() {
    const machine = await h.engine.createRecord('excavators', excavator('Alpha'));
    const onSave = vi.fn(async () => {});
    renderWithEngine(
      h,
      <ReportForm
        report={null}
        categories={categories}
        defaultOperatorName="Olga Operator"
        onSave={onSave}
        onCancel={() => {}}
      />,
    );
    return { onSave, machine };
  }

  it('shows the field errors and does not save an invalid report', async () => {
    const { onSave } = await renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Save and submit' }));
    expect(await screen.findByText('Excavator is required')).toBeInTheDocument();
    expect(screen.getByText('Sign the report before submitting it')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Report date/), { target: { value: '2999-12-31' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Report date cannot be in the future')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves the filled checklist and the signature, and submits', async () => {
    const { onSave, machine } = await renderForm();
    const picker = screen.getByLabelText(/Excavator/, { selector: 'input' });
    await waitFor(() => expect(picker).toBeEnabled());
    await userEvent.click(picker);
    await userEvent.click(await screen.findByRole('option', { name: 'Alpha · SN-Alpha' }));

    const tracks = screen.getByTestId('checklist-exterior-tracks');
    await userEvent.click(within(tracks).getByText('Not OK'));
    fireEvent.change(within(tracks).getByRole('textbox'), { target: { value: 'Left track worn' } });
    const exterior = tracks.closest('fieldset')!;
    await userEvent.click(within(exterior as HTMLElement).getByRole('button', { name: 'Mark the rest ok' }));
    await userEvent.click(screen.getByRole('button', { name: 'Draw: Operator signature' }));
    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Save and submit' }));
    });
    // Other categories are still open: the submission asks first.
    const ask = await screen.findByRole('dialog', { name: 'Checklist incomplete' });
    const open = categories.slice(1).reduce((n, c) => n + c.items.length, 0);
    const total = categories.reduce((n, c) => n + c.items.length, 0);
    expect(within(ask).getByText(`${open} of ${total} checklist items not checked`)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
    await userEvent.click(within(ask).getByRole('button', { name: 'Submit anyway' }));

    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const [payload, submit] = onSave.mock.calls[0] as unknown as [ReturnType<typeof toPayload>, boolean];
    expect(submit).toBe(true);
    expect(payload.excavatorId).toBe(machine.id);
    expect(payload.operatorName).toBe('Olga Operator');
    expect(payload.operatorSignature).toBe(PNG);
    expect(payload.checklist.exterior!.tracks).toEqual({ state: 'not_ok', note: 'Left track worn' });
    expect(payload.checklist.exterior!.bucket).toEqual({ state: 'ok' });
    expect(Object.keys(payload.checklist.exterior!)).toHaveLength(categories[0]!.items.length);
    expect(payload.checklist.engine).toBeUndefined();
  });

  it('marks the rest N/A on request, and offers no way past a site that requires every item', async () => {
    settingsStore.set({
      status: 'ready',
      settings: { ...DEFAULT_SETTINGS, reports: { requireAllChecklistItems: true } },
      error: null,
    });
    const { onSave } = await renderForm();
    const picker = screen.getByLabelText(/Excavator/, { selector: 'input' });
    await waitFor(() => expect(picker).toBeEnabled());
    await userEvent.click(picker);
    await userEvent.click(await screen.findByRole('option', { name: 'Alpha · SN-Alpha' }));
    await userEvent.click(screen.getByRole('button', { name: 'Draw: Operator signature' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save and submit' }));
    const ask = await screen.findByRole('dialog', { name: 'Checklist incomplete' });
    expect(
      within(ask).getByText(
        'This site requires every checklist item to be checked before a report is submitted.',
      ),
    ).toBeInTheDocument();
    expect(within(ask).queryByRole('button', { name: 'Submit anyway' })).toBeNull();
    await userEvent.click(within(ask).getByRole('button', { name: 'Mark the rest as N/A' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Checklist incomplete' })).toBeNull());
    expect(onSave).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Save and submit' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const [payload] = onSave.mock.calls[0] as unknown as [ReturnType<typeof toPayload>, boolean];
    expect(payload.checklist.engine![categories[2]!.items[0]!.key]).toEqual({ state: 'na' });
  });
});
