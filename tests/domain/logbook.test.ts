import { describe, expect, it } from 'vitest';
import { decodeIssue } from '@/domain/fields';
import {
  checksFromConfig,
  DEFAULT_LOGBOOK_CONFIG,
  isOvernightShift,
  isTimeOfDay,
  logbookApproveSchema,
  LOGBOOK_MAX_CHECKS,
  logbookConfigEntity,
  logbookConfigSchema,
  logbookCreateSchema,
  logbookFieldsSchema,
  matchesLogbookQuery,
  shiftDurationMinutes,
} from '@/domain/logbook';
import {
  canApproveLogbookEntry,
  canDeleteLogbookEntry,
  canEditLogbookEntry,
  canSignLogbookEntry,
  decideLogbookAction,
  nextLogbookStatus,
  statusAfterSave,
} from '@/domain/logbook-status';

const base = {
  date: '2026-03-02',
  shiftStart: '06:00',
  shiftEnd: '14:00',
  conveyorChecks: [],
  specialChecks: [],
};

function fieldErrors(
  input: unknown,
  schema: { safeParse(v: unknown): { success: boolean; error?: unknown } } = logbookFieldsSchema,
) {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const issues = (result.error as { issues: Array<{ path: PropertyKey[]; message: string }> }).issues;
  const out: Record<string, string[]> = {};
  for (const issue of issues)
    (out[issue.path.map(String).join('.') || '_'] ??= []).push(decodeIssue(issue.message).english);
  return out;
}

describe('shift times', () => {
  it('accepts HH:MM from 00:00 to 23:59 only', () => {
    for (const ok of ['00:00', '06:30', '23:59']) expect(isTimeOfDay(ok), ok).toBe(true);
    for (const bad of ['24:00', '6:00', '12:60', '12:00:00', '', 'noon'])
      expect(isTimeOfDay(bad), bad).toBe(false);
  });

  it('treats an end before the start as an overnight shift into the next day', () => {
    expect(isOvernightShift('22:00', '06:00')).toBe(true);
    expect(isOvernightShift('06:00', '14:00')).toBe(false);
    expect(shiftDurationMinutes('22:00', '06:00')).toBe(8 * 60);
    expect(shiftDurationMinutes('06:15', '14:45')).toBe(8 * 60 + 30);
  });

  it('reports bad times on their fields and refuses a shift that ends when it starts', () => {
    expect(fieldErrors({ ...base, shiftStart: '6:00', shiftEnd: '25:10' })).toEqual({
      shiftStart: ['Shift start must be a time (HH:MM)'],
      shiftEnd: ['Shift end must be a time (HH:MM)'],
    });
    expect(fieldErrors({ ...base, shiftStart: '', shiftEnd: undefined })).toEqual({
      shiftStart: ['Shift start is required'],
      shiftEnd: ['Shift end is required'],
    });
    expect(fieldErrors({ ...base, shiftStart: '07:00', shiftEnd: '07:00' })).toEqual({
      shiftEnd: ['Shift end must differ from shift start'],
    });
    // Shown together with other problems, so the form lists them all at once.
    expect(fieldErrors({ ...base, date: 'x', shiftStart: '07:00', shiftEnd: '07:00' })).toEqual({
      date: ['Date must be a date (YYYY-MM-DD)'],
      shiftEnd: ['Shift end must differ from shift start'],
    });
    expect(fieldErrors({ ...base, shiftStart: '22:00', shiftEnd: '06:00' })).toEqual({});
  });
});

describe('entry fields', () => {
  it('needs a note for a conveyor that is not functional', () => {
    const checks = [
      { name: 'Aufgabeband', functional: true },
      { name: 'Sortierband 1', functional: false, notes: '   ' },
      { name: 'Sortierband 2', functional: false, notes: 'Rolle defekt' },
    ];
    expect(fieldErrors({ ...base, conveyorChecks: checks })).toEqual({
      'conveyorChecks.1.notes': ['A conveyor that is not functional needs a note'],
    });
  });

  it('validates check names, flags, weather ranges and the date', () => {
    expect(
      fieldErrors({
        ...base,
        date: '2026-02-29',
        conveyorChecks: [{ name: ' ', functional: 'yes' }],
        specialChecks: [{ name: 'Brandschutz' }],
        weather: { temperature: 90, humidity: -1 },
      }),
    ).toEqual({
      date: ['Date must be a date (YYYY-MM-DD)'],
      'conveyorChecks.0.name': ['Conveyor name is required'],
      'conveyorChecks.0.functional': ['Functional must be true or false'],
      'specialChecks.0.open': ['Open is required'],
      'weather.temperature': ['Temperature must be between -80 and 70'],
      'weather.humidity': ['Humidity must be between 0 and 100'],
    });
  });

  it('normalises: blanks become null, empty weather becomes none, missing checks become empty lists', () => {
    const parsed = logbookFieldsSchema.parse({
      date: '2026-03-02',
      shiftStart: ' 06:00 ',
      shiftEnd: '14:00',
      site: '  ',
      weather: { temperature: '', humidity: null, conditions: '' },
      generalNotes: '',
    });
    expect(parsed).toEqual({
      date: '2026-03-02',
      site: null,
      shiftStart: '06:00',
      shiftEnd: '14:00',
      weather: null,
      conveyorChecks: [],
      specialChecks: [],
      generalNotes: null,
    });
  });

  it('keeps the write options and drops read-only fields', () => {
    const parsed = logbookCreateSchema.parse({
      ...base,
      sign: true,
      fetchWeather: false,
      status: 'approved',
      creatorSignature: 'data:image/png;base64,AAAA',
    });
    expect(parsed).toMatchObject({ sign: true, fetchWeather: false });
    expect(parsed).not.toHaveProperty('status');
    expect(parsed).not.toHaveProperty('creatorSignature');
    expect(fieldErrors({ ...base, id: 'abc' }, logbookCreateSchema)).toEqual({ id: ['Id must be a UUID'] });
  });

  it('accepts an approval with a PNG signature or none', () => {
    expect(logbookApproveSchema.parse({})).toEqual({ signature: null });
    expect(logbookApproveSchema.safeParse({ signature: 'data:image/jpeg;base64,AAAA' }).success).toBe(false);
  });

  it('filters like the list endpoint', () => {
    const entry = { date: '2026-03-02', status: 'pending' as const, createdBy: 'u1', site: 'Hof Süd' };
    expect(matchesLogbookQuery(entry, { from: '2026-03-02', to: '2026-03-02' })).toBe(true);
    expect(matchesLogbookQuery(entry, { from: '2026-03-03' })).toBe(false);
    expect(matchesLogbookQuery(entry, { status: 'approved' })).toBe(false);
    expect(matchesLogbookQuery(entry, { author: 'u2' })).toBe(false);
    expect(matchesLogbookQuery(entry, { site: 'hof süd' })).toBe(true);
  });
});

describe('logbook configuration', () => {
  it("accepts the defaults and builds a new entry's checks from them", () => {
    expect(logbookConfigSchema.parse(DEFAULT_LOGBOOK_CONFIG)).toEqual(DEFAULT_LOGBOOK_CONFIG);
    const checks = checksFromConfig(DEFAULT_LOGBOOK_CONFIG);
    expect(checks.conveyorChecks.map((c) => c.name)).toEqual([
      'Aufgabeband',
      'Sortierband 1',
      'Sortierband 2',
      'Magnetabscheider-Band',
    ]);
    expect(checks.specialChecks.every((c) => c.open === false)).toBe(true);
    expect(logbookFieldsSchema.safeParse({ ...base, ...checks }).success).toBe(true);
  });

  it('needs unique, non-empty keys in each list, said under the repeated key', () => {
    const errors = fieldErrors(
      {
        ...DEFAULT_LOGBOOK_CONFIG,
        conveyors: [
          { key: 'band', name: 'Band' },
          { key: ' BAND ', name: 'Band 2' },
          { key: 'sieb', name: 'Sieb' },
        ],
        specialChecks: [
          { key: '', name: 'Ohne' },
          { key: 'band', name: 'Same key as a conveyor is fine' },
        ],
      },
      logbookConfigSchema,
    );
    expect(errors).toEqual({
      'conveyors.1.key': ['Key must be unique'],
      'specialChecks.0.key': ['Key is required'],
    });
  });

  it('checks key characters and lengths, site coordinates and default shift times', () => {
    expect(
      fieldErrors(
        {
          ...DEFAULT_LOGBOOK_CONFIG,
          conveyors: [
            { key: 'a b', name: 'A' },
            { key: 'k'.repeat(61), name: 'N'.repeat(121) },
          ],
          site: { name: '', latitude: 91, longitude: -181 },
          defaultShift: { start: '06:00', end: '06:00' },
        },
        logbookConfigSchema,
      ),
    ).toEqual({
      'conveyors.0.key': ['Key may contain letters, digits, _ and -'],
      'conveyors.1.key': ['Key must be at most 60 characters'],
      'conveyors.1.name': ['Name must be at most 120 characters'],
      'site.name': ['Site name is required'],
      'site.latitude': ['Latitude must be between -90 and 90'],
      'site.longitude': ['Longitude must be between -180 and 180'],
      'defaultShift.end': ['Shift end must differ from shift start'],
    });
    expect(
      fieldErrors(
        { ...DEFAULT_LOGBOOK_CONFIG, defaultShift: { start: '6:00', end: '' } },
        logbookConfigSchema,
      ),
    ).toEqual({
      'defaultShift.start': ['Shift start must be a time (HH:MM)'],
      'defaultShift.end': ['Shift end is required'],
    });
    const tooMany = Array.from({ length: LOGBOOK_MAX_CHECKS + 1 }, (_, i) => ({
      key: `k${i}`,
      name: `N${i}`,
    }));
    expect(fieldErrors({ ...DEFAULT_LOGBOOK_CONFIG, specialChecks: tooMany }, logbookConfigSchema)).toEqual({
      specialChecks: [`Special checks allows at most ${LOGBOOK_MAX_CHECKS} entries`],
    });
  });

  it('says its rules as keys with the field each message names', () => {
    const issues = logbookConfigEntity.validate({
      ...logbookConfigEntity.toForm(DEFAULT_LOGBOOK_CONFIG),
      conveyors: [
        { rowKey: 'a', key: 'band', name: 'Band' },
        { rowKey: 'b', key: 'Band', name: 'Band 2' },
      ],
      site: { name: 'Hof', latitude: '91', longitude: '9,99' },
      defaultShift: { start: '22:00', end: '22:00' },
    });
    expect(issues).toEqual([
      { path: 'conveyors.1.key', key: 'validation.unique', params: { field: 'logbook.config.key' } },
      {
        path: 'site.latitude',
        key: 'validation.between',
        params: { min: -90, max: 90, field: 'logbook.config.latitude' },
      },
      {
        path: 'defaultShift.end',
        key: 'logbook.validation.shiftSame',
        params: { field: 'logbook.fields.shiftEnd' },
      },
    ]);
  });

  it('maps a stored document to the form and back, the decimal comma read', () => {
    const empty = logbookConfigEntity.formDefaults();
    expect(empty).toEqual({
      conveyors: [],
      specialChecks: [],
      site: { name: '', latitude: '', longitude: '' },
      defaultShift: { start: '', end: '' },
    });
    const form = logbookConfigEntity.toForm(DEFAULT_LOGBOOK_CONFIG);
    // Each row gets a key of the device for React; the payload never carries it.
    expect(new Set(form.conveyors.map((row) => row.rowKey)).size).toBe(form.conveyors.length);
    expect(logbookConfigEntity.toRecord(form)).toEqual(DEFAULT_LOGBOOK_CONFIG);
    const typed = {
      ...form,
      conveyors: [
        ...form.conveyors,
        { ...logbookConfigEntity.fields.conveyors.newRow(), key: ' sieb ', name: 'Sieb' },
      ],
      site: { name: ' Hof Süd ', latitude: '48,137', longitude: ' 11.575 ' },
    };
    const record = logbookConfigEntity.toRecord(typed);
    expect(record.conveyors.at(-1)).toEqual({ key: 'sieb', name: 'Sieb' });
    expect(record.site).toEqual({ name: 'Hof Süd', latitude: 48.137, longitude: 11.575 });
  });

  it('still reads a stored document as before (missing lists are empty)', () => {
    const stored = JSON.parse(JSON.stringify(DEFAULT_LOGBOOK_CONFIG)) as Record<string, unknown>;
    expect(logbookConfigSchema.parse(stored)).toEqual(DEFAULT_LOGBOOK_CONFIG);
    const { specialChecks: _, ...withoutChecks } = stored;
    expect(logbookConfigSchema.parse(withoutChecks).specialChecks).toEqual([]);
    expect(logbookConfigSchema.safeParse({ ...stored, site: null }).success).toBe(false);
  });
});

describe('status machine', () => {
  const admin = { id: 'a', role: 'admin' };
  const manager = { id: 'm', role: 'Manager' };
  const author = { id: 'o', role: 'operator' };
  const otherOperator = { id: 'o2', role: 'operator' };
  const dispo = { id: 'd', role: 'dispo' };
  const viewer = { id: 'v', role: 'auditor' };
  const entry = (status: 'unsigned' | 'pending' | 'approved') => ({ status, createdBy: author.id });

  it('follows its table', () => {
    expect(nextLogbookStatus('unsigned', 'sign')).toBe('pending');
    expect(nextLogbookStatus('pending', 'approve')).toBe('approved');
    expect(nextLogbookStatus('pending', 'unsign')).toBe('unsigned');
    expect(nextLogbookStatus('unsigned', 'approve')).toBeNull();
    expect(nextLogbookStatus('unsigned', 'unsign')).toBeNull();
    for (const action of ['save', 'sign', 'unsign', 'approve', 'delete'] as const) {
      expect(nextLogbookStatus('approved', action)).toBeNull();
    }
  });

  it('withdraws the signature of a pending entry whose content changes, unless it is signed again', () => {
    expect(statusAfterSave('pending', { contentChanged: false })).toBe('pending');
    expect(statusAfterSave('pending', { contentChanged: true })).toBe('unsigned');
    expect(statusAfterSave('pending', { contentChanged: true, sign: true })).toBe('pending');
    expect(statusAfterSave('pending', { contentChanged: false, sign: false })).toBe('unsigned');
    expect(statusAfterSave('unsigned', { contentChanged: true })).toBe('unsigned');
    expect(statusAfterSave('unsigned', { contentChanged: false, sign: true })).toBe('pending');
  });

  it('lets operators edit, sign and delete only their own entries', () => {
    expect(canEditLogbookEntry(author, entry('unsigned'))).toBe(true);
    expect(canEditLogbookEntry(author, entry('pending'))).toBe(true);
    expect(canSignLogbookEntry(author, entry('unsigned'))).toBe(true);
    expect(canDeleteLogbookEntry(author, entry('pending'))).toBe(true);
    expect(decideLogbookAction(otherOperator, entry('unsigned'), 'save')).toEqual({
      allowed: false,
      reason: 'not_author',
    });
    expect(canDeleteLogbookEntry(otherOperator, entry('unsigned'))).toBe(false);
  });

  it('lets reviewers edit any unlocked entry but sign only their own, and approve pending ones', () => {
    for (const reviewer of [admin, manager]) {
      expect(canEditLogbookEntry(reviewer, entry('pending'))).toBe(true);
      expect(decideLogbookAction(reviewer, entry('unsigned'), 'sign')).toEqual({
        allowed: false,
        reason: 'not_author',
      });
      expect(canApproveLogbookEntry(reviewer, entry('pending'))).toBe(true);
      expect(decideLogbookAction(reviewer, entry('unsigned'), 'approve')).toEqual({
        allowed: false,
        reason: 'wrong_status',
      });
    }
    expect(canApproveLogbookEntry(author, entry('pending'))).toBe(false);
  });

  it('refuses dispo and other roles every write, and locks approved entries for everyone', () => {
    for (const actor of [dispo, viewer, null]) {
      for (const action of ['save', 'sign', 'approve', 'delete'] as const) {
        expect(decideLogbookAction(actor, entry('pending'), action)).toEqual({
          allowed: false,
          reason: 'forbidden',
        });
      }
    }
    for (const actor of [admin, manager, author]) {
      const actions =
        actor === author ? (['save', 'delete'] as const) : (['save', 'approve', 'delete'] as const);
      for (const action of actions) {
        expect(decideLogbookAction(actor, entry('approved'), action), `${actor.role} ${action}`).toEqual({
          allowed: false,
          reason: 'locked',
        });
      }
    }
  });
});
