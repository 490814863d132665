import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { INVENTORY_FILE_FIELDS, inventoryInputFromForm } from '@/domain/inventory';
import { badRequest } from '../../http-error';
import { readImageParts, type UploadedImage } from '../../plugins/uploads';
import { multipartFingerprintBody } from '../../plugins/write';

export interface InventoryRequestInput<T> {
  input: T;
  photo: UploadedImage | null;
  /** What the Idempotency-Key fingerprint hashes: JSON body, or multipart fields + file hashes. */
  fingerprintBody: unknown;
}

/**
 * Reads a create or update request, multipart (with a `photo` file) or JSON (without), and validates
 * it with `schema`. A failure throws the ZodError: 400 with the messages per field.
 */
export async function readInventoryInput<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
): Promise<InventoryRequestInput<z.infer<S>>> {
  if (request.isMultipart()) {
    const form = await readImageParts(request, { fileFields: INVENTORY_FILE_FIELDS, maxFiles: 1 });
    return {
      input: schema.parse(inventoryInputFromForm(form.fields)),
      photo: form.files[0] ?? null,
      fingerprintBody: multipartFingerprintBody(form.fields, form.files),
    };
  }
  const body = request.body ?? {};
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('The body must be a JSON object or a multipart form');
  }
  return { input: schema.parse(body), photo: null, fingerprintBody: body };
}
