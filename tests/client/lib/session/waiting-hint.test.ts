import { beforeEach, describe, expect, it } from 'vitest';
import { readWaitingHints, writeWaitingHint } from '@/client/lib/session/waiting-hint';

beforeEach(() => localStorage.clear());

describe('changes waiting on this device, for the login page', () => {
  it('keeps a count per user, drops users with nothing left and lists the most first', () => {
    writeWaitingHint({ userId: 'u1', username: 'anna', count: 2 });
    writeWaitingHint({ userId: 'u2', username: 'bert', count: 5 });
    expect(readWaitingHints().map((h) => [h.username, h.count])).toEqual([
      ['bert', 5],
      ['anna', 2],
    ]);
    writeWaitingHint({ userId: 'u2', username: 'bert', count: 0 });
    expect(readWaitingHints().map((h) => h.username)).toEqual(['anna']);
  });

  it('reads nothing from a damaged entry', () => {
    localStorage.setItem('fleetpilot.waiting', '{not json');
    expect(readWaitingHints()).toEqual([]);
  });
});
