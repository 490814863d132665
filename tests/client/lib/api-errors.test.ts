import { describe, expect, it } from 'vitest';
import { ApiError } from '@/client/api/client';
import { fieldErrorsFromDetails, serverFieldErrors } from '@/client/lib/api-errors';

describe('server field errors', () => {
  it('keeps the first non-empty message per field', () => {
    expect(
      fieldErrorsFromDetails({ fields: { 'email.host': ['required', 'other'], name: 'too long', x: [''] } }),
    ).toEqual({ 'email.host': 'required', name: 'too long' });
  });

  it('reads nothing from details without fields or from errors that are not API errors', () => {
    expect(fieldErrorsFromDetails(undefined)).toEqual({});
    expect(fieldErrorsFromDetails({ reason: 'duplicate' })).toEqual({});
    expect(serverFieldErrors(new Error('boom'))).toEqual({});
  });

  it('reads the details of an API error', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'invalid', { fields: { username: ['taken'] } });
    expect(serverFieldErrors(error)).toEqual({ username: 'taken' });
  });
});
