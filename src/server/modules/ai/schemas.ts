import { z } from 'zod';

/**
 * The error body of the AI routes: the common codes plus AI_ERROR_CODES (src/domain/ai.ts), so the
 * schema names the code as a string.
 */
export const aiErrorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
});

/** Error answers every AI route may give, for the OpenAPI description. */
export const aiErrorResponses = {
  400: aiErrorBodySchema,
  401: aiErrorBodySchema,
  403: aiErrorBodySchema,
  413: aiErrorBodySchema,
  429: aiErrorBodySchema,
  502: aiErrorBodySchema,
  503: aiErrorBodySchema,
  504: aiErrorBodySchema,
} as const;

/** Body limit of the AI routes: 20 000 characters of text, JSON-escaped in the worst case, and more. */
export const AI_BODY_LIMIT = 256 * 1024;
