import { describe, expect, it } from 'vitest';
import { localToday } from '@/client/lib/dates';

describe('localToday', () => {
  it('reads the calendar day on the device clock, padded', () => {
    expect(localToday(new Date(2026, 0, 2, 0, 30))).toBe('2026-01-02');
    expect(localToday(new Date(2026, 11, 31, 23, 59))).toBe('2026-12-31');
  });
});
