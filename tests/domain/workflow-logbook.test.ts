import { describe, expect, it } from 'vitest';
import type { LogbookStatus } from '@/domain/logbook';
import { applyLogbookAction } from '@/domain/workflow/logbook';

const author = { id: 'o1', role: 'operator', displayName: 'Olga' };
const manager = { id: 'm', role: 'manager', displayName: 'Mia Manager' };
const at = new Date('2026-03-04T05:06:07.000Z');
const entry = (status: LogbookStatus, createdBy = author.id) => ({ id: 'e1', status, createdBy });
const approve = { action: 'approve' as const, signature: 'data:image/png;base64,rev' };

describe('approve', () => {
  it('approves a pending entry with the reviewer, their signature and the action time', () => {
    const result = applyLogbookAction(entry('pending'), approve, manager, at);
    if (!result.ok) throw new Error(result.reason);
    expect(result.entry).toEqual({
      id: 'e1',
      createdBy: 'o1',
      status: 'approved',
      reviewerSignature: 'data:image/png;base64,rev',
      approvedBy: 'm',
      approvedAt: at.toISOString(),
      approvedByName: 'Mia Manager',
    });
    expect(result.changes).not.toHaveProperty('approvedByName');
  });

  it('refuses an unsigned entry, an approved one and a non-reviewer', () => {
    expect(applyLogbookAction(entry('unsigned'), approve, manager, at)).toEqual({
      ok: false,
      reason: 'wrong_status',
    });
    expect(applyLogbookAction(entry('approved'), approve, manager, at)).toEqual({
      ok: false,
      reason: 'locked',
    });
    expect(applyLogbookAction(entry('pending'), approve, author, at)).toEqual({
      ok: false,
      reason: 'forbidden',
    });
  });
});
