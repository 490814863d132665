import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { EXCAVATOR_FILE_FIELDS, excavatorInputFromForm } from '@/domain/excavator';
import { badRequest } from '../../http-error';
import { readImageParts, type UploadedImage } from '../../plugins/uploads';
import { multipartFingerprintBody } from '../../plugins/write';

export interface ExcavatorRequestInput<T> {
  input: T;
  profileImage: UploadedImage | null;
  gallery: UploadedImage[];
  /** What the Idempotency-Key fingerprint hashes: JSON body, or multipart fields + file hashes. */
  fingerprintBody: unknown;
}

/**
 * Reads a create or update request, multipart (with files) or JSON (without), and validates it with
 * `schema`. Validation failures throw the ZodError, which the error handler answers as 400 with the
 * messages per field.
 */
export async function readExcavatorInput<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
): Promise<ExcavatorRequestInput<z.infer<S>>> {
  if (request.isMultipart()) {
    const form = await readImageParts(request, { fileFields: EXCAVATOR_FILE_FIELDS });
    const profileImages = form.files.filter((f) => f.fieldname === 'profileImage');
    if (profileImages.length > 1) {
      throw badRequest('Only one profile image can be sent', {
        fields: { profileImage: ['Only one profile image can be sent'] },
      });
    }
    return {
      input: schema.parse(excavatorInputFromForm(form.fields)),
      profileImage: profileImages[0] ?? null,
      gallery: form.files.filter((f) => f.fieldname === 'gallery'),
      fingerprintBody: multipartFingerprintBody(form.fields, form.files),
    };
  }
  const body = request.body ?? {};
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('The body must be a JSON object or a multipart form');
  }
  return { input: schema.parse(body), profileImage: null, gallery: [], fingerprintBody: body };
}
