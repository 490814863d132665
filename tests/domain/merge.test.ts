import { describe, expect, it } from 'vitest';
import { changedFields, deepEqual, deletionConflicts, threeWayMerge } from '@/domain/merge';

const base = {
  id: 'r1',
  version: 3,
  updatedAt: '2024-01-01T00:00:00.000Z',
  name: 'CAT 320',
  status: 'operational',
  location: 'Yard A',
  hours: 1200,
};

describe('threeWayMerge', () => {
  it('merges disjoint changes from both sides', () => {
    const mine = { ...base, location: 'Yard B' };
    const theirs = { ...base, version: 4, hours: 1250 };
    const result = threeWayMerge(base, mine, theirs);
    expect(result.conflicts).toEqual([]);
    expect(result.merged).toMatchObject({ location: 'Yard B', hours: 1250, name: 'CAT 320', version: 4 });
    expect(result.mineChanged).toEqual(['location']);
    expect(result.theirsChanged).toEqual(['hours']);
  });

  it('reports overlapping changes to different values as conflicts, keeping mine in the result', () => {
    const mine = { ...base, status: 'in maintenance', name: 'CAT 320 B' };
    const theirs = { ...base, version: 4, status: 'out of service', hours: 1300 };
    const result = threeWayMerge(base, mine, theirs);
    expect(result.conflicts).toEqual([
      { field: 'status', base: 'operational', mine: 'in maintenance', theirs: 'out of service' },
    ]);
    expect(result.merged).toMatchObject({ status: 'in maintenance', name: 'CAT 320 B', hours: 1300 });
  });

  it('treats the same change on both sides as agreement', () => {
    const mine = { ...base, status: 'in maintenance' };
    const theirs = { ...base, version: 4, status: 'in maintenance' };
    const result = threeWayMerge(base, mine, theirs);
    expect(result.conflicts).toEqual([]);
    expect(result.merged.status).toBe('in maintenance');
  });

  it('ignores bookkeeping fields and takes them from the server', () => {
    const mine = { ...base, updatedAt: '2024-02-01T00:00:00.000Z' };
    const theirs = { ...base, version: 9, updatedAt: '2024-03-01T00:00:00.000Z' };
    const result = threeWayMerge(base, mine, theirs);
    expect(result.conflicts).toEqual([]);
    expect(result.merged).toMatchObject({ version: 9, updatedAt: '2024-03-01T00:00:00.000Z' });
  });

  it('treats a removed field as a change to undefined', () => {
    const { location: _dropped, ...mine } = base;
    const theirs = { ...base, version: 4, hours: 1 };
    const result = threeWayMerge(base, mine, theirs);
    expect(result.conflicts).toEqual([]);
    expect('location' in result.merged).toBe(false);
    expect(result.merged.hours).toBe(1);

    const clash = threeWayMerge(base, mine, { ...base, location: 'Yard C' });
    expect(clash.conflicts).toEqual([
      { field: 'location', base: 'Yard A', mine: undefined, theirs: 'Yard C' },
    ]);
  });

  it('compares arrays and objects as whole values', () => {
    const withSpecs = { ...base, specs: { weight: '20t', bucket: '1m3' }, tags: ['a', 'b'] };
    const mine = { ...withSpecs, specs: { weight: '21t', bucket: '1m3' } };
    const theirs = { ...withSpecs, specs: { weight: '20t', bucket: '2m3' }, tags: ['a', 'b'] };
    const result = threeWayMerge(withSpecs, mine, theirs);
    expect(result.conflicts).toHaveLength(1);
    expect(result.conflicts[0]).toMatchObject({
      field: 'specs',
      mine: { weight: '21t', bucket: '1m3' },
      theirs: { weight: '20t', bucket: '2m3' },
    });

    const reordered = threeWayMerge(
      withSpecs,
      { ...withSpecs, tags: ['b', 'a'] },
      { ...withSpecs, hours: 5 },
    );
    expect(reordered.conflicts).toEqual([]);
    expect(reordered.merged).toMatchObject({ tags: ['b', 'a'], hours: 5 });

    const sameObject = threeWayMerge(
      withSpecs,
      { ...withSpecs, specs: { bucket: '1m3', weight: '20t' } },
      { ...withSpecs, tags: [] },
    );
    expect(sameObject.mineChanged).toEqual([]);
    expect(sameObject.merged.tags).toEqual([]);
  });

  it('treats a missing base as an empty record', () => {
    const result = threeWayMerge(null, { id: 'x', name: 'A' }, { id: 'x', name: 'B', hours: 2 });
    expect(result.conflicts).toEqual([{ field: 'name', base: undefined, mine: 'A', theirs: 'B' }]);
    expect(result.merged.hours).toBe(2);
  });
});

describe('deletionConflicts', () => {
  it('finds nothing to lose when the surviving side still equals the base', () => {
    expect(deletionConflicts(base, { ...base, version: 5, updatedAt: 'later' }, 'mine')).toEqual([]);
  });

  it('lists every field the surviving side changed', () => {
    const theirs = { ...base, version: 5, hours: 1500, status: 'out of service' };
    expect(deletionConflicts(base, theirs, 'mine')).toEqual([
      { field: 'hours', base: 1200, mine: undefined, theirs: 1500 },
      { field: 'status', base: 'operational', mine: undefined, theirs: 'out of service' },
    ]);
    const mine = { ...base, name: 'renamed' };
    expect(deletionConflicts(base, mine, 'theirs')).toEqual([
      { field: 'name', base: 'CAT 320', mine: 'renamed', theirs: undefined },
    ]);
  });
});

describe('deepEqual and changedFields', () => {
  it('compares nested JSON values structurally', () => {
    expect(deepEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(deepEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] })).toBe(false);
    expect(deepEqual([1], { 0: 1 })).toBe(false);
    expect(deepEqual({ a: undefined }, {})).toBe(true);
    expect(deepEqual(null, {})).toBe(false);
  });

  it('names changed fields without bookkeeping', () => {
    expect(changedFields(base, { ...base, version: 8, name: 'x', extra: 1 })).toEqual(['extra', 'name']);
    expect(changedFields(null, { id: 'a', name: 'x' })).toEqual(['name']);
  });
});
