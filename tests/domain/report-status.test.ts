import { describe, expect, it } from 'vitest';
import {
  allowedReportActions,
  checkReportTransition,
  draftStatus,
  REPORT_ACTIONS,
  REPORT_STATUS_TABLE,
  REPORT_STATUSES,
  resolveReportStatus,
  type ReportStatus,
} from '@/domain/report-status';

const admin = { id: 'a', role: 'admin' };
const manager = { id: 'm', role: 'Manager' };
const author = { id: 'o1', role: 'operator' };
const otherOperator = { id: 'o2', role: 'operator' };
const dispo = { id: 'd', role: 'dispo' };
const viewer = { id: 'v', role: 'auditor' };

const report = (status: ReportStatus) => ({ status, createdBy: author.id, operatorSignature: 'sig' });

describe('the status table', () => {
  it('is the documented machine', () => {
    const edges = REPORT_STATUSES.flatMap((from) =>
      REPORT_ACTIONS.filter((a) => REPORT_STATUS_TABLE[from][a]).map(
        (a) => `${from} -${a}-> ${REPORT_STATUS_TABLE[from][a]!.to} (${REPORT_STATUS_TABLE[from][a]!.who})`,
      ),
    );
    expect(edges).toEqual([
      'unsigned -edit-> draft (author)',
      'unsigned -delete-> deleted (author)',
      'signed -edit-> draft (author)',
      'signed -submit-> pending (author)',
      'signed -delete-> deleted (author)',
      'pending -approve-> approved (approver)',
      'pending -reject-> rejected (approver)',
      'pending -delete-> deleted (approver)',
      'approved -delete-> deleted (approver)',
      'rejected -edit-> draft (author)',
      'rejected -submit-> pending (author)',
      'rejected -delete-> deleted (author)',
    ]);
  });

  it('a draft is signed exactly when it carries the operator signature', () => {
    expect(draftStatus(null)).toBe('unsigned');
    expect(draftStatus('')).toBe('unsigned');
    expect(draftStatus('data:image/png;base64,AA')).toBe('signed');
    expect(resolveReportStatus('draft', 'x')).toBe('signed');
    expect(resolveReportStatus('pending', null)).toBe('pending');
  });
});

describe('allowedReportActions per role', () => {
  const cases: Array<[string, { id: string; role: string }, ReportStatus, string[]]> = [
    ['author', author, 'unsigned', ['edit', 'delete']],
    ['author', author, 'signed', ['edit', 'submit', 'delete']],
    ['author', author, 'pending', []],
    ['author', author, 'approved', []],
    ['author', author, 'rejected', ['edit', 'submit', 'delete']],
    ['another operator', otherOperator, 'signed', []],
    ['another operator', otherOperator, 'pending', []],
    ['manager', manager, 'signed', ['edit', 'submit', 'delete']],
    ['manager', manager, 'pending', ['approve', 'reject', 'delete']],
    ['manager', manager, 'approved', ['delete']],
    ['admin', admin, 'pending', ['approve', 'reject', 'delete']],
    ['admin', admin, 'rejected', ['edit', 'submit', 'delete']],
    ['dispo', dispo, 'signed', []],
    ['dispo', dispo, 'pending', []],
    ['viewer', viewer, 'pending', []],
    ['nobody', null as unknown as { id: string; role: string }, 'signed', []],
  ];
  it.each(cases)('%s on a %s report', (_who, actor, status, expected) => {
    expect(allowedReportActions(actor, report(status))).toEqual(expected);
  });
});

describe('checkReportTransition', () => {
  it('answers 409-style status reasons when the status does not allow the action', () => {
    expect(checkReportTransition(manager, report('approved'), 'edit')).toEqual({
      allowed: false,
      reason: 'status',
      message: 'An approved report cannot be edited',
    });
    expect(checkReportTransition(author, report('unsigned'), 'submit')).toMatchObject({
      reason: 'status',
      message: 'Sign the report before submitting it',
    });
    expect(checkReportTransition(manager, report('signed'), 'approve')).toMatchObject({ reason: 'status' });
  });

  it('answers forbidden when the status allows it but not for this user', () => {
    expect(checkReportTransition(otherOperator, report('signed'), 'edit')).toMatchObject({
      reason: 'forbidden',
      message: 'Operators may only change their own reports',
    });
    expect(checkReportTransition(author, report('pending'), 'approve')).toMatchObject({
      reason: 'forbidden',
    });
    expect(checkReportTransition(author, report('pending'), 'delete')).toMatchObject({
      reason: 'forbidden',
      message: 'Only a manager can delete a submitted or approved report',
    });
  });

  it('does not submit a rejected report without the operator signature', () => {
    expect(
      checkReportTransition(author, { ...report('rejected'), operatorSignature: null }, 'submit'),
    ).toMatchObject({
      allowed: false,
      reason: 'status',
    });
    expect(checkReportTransition(author, report('rejected'), 'submit')).toEqual({
      allowed: true,
      to: 'pending',
    });
  });
});
