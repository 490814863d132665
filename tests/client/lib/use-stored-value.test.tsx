import { act, render, renderHook, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetStoredValues, useStoredValue } from '@/client/lib/use-stored-value';

const KEY = 'fleetpilot:test-groups';
const NONE: string[] = [];
const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

beforeEach(() => {
  localStorage.clear();
  forgetStoredValues();
});

describe('useStoredValue', () => {
  it('starts from the stored value, or the default when nothing valid is stored', () => {
    localStorage.setItem(KEY, '["insights"]');
    expect(renderHook(() => useStoredValue(KEY, NONE, isStringList)).result.current[0]).toEqual(['insights']);

    forgetStoredValues();
    localStorage.setItem(KEY, '{"not":"a list"}');
    expect(renderHook(() => useStoredValue(KEY, NONE, isStringList)).result.current[0]).toBe(NONE);

    forgetStoredValues();
    localStorage.setItem(KEY, 'not json');
    expect(renderHook(() => useStoredValue(KEY, NONE, isStringList)).result.current[0]).toBe(NONE);
  });

  it('renders a mounting component once, and a second one gets the same value', () => {
    localStorage.setItem(KEY, '["admin"]');
    let renders = 0;
    const first = renderHook(() => {
      renders += 1;
      return useStoredValue(KEY, NONE, isStringList)[0];
    });
    expect(renders).toBe(1);
    const second = renderHook(() => useStoredValue(KEY, NONE, isStringList)[0]);
    expect(second.result.current).toBe(first.result.current);
    expect(renders).toBe(1);
  });

  it('stores a change as JSON and shows it wherever the key is used', () => {
    function Toggle() {
      const [groups, setGroups] = useStoredValue(KEY, NONE, isStringList);
      return (
        <button type="button" onClick={() => setGroups((current) => [...current, 'ops'])}>
          {groups.join(',') || 'none'}
        </button>
      );
    }
    function Count() {
      return <output>{useStoredValue(KEY, NONE, isStringList)[0].length}</output>;
    }
    render(
      <>
        <Toggle />
        <Count />
      </>,
    );
    act(() => screen.getByRole('button').click());
    expect(screen.getByRole('button').textContent).toBe('ops');
    expect(screen.getByRole('status').textContent).toBe('1');
    expect(localStorage.getItem(KEY)).toBe('["ops"]');
  });

  it("follows another tab's change", () => {
    const { result } = renderHook(() => useStoredValue(KEY, NONE, isStringList));
    localStorage.setItem(KEY, '["from-another-tab"]');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: KEY, storageArea: localStorage }));
    });
    expect(result.current[0]).toEqual(['from-another-tab']);
  });
});
