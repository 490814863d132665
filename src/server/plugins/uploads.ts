import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MAX_IMAGE_BYTES, type ImageMimeType } from '@/domain/constants';
import { badRequest, HttpError } from '../http-error';
import {
  createLocalStorage,
  extensionFor,
  sniffImageType,
  type FileStorage,
  type LocalStorageOptions,
} from '../services/storage';
import type { S3StorageConfig } from '../services/storage-url';

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

export interface UploadsPluginOptions {
  dataDir: string;
  /** The bucket from STORAGE_URL; unset: local disk under DATA_DIR/uploads. */
  s3?: S3StorageConfig;
  /** A ready storage (tests); wins over the two above. */
  storage?: FileStorage;
  guardRemoval?: LocalStorageOptions['guardRemoval'];
}

/** Multipart parsing with limits, and the file storage (DATA_DIR/uploads or the configured bucket). */
export const uploadsPlugin = fp(
  async (app: FastifyInstance, opts: UploadsPluginOptions) => {
    let storage = opts.storage;
    if (!storage && opts.s3) {
      // The S3 client is a large library: loaded only where a bucket is configured.
      const { createS3Storage } = await import('../services/storage-s3');
      const s3 = createS3Storage(opts.s3);
      app.addHook('onClose', async () => s3.client.destroy());
      // A wrong bucket or key stops the start, instead of failing the first photo someone takes.
      await s3.check();
      storage = s3;
    }
    storage ??= createLocalStorage(path.join(opts.dataDir, 'uploads'), { guardRemoval: opts.guardRemoval });
    app.decorate('storage', storage);
    await app.register(multipart, {
      limits: { fileSize: MAX_IMAGE_BYTES, files: 20, fields: 60, fieldSize: 1024 * 1024, parts: 80 },
    });
  },
  { name: 'uploads' },
);

/** An uploaded image held in memory, its type decided by its bytes. */
export interface UploadedImage {
  fieldname: string;
  /** The client's file name: for display only, never used to store or to decide the type. */
  filename: string;
  type: ImageMimeType;
  data: Buffer;
}

export interface ImageForm {
  /** Image files in the order they arrived (several per field allowed, e.g. a gallery). */
  files: UploadedImage[];
  /** The text fields; a field sent more than once becomes an array. */
  fields: Record<string, string | string[]>;
}

export interface ReadImageOptions {
  /** Field names that may carry files; any other file field is refused with 400. */
  fileFields: readonly string[];
  /** Per-file limit in bytes (default MAX_IMAGE_BYTES); a larger file → 413 PAYLOAD_TOO_LARGE. */
  maxBytes?: number;
  /** Most files in one request (default 20); more → 413. */
  maxFiles?: number;
}

/**
 * Reads a multipart form whose files must be images — the one way modules accept images
 * (profile picture, excavator photos and gallery, inventory pictures):
 *
 *   const form = await readImageParts(request, { fileFields: ['profileImage', 'images'] });
 *   const stored = await Promise.all(form.files.map((image) => saveImage(app, 'excavators', image)));
 *   // validate form.fields with the module's zod schema; on a failed write, app.storage.remove(...)
 *
 * Not multipart → 415; a file that is not JPEG, PNG or WebP by content (whatever its name or declared
 * type) → 415 UNSUPPORTED_MEDIA_TYPE; too large → 413. Empty file inputs are skipped.
 */
export async function readImageParts(request: FastifyRequest, options: ReadImageOptions): Promise<ImageForm> {
  if (!request.isMultipart()) {
    throw new HttpError('UNSUPPORTED_MEDIA_TYPE', 'Send the form as multipart/form-data');
  }
  const form: ImageForm = { files: [], fields: {} };
  const parts = request.parts({
    limits: { fileSize: options.maxBytes ?? MAX_IMAGE_BYTES, files: options.maxFiles ?? 20 },
  });
  for await (const part of parts) {
    if (part.type === 'field') {
      const value = String(part.value);
      const existing = form.fields[part.fieldname];
      form.fields[part.fieldname] =
        existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
      continue;
    }
    if (!options.fileFields.includes(part.fieldname)) {
      throw badRequest(`Unexpected file field "${part.fieldname}"`, {
        fields: { [part.fieldname]: ['Unexpected file'] },
      });
    }
    const data = await part.toBuffer();
    // Browsers send an empty part for a file input left blank.
    if (data.length === 0 && !part.filename) continue;
    const type = sniffImageType(data);
    if (!type) {
      throw new HttpError('UNSUPPORTED_MEDIA_TYPE', 'Only JPEG, PNG and WebP images can be uploaded', {
        fields: { [part.fieldname]: ['Only JPEG, PNG and WebP images can be uploaded'] },
      });
    }
    form.files.push({ fieldname: part.fieldname, filename: part.filename, type, data });
  }
  return form;
}

/** Stores an image under a random, immutable name in `folder`; returns its relative path. */
export function saveImage(app: FastifyInstance, folder: string, image: UploadedImage): Promise<string> {
  return app.storage.put(folder, image.data, extensionFor(image.type));
}
