import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '@/domain/errors';

/** The error body every route answers with, for the OpenAPI description. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
  details: z.unknown().optional(),
});
