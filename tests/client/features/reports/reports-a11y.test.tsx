import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fitLabel } from '@/client/features/analytics/components/axis-label';
import { ReportFilters } from '@/client/features/reports/components/report-filters';
import {
  SignatureField,
  type SignatureFieldHandle,
} from '@/client/features/reports/components/signature-field';
import { createHarness, type Harness } from '../../offline/harness';
import { PNG } from '../../support/signature';
import { renderWithEngine, resetClientState, useEnglish } from '../../support/render';

vi.mock('@/client/ui/signature/signature-canvas', async () => ({
  SignatureCanvas: (await import('../../support/signature')).FakeSignatureCanvas,
}));

/** The window answers media queries as a screen `width` pixels wide would (1em = 16px). */
function screenWidth(width: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const max = /max-width:\s*([\d.]+)em/.exec(query);
    const min = /min-width:\s*([\d.]+)em/.exec(query);
    const matches = max ? width <= Number(max[1]) * 16 : min ? width >= Number(min[1]) * 16 : false;
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    } as MediaQueryList;
  });
}

let h: Harness;
beforeEach(async () => {
  resetClientState();
  await useEnglish();
  h = createHarness();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await h.dispose();
});

describe('signature field for screen readers and the keyboard', () => {
  it('signs with the typed name and says who signed and when', async () => {
    const field = createRef<SignatureFieldHandle>();
    const onChange = vi.fn();
    renderWithEngine(
      h,
      <SignatureField
        ref={field}
        label="Operator signature"
        signerName="Olga Operator"
        onChange={onChange}
      />,
    );
    const pad = screen.getByRole('button', { name: 'Draw: Operator signature' });
    expect(pad).toHaveAccessibleDescription('Not signed yet');
    expect(field.current?.value()).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Sign with my name' }));
    expect(pad).toHaveAttribute('data-typed', 'Olga Operator');
    await waitFor(() => expect(pad).toHaveAccessibleDescription(/^Signed by Olga Operator at .*\d/));
    expect(screen.getByTestId('signature-caption')).toHaveTextContent(/^Signed by Olga Operator at/);
    expect(onChange).toHaveBeenLastCalledWith(true);
    expect(field.current?.value()).toBe(PNG);

    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(pad).toHaveAccessibleDescription('Not signed yet'));
    expect(onChange).toHaveBeenLastCalledWith(false);
  });

  it('captions a drawn signature too, and cannot sign by name without one', async () => {
    renderWithEngine(h, <SignatureField label="Manager signature" signerName="  " />);
    expect(screen.getByRole('button', { name: 'Sign with my name' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Draw: Manager signature' }));
    expect(await screen.findByText(/^Signed at .*\d/)).toBeInTheDocument();
  });
});

describe('report filters', () => {
  const search = { status: 'pending' as const, q: 'hydraulic' };

  it('wait behind a Filter button with the count on a phone', async () => {
    screenWidth(390);
    const onChange = vi.fn();
    const onClear = vi.fn();
    renderWithEngine(h, <ReportFilters search={search} reports={[]} onChange={onChange} onClear={onClear} />);
    expect(screen.queryByLabelText('Search')).toBeNull();
    const open = screen.getByRole('button', { name: 'Filter, 2 active' });
    expect(open).toHaveTextContent('Filter');
    await userEvent.click(open);
    const drawer = await screen.findByRole('dialog', { name: 'Filter reports' });
    expect(within(drawer).getByLabelText('Search')).toHaveValue('hydraulic');
    expect(within(drawer).getByLabelText('From')).toBeInTheDocument();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Clear filters' }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });

  it('stand in a row on a desktop', () => {
    screenWidth(1440);
    renderWithEngine(
      h,
      <ReportFilters search={{}} reports={[]} onChange={() => undefined} onClear={() => undefined} />,
    );
    expect(screen.getByLabelText('Search')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Filter/ })).toBeNull();
  });
});

describe('chart axis labels', () => {
  const measure = (text: string) => text.length * 7;

  it('keep a name that fits and shorten a longer one with an ellipsis', () => {
    expect(fitLabel('Motor', 100, measure)).toBe('Motor');
    const fitted = fitLabel('Förderband · Magnetabscheider-Band', 140, measure);
    expect(fitted.endsWith('…')).toBe(true);
    expect(measure(fitted)).toBeLessThanOrEqual(140);
    expect(fitted.startsWith('Förderband')).toBe(true);
    expect(measure(fitLabel('Förderband · Magnetabscheider-Band', 147, measure))).toBeGreaterThan(140);
  });
});
