import { describe, expect, it } from 'vitest';
import { DEFAULT_CHECKLIST } from '@/domain/checklist';
import { decodeIssue } from '@/domain/fields';
import {
  checklistSummary,
  isFutureReportDate,
  latestTodayOnEarth,
  matchesReportQuery,
  reportApproveSchema,
  reportCreateSchema,
  reportRejectSchema,
  unknownChecklistResults,
} from '@/domain/report';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const valid = {
  reportDate: '2026-01-15',
  excavatorId: '0196a0c2-0000-7000-8000-000000000001',
  operatorName: 'Jonas Becker',
};

const errors = (input: unknown) => {
  const result = reportCreateSchema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues)
    (out[issue.path.join('.')] ??= []).push(decodeIssue(issue.message).english);
  return out;
};

describe('reportCreateSchema', () => {
  it('fills the optional fields with null and the checklist with {}', () => {
    expect(reportCreateSchema.parse({ ...valid, description: '  ', notes: '' })).toEqual({
      ...valid,
      managerName: null,
      description: null,
      operatingHours: null,
      notes: null,
      serviceDate: null,
      uvvInspectionDate: null,
      fuelLevel: null,
      hoursUntilNextMaintenance: null,
      checklist: {},
      operatorSignature: null,
      checklistItems: null,
      resolvesFollowUps: [],
    });
  });

  it('checks the fuel level is 0–100', () => {
    expect(errors({ ...valid, fuelLevel: 100.5 })).toEqual({
      fuelLevel: ['Fuel level must be between 0 and 100'],
    });
    expect(errors({ ...valid, fuelLevel: -0.1 })).toEqual({
      fuelLevel: ['Fuel level must be between 0 and 100'],
    });
    expect(errors({ ...valid, fuelLevel: 0 })).toEqual({});
    expect(errors({ ...valid, fuelLevel: 100 })).toEqual({});
  });

  it('takes report dates in the past and today, not in the future', () => {
    expect(errors({ ...valid, reportDate: '1999-12-31' })).toEqual({});
    expect(errors({ ...valid, reportDate: new Date().toISOString().slice(0, 10) })).toEqual({});
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    expect(errors({ ...valid, reportDate: future })).toEqual({
      reportDate: ['Report date cannot be in the future'],
    });
    expect(errors({ ...valid, reportDate: '2026-02-30' })).toEqual({
      reportDate: ['Report date must be a date (YYYY-MM-DD)'],
    });
    expect(errors({ ...valid, reportDate: '' })).toEqual({ reportDate: ['Report date is required'] });
  });

  it('counts "today" by the earliest time zone, so no user’s today is in the future', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(latestTodayOnEarth(now)).toBe('2026-03-11');
    expect(isFutureReportDate('2026-03-11', now)).toBe(false);
    expect(isFutureReportDate('2026-03-12', now)).toBe(true);
  });

  it('accepts only PNG data URLs as signature', () => {
    expect(errors({ ...valid, operatorSignature: PNG })).toEqual({});
    expect(errors({ ...valid, operatorSignature: 'data:image/svg+xml;base64,PHN2Zz4=' })).toEqual({
      operatorSignature: ['Signature must be a PNG data URL'],
    });
    expect(errors({ ...valid, operatorSignature: `data:image/png;base64,${'A'.repeat(700_001)}` })).toEqual({
      operatorSignature: ['Signature is too large'],
    });
    expect(reportCreateSchema.parse({ ...valid, operatorSignature: '' }).operatorSignature).toBeNull();
  });

  it('names every required field', () => {
    expect(errors({})).toEqual({
      reportDate: ['Report date is required'],
      excavatorId: ['Excavator is required'],
      operatorName: ['Operator name is required'],
    });
  });

  it('validates checklist states and keys, drops blank notes', () => {
    expect(errors({ ...valid, checklist: { exterior: { tracks: { state: 'broken' } } } })).toEqual({
      'checklist.exterior.tracks.state': ['Choose ok, not ok or n.a.'],
    });
    const parsed = reportCreateSchema.parse({
      ...valid,
      checklist: {
        exterior: { tracks: { state: 'ok', note: ' ' }, bucket: { state: 'not_ok', note: ' Worn teeth ' } },
      },
    });
    expect(parsed.checklist).toEqual({
      exterior: { tracks: { state: 'ok' }, bucket: { state: 'not_ok', note: 'Worn teeth' } },
    });
  });

  it('validates a sent checklist snapshot with the configuration rules', () => {
    expect(errors({ ...valid, checklistItems: DEFAULT_CHECKLIST.categories })).toEqual({});
    expect(
      errors({
        ...valid,
        checklistItems: [
          {
            key: 'a',
            label: {},
            items: [
              { key: 'x', label: {} },
              { key: 'x', label: {} },
            ],
          },
        ],
      }),
    ).toEqual({ 'checklistItems.0.items.1.key': ['Fix duplicate/empty keys before saving'] });
  });
});

describe('workflow bodies', () => {
  it('approve needs a PNG signature', () => {
    expect(reportApproveSchema.safeParse({}).error?.issues[0]?.message).toBe('Signature is required');
    expect(reportApproveSchema.safeParse({ signature: '' }).error?.issues[0]?.message).toBe(
      'Signature is required',
    );
    expect(reportApproveSchema.safeParse({ signature: 'x' }).error?.issues[0]?.message).toBe(
      'Signature must be a PNG data URL',
    );
    expect(reportApproveSchema.parse({ signature: PNG })).toEqual({ signature: PNG });
  });

  it('reject needs a reason', () => {
    expect(decodeIssue(reportRejectSchema.safeParse({ reason: ' ' }).error!.issues[0]!.message).english).toBe(
      'A reason is required',
    );
    expect(reportRejectSchema.parse({ reason: ' Wrong hours ' })).toEqual({ reason: 'Wrong hours' });
  });
});

describe('helpers', () => {
  const report = {
    status: 'pending' as const,
    excavatorId: 'e1',
    createdBy: 'u1',
    reportDate: '2026-05-10',
    description: 'Wöchentliche Inspektion',
    notes: null,
    operatorName: 'Jonas Becker',
  };

  it('matchesReportQuery filters like the list endpoint', () => {
    expect(matchesReportQuery(report, {})).toBe(true);
    expect(matchesReportQuery(report, { status: 'pending', excavator: 'e1', author: 'u1' })).toBe(true);
    expect(matchesReportQuery(report, { status: 'approved' })).toBe(false);
    expect(matchesReportQuery(report, { from: '2026-05-10', to: '2026-05-10' })).toBe(true);
    expect(matchesReportQuery(report, { from: '2026-05-11' })).toBe(false);
    expect(matchesReportQuery(report, { q: 'INSPEKTION' })).toBe(true);
    expect(matchesReportQuery(report, { q: 'becker' })).toBe(true);
    expect(matchesReportQuery(report, { q: 'oil' })).toBe(false);
  });

  it('unknownChecklistResults names results outside the checklist', () => {
    const results = {
      exterior: { tracks: { state: 'ok' as const }, wings: { state: 'ok' as const } },
      cabin: { seat: { state: 'na' as const } },
    };
    expect(unknownChecklistResults(results, DEFAULT_CHECKLIST.categories)).toEqual([
      'checklist.exterior.wings',
      'checklist.cabin.seat',
    ]);
  });

  it('checklistSummary counts every item of the checklist', () => {
    const counts = checklistSummary(
      {
        exterior: { tracks: { state: 'ok' }, bucket: { state: 'not_ok' } },
        engine: { belts: { state: 'na' } },
      },
      DEFAULT_CHECKLIST.categories,
    );
    expect(counts).toEqual({ ok: 1, not_ok: 1, na: 1, open: 26 });
  });
});
