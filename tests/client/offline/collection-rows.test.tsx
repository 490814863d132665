import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SyncEngineProvider } from '@/client/offline/engine-context';
import { useCollectionRows } from '@/client/offline/hooks/collection-rows';
import { createHarness, excavator, type Harness } from './harness';

let h: Harness;

beforeEach(() => {
  h = createHarness();
});

afterEach(async () => {
  await h.dispose();
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <SyncEngineProvider engine={h.engine}>{children}</SyncEngineProvider>
);

const names = (read: ReturnType<typeof useCollectionRows>) =>
  read?.rows?.map((row) => row.name).sort() ?? null;

describe('useCollectionRows', () => {
  it('follows changes at once, but while a pull writes pages only when it ends', async () => {
    const { result } = renderHook(() => useCollectionRows('excavators'), { wrapper });
    await waitFor(() => expect(names(result.current)).toEqual([]));
    await h.engine.createRecord('excavators', excavator('A'));
    await waitFor(() => expect(names(result.current)).toEqual(['A']));

    // A pull is running: its pages are not read one by one...
    act(() => h.engine.status.set((s) => ({ ...s, pulling: true })));
    await h.db.excavators.put({ id: 'b', version: 1, name: 'B' });
    await h.db.excavators.put({ id: 'c', version: 1, name: 'C' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(names(result.current)).toEqual(['A']);
    // ...but all at once when it ends.
    act(() => h.engine.status.set((s) => ({ ...s, pulling: false })));
    await waitFor(() => expect(names(result.current)).toEqual(['A', 'B', 'C']));
  });

  it('returns a failed read instead of throwing, and reads again for a new attempt', async () => {
    const table = h.db.collection('excavators');
    const original = table.toArray.bind(table);
    let fail = true;
    table.toArray = (() =>
      fail ? Promise.reject(new Error('disk gone')) : original()) as typeof table.toArray;
    const { result, rerender } = renderHook(({ attempt }) => useCollectionRows('excavators', attempt), {
      wrapper,
      initialProps: { attempt: 0 },
    });
    await waitFor(() => expect(result.current?.error?.message).toBe('disk gone'));
    fail = false;
    rerender({ attempt: 1 });
    await waitFor(() => expect(result.current).toEqual({ rows: [], error: null }));
  });
});
