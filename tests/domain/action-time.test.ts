import { describe, expect, it } from 'vitest';
import {
  FUTURE_TOLERANCE_MS,
  notablyDelayed,
  offsetFromDateHeader,
  parseOccurredAt,
  resolveActionTime,
} from '@/domain/action-time';
import { createFormat } from '@/domain/format';
import { formatDateTime } from '@/domain/pdf/document';

const received = new Date('2026-11-26T18:34:10.000Z');

describe('X-Occurred-At', () => {
  it('reads ISO 8601 date-times with a zone, and nothing else', () => {
    expect(parseOccurredAt('2026-11-26T18:33:12.345Z')?.toISOString()).toBe('2026-11-26T18:33:12.345Z');
    expect(parseOccurredAt('2026-11-26T19:33:12+01:00')?.toISOString()).toBe('2026-11-26T18:33:12.000Z');
    expect(parseOccurredAt(['2026-11-26T18:33Z'])?.toISOString()).toBe('2026-11-26T18:33:00.000Z');
    // Without a zone the server would have to guess one.
    expect(parseOccurredAt('2026-11-26T19:33:12')).toBeNull();
    expect(parseOccurredAt('2026-11-26')).toBeNull();
    expect(parseOccurredAt('Thu, 26 Nov 2026 18:33:12 GMT')).toBeNull();
    expect(parseOccurredAt('2026-13-45T99:99:00Z')).toBeNull();
    expect(parseOccurredAt('')).toBeNull();
    expect(parseOccurredAt(undefined)).toBeNull();
  });

  it('takes a past time as the action time', () => {
    const tenMinutesAgo = new Date(received.getTime() - 10 * 60_000);
    expect(resolveActionTime(tenMinutesAgo.toISOString(), received)).toEqual({
      at: tenMinutesAgo,
      replaced: null,
    });
    const lastWeek = new Date(received.getTime() - 7 * 86_400_000);
    expect(resolveActionTime(lastWeek.toISOString(), received).at).toEqual(lastWeek);
  });

  it('clamps a future time to the receive time, and names a wrong clock beyond the tolerance', () => {
    const slightly = new Date(received.getTime() + 1_500);
    expect(resolveActionTime(slightly.toISOString(), received)).toEqual({ at: received, replaced: null });
    const far = new Date(received.getTime() + FUTURE_TOLERANCE_MS + 1_000);
    expect(resolveActionTime(far.toISOString(), received)).toEqual({ at: received, replaced: 'future' });
  });

  it('never refuses: missing, unreadable and reset-clock times become the receive time', () => {
    expect(resolveActionTime(undefined, received)).toEqual({ at: received, replaced: 'missing' });
    expect(resolveActionTime('gestern', received)).toEqual({ at: received, replaced: 'invalid' });
    expect(resolveActionTime('1970-01-01T00:00:05Z', received)).toEqual({
      at: received,
      replaced: 'too-old',
    });
  });

  it('calls two times notably apart past one day', () => {
    const at = '2026-11-20T08:00:00.000Z';
    expect(notablyDelayed(at, '2026-11-21T08:00:00.000Z')).toBe(false);
    expect(notablyDelayed(at, '2026-11-21T08:00:01.000Z')).toBe(true);
    expect(notablyDelayed(at, null)).toBe(false);
  });
});

describe('the clock offset from a Date header', () => {
  const sent = Date.parse('2026-11-26T18:30:00.000Z');

  it('is the server time (mid-second) minus the middle of the round trip', () => {
    // The server is 5 minutes ahead; the answer took 200 ms.
    const header = new Date(sent + 100 + 5 * 60_000).toUTCString();
    const offset = offsetFromDateHeader(header, sent, sent + 200);
    expect(offset).not.toBeNull();
    expect(Math.abs(offset! - 5 * 60_000)).toBeLessThanOrEqual(600);
  });

  it('says nothing without a header, with an unreadable one, or after a slow round trip', () => {
    expect(offsetFromDateHeader(null, sent, sent + 100)).toBeNull();
    expect(offsetFromDateHeader('soon', sent, sent + 100)).toBeNull();
    expect(offsetFromDateHeader(new Date(sent).toUTCString(), sent, sent + 30_000)).toBeNull();
  });
});

describe('times with the zone name', () => {
  const winter = '2026-11-26T18:33:00.000Z';
  const summer = '2026-07-01T17:33:00.000Z';

  it('names the zone as Intl gives it in the language, summer and winter', () => {
    const de = createFormat('de', { timeZone: 'Europe/Berlin' });
    expect(de.dateTimeZoned(winter)).toBe('26.11.2026, 19:33 MEZ');
    expect(de.dateTimeZoned(summer)).toBe('01.07.2026, 19:33 MESZ');
    const en = createFormat('en', { timeZone: 'Europe/Berlin' });
    expect(en.dateTimeZoned(winter)).toBe('26 Nov 2026, 19:33 CET');
    expect(en.dateTimeZoned(summer)).toBe('1 Jul 2026, 19:33 CEST');
    expect(createFormat('en', { timeZone: 'America/New_York' }).dateTimeZoned(winter)).toMatch(
      /^26 Nov 2026, 13:33 (EST|GMT-5)$/,
    );
  });

  it('prints PDF times in the site zone, never as UTC for Europe/Berlin', () => {
    expect(formatDateTime(new Date(winter), 'de', 'Europe/Berlin')).toBe('26.11.2026, 19:33 MEZ');
    expect(formatDateTime(new Date(summer), 'en')).toBe('1 Jul 2026, 19:33 CEST');
    expect(formatDateTime(new Date(winter), 'de')).not.toContain('UTC');
  });

  it('names no zone for a calendar day, which no zone shifts', () => {
    const de = createFormat('de', { timeZone: 'Europe/Berlin' });
    expect(de.dateTimeZoned('2026-11-26')).toBe(de.dateTime('2026-11-26'));
    expect(de.zoneName('2026-11-26')).toBe('');
  });
});
