/** API error codes. Every error body is `{ message, code, details? }`. */
export const ERROR_CODES = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  /** An admin approving their own record without saying why. */
  OVERRIDE_REASON_REQUIRED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  FEATURE_DISABLED: 403,
  /** Approving a record one wrote or signed as its author (four eyes). */
  SELF_APPROVAL: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  IDEMPOTENCY_MISMATCH: 422,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

export interface ApiErrorBody {
  message: string;
  code: ErrorCode;
  details?: unknown;
}
