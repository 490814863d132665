import { describe, expect, it } from 'vitest';
import {
  fromDraft,
  newItem,
  newRound,
  toFormValues,
  type AssignmentFormValues,
} from '@/client/features/dispo/assignment-form/form-values';

const keysOf = (values: AssignmentFormValues) =>
  values.rounds.flatMap((round) => [round.rowKey, ...round.items.map((item) => item.rowKey)]);

describe('an assignment draft restored into the form', () => {
  it('gives rows of an older draft without keys a key each', () => {
    const values = toFormValues(null, '2026-11-20');
    const old = {
      ...values,
      rounds: values.rounds.map(({ rowKey: _, items, ...round }) => ({
        ...round,
        items: items.map(({ rowKey: __, ...item }) => item),
      })),
    } as unknown as AssignmentFormValues;

    const keys = keysOf(fromDraft(old));
    expect(keys.length).toBeGreaterThan(1);
    expect(keys.every((key) => typeof key === 'string' && key.length > 0)).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('replaces keys kept from an earlier page load, so rows added now cannot repeat them', () => {
    const stored = toFormValues(null, '2026-11-20');
    // Keys as an earlier visit numbered them; this page's next rows could take the same.
    stored.rounds = [
      { ...newRound(), rowKey: 'row1', items: [{ ...newItem(), rowKey: 'row2' }] },
      { ...newRound(), rowKey: 'row3', items: [] },
    ];

    const restored = fromDraft(stored);
    const added = [newRound().rowKey, newItem().rowKey];
    const keys = [...keysOf(restored), ...added];

    expect(keysOf(restored)).not.toContain('row1');
    expect(new Set(keys).size).toBe(keys.length);
    expect(restored.rounds).toHaveLength(2);
  });
});
