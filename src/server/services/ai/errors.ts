import { AI_ERROR_CODES, type AiErrorCode } from '@/domain/ai';

/**
 * A failure of an AI call the user should read: a code from AI_ERROR_CODES, its HTTP status and a
 * readable message. The AI routes' error handler answers it as `{ message, code, details? }`.
 */
export class AiError extends Error {
  readonly status: number;
  constructor(
    readonly code: AiErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AiError';
    this.status = AI_ERROR_CODES[code];
  }
}

export const isAiError = (error: unknown): error is AiError => error instanceof AiError;
