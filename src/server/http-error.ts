import { ERROR_CODES, type ErrorCode } from '@/domain/errors';

/** A failure the client should see: status, stable code, readable message and optional details. */
export class HttpError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    status?: number,
  ) {
    super(message);
    this.name = 'HttpError';
    this.status = status ?? ERROR_CODES[code];
  }
}

export const badRequest = (message: string, details?: unknown) =>
  new HttpError('BAD_REQUEST', message, details);
export const validationFailed = (message: string, details?: unknown) =>
  new HttpError('VALIDATION_FAILED', message, details);
export const unauthenticated = (message = 'Authentication required') =>
  new HttpError('UNAUTHENTICATED', message);
export const forbidden = (message = 'You are not allowed to do this') => new HttpError('FORBIDDEN', message);
export const notFound = (message = 'Not found') => new HttpError('NOT_FOUND', message);
export const conflict = (message: string, details?: unknown) => new HttpError('CONFLICT', message, details);
