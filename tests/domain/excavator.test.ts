import { describe, expect, it } from 'vitest';
import {
  excavatorCreateSchema,
  excavatorInputFromForm,
  excavatorListQuerySchema,
  excavatorUpdateSchema,
  isIsoDate,
  matchesExcavatorQuery,
} from '@/domain/excavator';
import { decodeIssue } from '@/domain/fields';

const base = { name: 'Digger', model: 'CAT 320', serialNumber: 'SN-1' };

function fieldErrors(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) {
  const out: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? [])
    (out[issue.path.join('.')] ??= []).push(decodeIssue(issue.message).english);
  return out;
}

describe('excavator schema', () => {
  it('fills defaults: status operational, 0 hours, nulls, no specifications', () => {
    expect(excavatorCreateSchema.parse(base)).toEqual({
      ...base,
      year: null,
      status: 'operational',
      usageHours: 0,
      location: null,
      engineNumber: null,
      nextInspectionHours: null,
      lastServiceHours: null,
      purchaseDate: null,
      lastServiceDate: null,
      specifications: [],
      description: null,
      notes: null,
    });
  });

  it('treats blank text as empty and trims', () => {
    const parsed = excavatorCreateSchema.parse({
      ...base,
      name: '  Digger  ',
      location: '   ',
      purchaseDate: '',
    });
    expect(parsed.name).toBe('Digger');
    expect(parsed.location).toBeNull();
    expect(parsed.purchaseDate).toBeNull();
  });

  it('reports errors per field with readable English for the API', () => {
    const result = excavatorCreateSchema.safeParse({
      name: '',
      serialNumber: 'x'.repeat(81),
      year: 1800,
      status: 'broken',
      usageHours: -1,
      purchaseDate: '2024-02-30',
      specifications: [
        { key: 'Weight', value: '20 t' },
        { key: 'weight', value: '21 t' },
      ],
    });
    expect(result.success).toBe(false);
    expect(fieldErrors(result)).toEqual({
      name: ['Name is required'],
      model: ['Model is required'],
      serialNumber: ['Serial number must be at most 80 characters'],
      year: ['Year must be at least 1900'],
      status: ['Status must be one of: operational, maintenance, out_of_service'],
      usageHours: ['Usage hours must be non-negative'],
      purchaseDate: ['Purchase date must be a date (YYYY-MM-DD)'],
      specifications: ['Specifications must be unique'],
    });
  });

  it('refuses a year in the future beyond next year', () => {
    const next = new Date().getFullYear() + 1;
    expect(excavatorCreateSchema.safeParse({ ...base, year: next }).success).toBe(true);
    expect(excavatorCreateSchema.safeParse({ ...base, year: next + 1 }).success).toBe(false);
  });

  it('validates dates on the calendar', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-2-1')).toBe(false);
  });

  it('reads multipart text fields', () => {
    const input = excavatorInputFromForm({
      ...base,
      year: '2019',
      usageHours: '1234.5',
      nextInspectionHours: '',
      specifications: '[{"key":"Weight","value":"21 t"}]',
      removeGallery: ['excavators/2026-01/a.png', '["excavators/2026-01/b.png"]'],
      removeProfileImage: 'true',
    });
    expect(input).toEqual({
      ...base,
      year: 2019,
      usageHours: 1234.5,
      specifications: [{ key: 'Weight', value: '21 t' }],
      removeGallery: ['excavators/2026-01/a.png', 'excavators/2026-01/b.png'],
      removeProfileImage: true,
    });
    const parsed = excavatorUpdateSchema.parse(input);
    expect(parsed.removeGallery).toHaveLength(2);
    expect(parsed.nextInspectionHours).toBeNull();
  });

  it('keeps unreadable multipart values so the schema names the field', () => {
    const result = excavatorCreateSchema.safeParse(
      excavatorInputFromForm({ ...base, usageHours: 'lots', specifications: '{not json' }),
    );
    expect(fieldErrors(result)).toEqual({
      usageHours: ['Usage hours must be a number'],
      specifications: ['Specifications must be a list'],
    });
  });

  it('parses list queries with limits and sorts', () => {
    expect(excavatorListQuerySchema.parse({})).toEqual({ page: 1, limit: 10, sort: 'name' });
    expect(excavatorListQuerySchema.parse({ page: '2', limit: '100', sort: '-usageHours' })).toMatchObject({
      page: 2,
      limit: 100,
      sort: '-usageHours',
    });
    expect(excavatorListQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(excavatorListQuerySchema.safeParse({ sort: 'password' }).success).toBe(false);
  });

  it('matches searches over name, model, serial and location', () => {
    const e = { name: 'Big Digger', model: 'CAT 320', serialNumber: 'ABC-123', location: 'Yard Nord' };
    expect(matchesExcavatorQuery(e, 'digg')).toBe(true);
    expect(matchesExcavatorQuery(e, 'cat')).toBe(true);
    expect(matchesExcavatorQuery(e, 'abc-1')).toBe(true);
    expect(matchesExcavatorQuery(e, 'nord')).toBe(true);
    expect(matchesExcavatorQuery(e, 'volvo')).toBe(false);
    expect(matchesExcavatorQuery(e, '  ')).toBe(true);
  });
});
