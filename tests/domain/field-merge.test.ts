import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldRules, mergeField, planPatch } from '@/domain/field-merge';

const specs = fieldRules('excavators').specifications!;

describe('mergeField', () => {
  it('merges list items per key and reports only a true overlap', () => {
    const base = [
      { key: 'A', value: '1' },
      { key: 'B', value: '2' },
    ];
    const mine = [
      { key: 'A', value: '1' },
      { key: 'B', value: '3' },
    ];
    const theirs = [...base, { key: 'C', value: '9' }];
    expect(mergeField(base, mine, theirs, specs)).toEqual({
      conflict: false,
      value: [
        { key: 'A', value: '1' },
        { key: 'B', value: '3' },
        { key: 'C', value: '9' },
      ],
    });
    const clash = mergeField(
      base,
      [{ key: 'A', value: 'x' }, base[1]],
      [{ key: 'A', value: 'y' }, base[1]],
      specs,
    );
    expect(clash.conflict).toBe(true);
  });

  it('merges a checklist per category and item', () => {
    const rule = fieldRules('reports').checklist!;
    const base = { ext: { a: { state: 'ok' } } };
    const mine = { ext: { a: { state: 'ok' }, b: { state: 'not_ok' } } };
    const theirs = { ext: { a: { state: 'na' } } };
    expect(mergeField(base, mine, theirs, rule)).toEqual({
      conflict: false,
      value: { ext: { a: { state: 'na' }, b: { state: 'not_ok' } } },
    });
  });

  it('never reports a conflict when only one side changed a field (any values)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (base, changed) => {
        const one = mergeField(base, changed, base);
        const other = mergeField(base, base, changed);
        expect(one).toEqual({ conflict: false, value: changed });
        expect(other).toEqual({ conflict: false, value: changed });
      }),
      { numRuns: 200 },
    );
  });
});

describe('planPatch', () => {
  it('applies fields not changed since the base and names only overlaps', () => {
    const plan = planPatch(
      { notes: 'A', location: 'X', engineNumber: null },
      { location: 'Y', engineNumber: 'E' },
      (field) => (field === 'location' ? { changed: true, base: 'W' } : { changed: false }),
    );
    expect(plan.apply).toEqual({ engineNumber: 'E' });
    expect(plan.conflicts).toEqual([{ field: 'location', base: 'W', mine: 'Y', theirs: 'X' }]);
  });
});
