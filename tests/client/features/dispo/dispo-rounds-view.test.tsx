import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RoundsView } from '@/client/features/dispo/components/rounds-view';
import { FakeDispoApi } from './dispo-fake-api';
import { renderWithProviders, resetClientState, useEnglish } from '../../support/render';

/** The window answers media queries as a screen `width` pixels wide would (1em = 16px). */
function screenWidth(width: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const max = /max-width:\s*([\d.]+)em/.exec(query);
    const matches = max ? width <= Number(max[1]) * 16 : false;
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

beforeEach(async () => {
  resetClientState();
  await useEnglish();
});
afterEach(() => vi.restoreAllMocks());

function renderRounds() {
  const assignment = new FakeDispoApi().assignment({ status: 'published' });
  renderWithProviders(
    <RoundsView assignment={assignment} canTick={false} busyIndex={null} onToggle={() => undefined} />,
  );
  return assignment;
}

describe('the driver sheet rounds', () => {
  it('gives every round item its own card on a phone, the operation in view', () => {
    screenWidth(390);
    const assignment = renderRounds();
    const round = assignment.rounds[0]!;
    const cards = within(screen.getByRole('list', { name: 'Containers of round 1' })).getAllByTestId(
      'round-item-card',
    );
    expect(cards).toHaveLength(round.items.length);
    expect(screen.queryByRole('table')).toBeNull();
    const operation = { place: 'Place', pickup: 'Pick up', swap: 'Swap' } as Record<string, string>;
    expect(cards[0]).toHaveTextContent(operation[round.items[0]!.operation]!);
    expect(cards[0]).toHaveTextContent(`× ${round.items[0]!.quantity}`);
  });

  it('keeps the table with its operation column on wider screens', () => {
    screenWidth(820);
    renderRounds();
    const table = screen.getByRole('table', { name: 'Containers of round 1' });
    expect(within(table).getByRole('columnheader', { name: 'Operation' })).toBeInTheDocument();
    expect(screen.queryByTestId('round-item-card')).toBeNull();
  });
});
