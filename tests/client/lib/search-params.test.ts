import { describe, expect, it } from 'vitest';
import { analyticsSearch } from '@/client/features/analytics/model';
import { dashboardSearch } from '@/client/features/dashboard/search';
import { dispoSearch } from '@/client/features/dispo/search';
import { excavatorsSearch } from '@/client/features/excavators/search';
import { logbookSearch } from '@/client/features/logbook/search';
import { reportsSearch } from '@/client/features/reports/search';
import { oneOf, pageNumber, text } from '@/client/lib/search-params';

describe('URL search params, read without zod', () => {
  it('oneOf: an allowed value, numbers also from their digits', () => {
    expect(oneOf([7, 30, 90] as const, 30)).toBe(30);
    expect(oneOf([7, 30, 90] as const, '30')).toBe(30);
    expect(oneOf([7, 30, 90] as const, 31)).toBeUndefined();
    expect(oneOf([7, 30, 90] as const, '30x')).toBeUndefined();
    expect(oneOf(['a', 'b'] as const, 'b')).toBe('b');
    expect(oneOf(['a', 'b'] as const, 'B')).toBeUndefined();
    expect(oneOf(['a', 'b'] as const, ['a'])).toBeUndefined();
  });

  it('text and pageNumber: the right type and size, else nothing', () => {
    expect(text('abc', { max: 3 })).toBe('abc');
    expect(text('abcd', { max: 3 })).toBeUndefined();
    expect(text('', { min: 1 })).toBeUndefined();
    expect(text(42)).toBeUndefined();
    expect(pageNumber(3)).toBe(3);
    expect(pageNumber('3')).toBe(3);
    for (const bad of [0, -1, 1.5, '', ' ', 'two', null, {}]) expect(pageNumber(bad)).toBeUndefined();
  });

  it('each page keeps what it understands and drops the rest', () => {
    expect(dashboardSearch({ range: 90 })).toEqual({ range: 90 });
    expect(dashboardSearch({ range: 14 })).toEqual({ range: undefined });
    expect(analyticsSearch({ tab: 'alerts', range: '1year' })).toEqual({ tab: 'alerts', range: '1year' });
    expect(analyticsSearch({ tab: 'money', range: '2years' })).toEqual({ tab: undefined, range: undefined });
    expect(dispoSearch({ tab: 'master', other: 1 })).toEqual({ tab: 'master' });
    expect(excavatorsSearch({ view: 'e1', edit: '', status: 'maintenance', maintenance: 'due' })).toEqual({
      view: 'e1',
      edit: undefined,
      status: 'maintenance',
      maintenance: 'due',
    });
    expect(excavatorsSearch({ status: 'broken', maintenance: 'someday' })).toMatchObject({
      status: undefined,
      maintenance: undefined,
    });
    expect(
      logbookSearch({ view: 'edit', id: 'x'.repeat(101), from: '2026-11-01', to: '2026-11-300', page: '2' }),
    ).toEqual({
      view: 'edit',
      id: undefined,
      status: undefined,
      author: undefined,
      from: '2026-11-01',
      to: undefined,
      page: 2,
    });
    expect(reportsSearch({ view: 'quick', id: 'r1', status: 'pending', q: 'pump', page: 0 })).toEqual({
      view: 'quick',
      id: 'r1',
      status: 'pending',
      excavator: undefined,
      author: undefined,
      from: undefined,
      to: undefined,
      q: 'pump',
      page: undefined,
    });
  });
});
