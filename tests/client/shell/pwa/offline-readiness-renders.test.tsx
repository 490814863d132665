import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { offlineReadiness, resetOfflineReadiness } from '@/client/shell/pwa/offline-readiness';
import { OfflineReadinessIndicator } from '@/client/shell/pwa/offline-readiness-indicator';
import { useEnglish, withProviders } from '../../support/render';

/** Every value the top bar's ring was rendered with, in order. */
const ring = vi.hoisted(() => ({ renders: [] as number[] }));
vi.mock('@/client/ui/progress-ring', () => ({
  ProgressRing: ({ value }: { value: number }) => {
    ring.renders.push(value);
    return null;
  },
}));

beforeAll(useEnglish);
afterEach(() => {
  cleanup();
  resetOfflineReadiness();
  ring.renders = [];
});

it('renders the storing progress once per report, with the new value only', async () => {
  offlineReadiness.set({ state: 'preparing', percent: 10 });
  render(withProviders(<OfflineReadinessIndicator />));
  expect(ring.renders).toEqual([10]);

  for (const percent of [20, 30]) {
    await act(async () => offlineReadiness.set({ state: 'preparing', percent }));
  }
  // The report is deferred: the urgent render that follows the store's change must not draw the chip
  // again with the value it already shows (a whole render of the chip and the card for nothing).
  expect(ring.renders).toEqual([10, 20, 30]);
});
