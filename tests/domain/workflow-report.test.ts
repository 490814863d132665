import { describe, expect, it } from 'vitest';
import type { ReportStatus } from '@/domain/report-status';
import { applyReportAction } from '@/domain/workflow/report';

const author = { id: 'o1', role: 'operator', displayName: 'Olga Operator' };
const otherOperator = { id: 'o2', role: 'operator', displayName: 'Otto' };
const manager = { id: 'm', role: 'manager', displayName: 'Mia Manager' };
const at = new Date('2026-03-04T05:06:07.000Z');

const report = (status: ReportStatus, extra: Record<string, unknown> = {}) => ({
  id: 'r1',
  status,
  createdBy: author.id,
  operatorSignature: 'data:image/png;base64,op' as string | null,
  managerName: null as string | null,
  ...extra,
});

const rejected = () =>
  report('rejected', {
    managerSignature: 'data:image/png;base64,mgr',
    rejectionReason: 'Bucket photo missing',
    rejectedBy: manager.id,
    rejectedByName: manager.displayName,
    rejectedAt: '2026-03-01T10:00:00.000Z',
  });

describe('submit', () => {
  it('sends a signed report for review at the action time', () => {
    const result = applyReportAction(report('signed'), { action: 'submit' }, author, at);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.report).toMatchObject({ id: 'r1', status: 'pending', submittedAt: at.toISOString() });
  });

  it('clears the rejection of a resubmitted report (reason, who, when, names, manager signature)', () => {
    const result = applyReportAction(rejected(), { action: 'submit' }, author, at);
    if (!result.ok) throw new Error(result.message);
    expect(result.report).toMatchObject({
      status: 'pending',
      rejectionReason: null,
      rejectedBy: null,
      rejectedAt: null,
      rejectedByName: null,
      managerSignature: null,
      approvedBy: null,
      approvedAt: null,
      approvedByName: null,
    });
    expect(result.changes).not.toHaveProperty('rejectedByName');
  });

  it('refuses an unsigned report (409) and someone else’s report (403)', () => {
    expect(applyReportAction(report('unsigned'), { action: 'submit' }, author, at)).toEqual({
      ok: false,
      reason: 'status',
      message: 'Sign the report before submitting it',
    });
    expect(
      applyReportAction(report('signed', { operatorSignature: null }), { action: 'submit' }, author, at),
    ).toMatchObject({ ok: false, reason: 'status' });
    expect(applyReportAction(report('signed'), { action: 'submit' }, otherOperator, at)).toMatchObject({
      ok: false,
      reason: 'forbidden',
    });
    expect(applyReportAction(report('pending'), { action: 'submit' }, author, at)).toMatchObject({
      ok: false,
      reason: 'status',
      message: 'This report has already been submitted',
    });
  });
});

describe('approve', () => {
  it('signs with the manager, names them, and keeps a named manager', () => {
    const input = { action: 'approve' as const, signature: 'data:image/png;base64,mgr' };
    const mine = applyReportAction(report('pending'), input, manager, at);
    if (!mine.ok) throw new Error(mine.message);
    expect(mine.changes).toEqual({
      status: 'approved',
      managerSignature: 'data:image/png;base64,mgr',
      managerName: 'Mia Manager',
      approvedBy: 'm',
      approvedAt: at.toISOString(),
    });
    expect(mine.names).toEqual({ approvedByName: 'Mia Manager' });

    const named = applyReportAction(report('pending', { managerName: 'Site lead' }), input, manager, at);
    expect(named.ok && named.report.managerName).toBe('Site lead');
    const given = applyReportAction(report('pending'), { ...input, managerName: 'Chief' }, manager, at);
    expect(given.ok && given.report.managerName).toBe('Chief');
  });

  it('refuses an operator (403) and a report not waiting for review (409)', () => {
    const input = { action: 'approve' as const, signature: 'sig' };
    expect(applyReportAction(report('pending'), input, author, at)).toMatchObject({
      ok: false,
      reason: 'forbidden',
    });
    expect(applyReportAction(report('approved'), input, manager, at)).toMatchObject({
      ok: false,
      reason: 'status',
      message: 'This report has already been approved',
    });
  });
});

describe('reject', () => {
  it('records the reason, who and when; the manager signature is the one sent, or none', () => {
    const result = applyReportAction(
      report('pending', { managerSignature: 'old' }),
      { action: 'reject', reason: 'Blurry photo' },
      manager,
      at,
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.report).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Blurry photo',
      rejectedBy: 'm',
      rejectedByName: 'Mia Manager',
      rejectedAt: at.toISOString(),
      managerSignature: null,
    });
    const signed = applyReportAction(
      report('pending'),
      { action: 'reject', reason: 'x', signature: 'sig' },
      manager,
      at,
    );
    expect(signed.ok && signed.report.managerSignature).toBe('sig');
  });

  it('refuses twice and by an operator', () => {
    const input = { action: 'reject' as const, reason: 'x' };
    expect(applyReportAction(report('rejected'), input, manager, at)).toMatchObject({
      ok: false,
      reason: 'status',
      message: 'This report has already been rejected',
    });
    expect(applyReportAction(report('pending'), input, author, at)).toMatchObject({
      ok: false,
      reason: 'forbidden',
    });
  });
});
