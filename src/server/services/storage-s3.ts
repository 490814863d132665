import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { cleanStoragePath, contentTypeForPath, newStoragePath, type FileStorage } from './storage';
import { describeS3, type S3StorageConfig } from './storage-url';

/** What an object store knows of one stored file, for skipping what is already there. */
export interface StoredObjectInfo {
  size: number;
  /** The SHA-256 (hex) written with the object, when this app wrote it. */
  sha256: string | undefined;
  /** The MD5 (hex) the store reports as ETag for a single-part upload without KMS; else undefined. */
  md5: string | undefined;
}

export interface S3FileStorage extends FileStorage {
  readonly client: S3Client;
  /** The object's size and checksums, or null when there is none under that path. */
  stat(relativePath: string): Promise<StoredObjectInfo | null>;
  /** Writes bytes under a given relative path (the migration keeps the local names). */
  write(relativePath: string, data: Buffer): Promise<void>;
  /** Fails with a readable message when the bucket cannot be reached with these settings. */
  check(): Promise<void>;
}

/** The header the SHA-256 travels in (x-amz-meta-sha256); S3 keeps user metadata with the object. */
const SHA_META = 'sha256';

function isMissing(err: unknown): boolean {
  if (err instanceof S3ServiceException) {
    return err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey' || err.name === 'NotFound';
  }
  return false;
}

export function createS3Client(config: S3StorageConfig): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint && { endpoint: config.endpoint }),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials && { credentials: config.credentials }),
    // Many S3-compatible stores do not know the newer checksum trailers; send them only where the
    // operation requires one. Integrity is still checked: the body's MD5/SHA-256 travel with the object.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
}

/**
 * Uploads in an S3-compatible bucket, under the same relative paths as on disk (plus the URL's prefix).
 * Objects are written once under random names and never changed, so any replica or cache may keep them.
 */
export function createS3Storage(config: S3StorageConfig, client = createS3Client(config)): S3FileStorage {
  const key = (relativePath: string): string | null => {
    const clean = cleanStoragePath(relativePath);
    return clean ? config.prefix + clean : null;
  };
  const write = async (relativePath: string, data: Buffer) => {
    const k = key(relativePath);
    if (!k) throw new Error('invalid storage path');
    await client.send(
      new PutObjectCommand({
        Bucket: config.bucket,
        Key: k,
        Body: data,
        ContentLength: data.length,
        ContentType: contentTypeForPath(relativePath),
        // The store checks the bytes it received against this before it keeps the object.
        ContentMD5: createHash('md5').update(data).digest('base64'),
        Metadata: { [SHA_META]: createHash('sha256').update(data).digest('hex') },
      }),
    );
  };
  return {
    client,
    description: describeS3(config),
    external: true,
    write,
    async put(folder, data, extension) {
      const rel = newStoragePath(folder, extension);
      await write(rel, data);
      return rel;
    },
    async remove(relativePath) {
      const k = key(relativePath);
      // Deleting a missing key succeeds in S3, like rm --force on disk.
      if (k) await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: k }));
    },
    async open(relativePath) {
      const k = key(relativePath);
      if (!k) return null;
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: k }));
        const body = res.Body as Readable | undefined;
        if (!body) return null;
        return { size: res.ContentLength ?? 0, stream: () => body };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async stat(relativePath) {
      const k = key(relativePath);
      if (!k) return null;
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: k }));
        const etag = res.ETag?.replace(/"/g, '').toLowerCase();
        return {
          size: res.ContentLength ?? 0,
          sha256: res.Metadata?.[SHA_META],
          md5: etag && /^[0-9a-f]{32}$/.test(etag) ? etag : undefined,
        };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: config.bucket }));
      } catch (err) {
        const status = err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;
        const reason =
          status === 404
            ? 'the bucket does not exist'
            : status === 403
              ? 'access denied (check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)'
              : (err as Error).message;
        throw new Error(`The upload storage ${describeS3(config)} cannot be used: ${reason}`);
      }
    },
  };
}
