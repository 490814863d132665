import { describe, expect, it } from 'vitest';
import { decideSelfApproval, isOwnRecord, selfApprovalMode } from '@/domain/four-eyes';

const manager = { id: 'm', role: 'manager' };
const admin = { id: 'a', role: 'admin' };

describe('four eyes', () => {
  it('counts the creator and whoever signed as author as the record’s own people', () => {
    expect(isOwnRecord(manager, { createdBy: 'm' })).toBe(true);
    expect(isOwnRecord(manager, { createdBy: 'o', authorSigners: [null, 'm'] })).toBe(true);
    expect(isOwnRecord(manager, { createdBy: 'o', authorSigners: [null] })).toBe(false);
    expect(isOwnRecord(null, { createdBy: null })).toBe(false);
  });

  it('refuses one’s own record unless the setting allows it; admins need a reason', () => {
    const own = { createdBy: 'm' };
    expect(decideSelfApproval(manager, { createdBy: 'o' }, { allowSelfApproval: false })).toEqual({
      allowed: true,
      override: null,
    });
    expect(decideSelfApproval(manager, own, { allowSelfApproval: false })).toMatchObject({
      allowed: false,
      code: 'SELF_APPROVAL',
    });
    expect(decideSelfApproval(manager, own, { allowSelfApproval: false, overrideReason: 'x' })).toMatchObject(
      {
        code: 'SELF_APPROVAL',
      },
    );
    expect(decideSelfApproval(manager, own, { allowSelfApproval: true })).toEqual({
      allowed: true,
      override: null,
    });
    const adminOwn = { createdBy: 'a' };
    expect(
      decideSelfApproval(admin, adminOwn, { allowSelfApproval: false, overrideReason: '  ' }),
    ).toMatchObject({
      allowed: false,
      code: 'OVERRIDE_REASON_REQUIRED',
    });
    expect(
      decideSelfApproval(admin, adminOwn, { allowSelfApproval: false, overrideReason: ' why ' }),
    ).toEqual({
      allowed: true,
      override: { reason: 'why' },
    });
  });

  it('tells the client what the approve button does', () => {
    expect(selfApprovalMode(manager, { createdBy: 'o' }, false)).toBe('free');
    expect(selfApprovalMode(manager, { createdBy: 'm' }, false)).toBe('blocked');
    expect(selfApprovalMode(manager, { createdBy: 'm' }, true)).toBe('free');
    expect(selfApprovalMode(admin, { createdBy: 'a' }, false)).toBe('override');
  });
});
