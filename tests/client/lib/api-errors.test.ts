import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/client/api/client';
import { fieldErrorsFromDetails, serverFieldErrors } from '@/client/lib/api-errors';
import de from '@/client/i18n/locales/de.json';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'de', resources: { de: { translation: de } }, interpolation: { escapeValue: false } });
const t = i18n.t;

describe('server field errors', () => {
  it('keeps the first non-empty message per field', () => {
    expect(
      fieldErrorsFromDetails({ fields: { 'email.host': ['required', 'other'], name: 'too long', x: [''] } }),
    ).toEqual({ 'email.host': 'required', name: 'too long' });
  });

  it('reads nothing from details without fields or from errors that are not API errors', () => {
    expect(fieldErrorsFromDetails(undefined)).toEqual({});
    expect(fieldErrorsFromDetails({ reason: 'duplicate' })).toEqual({});
    expect(serverFieldErrors(new Error('boom'), t)).toEqual({});
  });

  it('reads the details of an API error', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'invalid', { fields: { username: ['taken'] } });
    expect(serverFieldErrors(error, t)).toEqual({ username: 'taken' });
  });

  it("prefers keyed issues in the user's language, keeping English where the key says nothing more", () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'Validation failed', {
      fields: {
        name: ['Name must be at most 120 characters'],
        id: ['Id must be a UUID'],
        year: ['Year must be at least 1900'],
        notes: ['A conveyor that is not functional needs a note'],
      },
      issues: [
        { path: 'name', key: 'validation.tooLong', params: { max: 120, field: 'excavators.fields.name' } },
        { path: 'id', key: 'validation.invalid', params: {} },
        { path: 'year', key: 'validation.nonsense', params: {} },
        { path: 'notes', key: 'logbook.validation.noteRequired', params: { field: 'logbook.details.notes' } },
      ],
    });
    expect(serverFieldErrors(error, t)).toEqual({
      name: 'Name darf höchstens 120 Zeichen lang sein',
      id: 'Id must be a UUID',
      year: 'Year must be at least 1900',
      notes: de.logbook.validation.noteRequired,
    });
  });
});
