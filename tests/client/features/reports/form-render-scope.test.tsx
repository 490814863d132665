import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as MantineCore from '@mantine/core';
import type * as SegmentedChoiceModule from '@/client/ui/segmented-choice';
import { DEFAULT_CHECKLIST } from '@/domain/checklist';
import { ReportForm } from '@/client/features/reports/form/report-form';
import { createHarness, type Harness } from '../../offline/harness';
import { makeUser, renderApp, renderWithEngine, resetClientState, useEnglish } from '../../support/render';
import { resetDeviceDb, stubFetch } from '../logbook/logbook-support';

/*
 * On a slow tablet a tap costs what it re-renders. Every checklist item and every logbook check is one
 * choice of answers named after it: counting the choices' renders by name shows which rows a tap or a
 * keystroke redrew. The report form's own sections (checklist, signature) are fieldsets named by their
 * legend: counting those shows whether the form above the rows rendered again.
 */
const rendered = vi.hoisted(() => [] as string[]);
const fieldsets = vi.hoisted(() => [] as string[]);
vi.mock('@/client/ui/segmented-choice', async (importOriginal) => {
  const actual = await importOriginal<typeof SegmentedChoiceModule>();
  const { createElement } = await import('react');
  function CountedSegmentedChoice(props: SegmentedChoiceModule.SegmentedChoiceProps<string>) {
    rendered.push(props.label);
    return createElement(actual.SegmentedChoice, props);
  }
  return { ...actual, SegmentedChoice: CountedSegmentedChoice };
});
vi.mock('@mantine/core', async (importOriginal) => {
  const core = await importOriginal<typeof MantineCore>();
  const { createElement } = await import('react');
  function CountedFieldset(props: MantineCore.FieldsetProps) {
    if (typeof props.legend === 'string') fieldsets.push(props.legend);
    return createElement(core.Fieldset, props);
  }
  return { ...core, Fieldset: CountedFieldset };
});
vi.mock('@/client/ui/signature/signature-canvas', async () => ({
  SignatureCanvas: (await import('../../support/signature')).FakeSignatureCanvas,
}));

/** The names of the controls rendered by `action`, once each. */
async function renderedBy(action: () => unknown): Promise<string[]> {
  // What opening the form set off (the draft lookup, the control's own start-up) is over first.
  await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
  rendered.length = 0;
  fieldsets.length = 0;
  await act(async () => {
    await action();
  });
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  return [...new Set(rendered)];
}

describe('report form: what a tap re-renders', { timeout: 60_000 }, () => {
  let h: Harness;
  beforeEach(async () => {
    resetClientState();
    await useEnglish();
    h = createHarness();
  });
  afterEach(async () => {
    await h.dispose();
  });

  const categories = DEFAULT_CHECKLIST.categories;

  async function renderForm() {
    renderWithEngine(
      h,
      <ReportForm
        report={null}
        categories={categories}
        defaultOperatorName="Olga Operator"
        onSave={async () => {}}
        onCancel={() => {}}
      />,
    );
    await screen.findByTestId('report-checklist');
  }

  it('redraws only the tapped checklist row, and no choice for a note or a text elsewhere', async () => {
    await renderForm();
    const tracks = screen.getByTestId('checklist-exterior-tracks');
    const name = within(tracks).getByRole('radiogroup').getAttribute('aria-label')!;

    const byTap = await renderedBy(() => fireEvent.click(within(tracks).getByLabelText('OK')));
    expect(within(tracks).getByLabelText('OK')).toBeChecked();
    expect(byTap).toEqual([name]);

    // Once the checklist differs from what the form opened with, a tap leaves the form above the rows
    // alone: no section of it renders again, and no other row.
    const bucket = screen.getByTestId('checklist-exterior-bucket');
    const bucketName = within(bucket).getByRole('radiogroup').getAttribute('aria-label')!;
    const bySecondTap = await renderedBy(() => fireEvent.click(within(bucket).getByLabelText('Not OK')));
    expect(within(bucket).getByLabelText('Not OK')).toBeChecked();
    expect(within(tracks).getByLabelText('OK')).toBeChecked();
    expect(bySecondTap).toEqual([bucketName]);
    expect(fieldsets).toEqual([]);

    // A note re-renders its own input, not the row's choice.
    const byNote = await renderedBy(() =>
      fireEvent.change(within(tracks).getByRole('textbox'), { target: { value: 'Worn' } }),
    );
    expect(within(tracks).getByRole('textbox')).toHaveValue('Worn');
    expect(byNote).toEqual([]);

    // The form copies its values on every change: the checklist must not take that for a change of its own.
    const byDescription = await renderedBy(() =>
      fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Greased' } }),
    );
    expect(byDescription).toEqual([]);
  });
});

describe('operations log form: what a tap re-renders', { timeout: 60_000 }, () => {
  beforeEach(async () => {
    resetClientState();
    await resetDeviceDb();
    stubFetch(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('redraws only the toggled check, and no check while the notes are typed', async () => {
    await renderApp({ path: '/betriebstagebuch?view=new', user: makeUser('operator') });
    expect(await screen.findByRole('heading', { name: 'New entry' })).toBeInTheDocument();
    const conveyors = await screen.findAllByTestId('conveyor-check');
    expect(conveyors.length).toBeGreaterThan(1);
    const second = conveyors[1]!;
    const name = within(second).getByRole('radiogroup').getAttribute('aria-label')!;

    const byToggle = await renderedBy(() => fireEvent.click(within(second).getByLabelText('Not functional')));
    expect(second).toHaveAttribute('data-state', 'bad');
    expect(byToggle).toEqual([name]);

    const byNotes = await renderedBy(() =>
      fireEvent.change(screen.getByLabelText('General notes'), { target: { value: 'Belt checked' } }),
    );
    expect(byNotes).toEqual([]);
  });
});
