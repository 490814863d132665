import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_MIME_TYPES, type ImageMimeType } from '@/domain/constants';

/**
 * Where uploaded files live: local disk under DATA_DIR/uploads by default, an S3-compatible bucket when
 * STORAGE_URL names one (storage-s3.ts). Paths are relative ("excavators/2026-05/ab12….webp") and
 * served at /uploads/{path} by the server in both cases.
 */
export interface FileStorage {
  /** What the files are in, for logs and the backup summary ("local disk …", "s3://bucket/…"). */
  readonly description: string;
  /** Whether the files live outside DATA_DIR (then a backup archive does not hold them). */
  readonly external: boolean;
  /** Stores bytes under a random name in `folder`; returns the relative path. */
  put(folder: string, data: Buffer, extension: string): Promise<string>;
  remove(relativePath: string): Promise<void>;
  /**
   * A stored file for reading, or null when it does not exist (or is not a regular file). The caller
   * must read or destroy the stream: an object store's response is already open.
   */
  open(relativePath: string): Promise<StoredFile | null>;
}

export interface StoredFile {
  size: number;
  stream(): NodeJS.ReadableStream;
}

/** A stored file's whole content, or null when it is gone. */
export async function readStoredFile(storage: FileStorage, relativePath: string): Promise<Buffer | null> {
  const file = await storage.open(relativePath);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream()) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * A client-given relative path in its stored form, or null when it could leave the root: an empty path,
 * a NUL, a backslash, or a "." / ".." / empty segment. Object stores have no folders to escape, but the
 * same names are refused there so both kinds of storage accept exactly the same paths.
 */
export function cleanStoragePath(relativePath: string): string | null {
  const clean = normalizeUploadPath(relativePath);
  if (!clean || clean.includes('\0') || clean.includes('\\')) return null;
  const segments = clean.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return null;
  return clean;
}

/** A new random, never reused relative path in `folder` ("<folder>/<yyyy-mm>/<32 hex>.<ext>"). */
export function newStoragePath(folder: string, extension: string): string {
  const safeFolder = folder.replace(/[^a-z0-9-]/gi, '') || 'files';
  const month = new Date().toISOString().slice(0, 7);
  return `${safeFolder}/${month}/${randomBytes(16).toString('hex')}.${extension.replace(/[^a-z0-9]/gi, '')}`;
}

const EXTENSION: Record<ImageMimeType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** The image type decided by the bytes, never by the name or the declared type. */
export function sniffImageType(data: Buffer): ImageMimeType | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (
    data.length >= 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  if (
    data.length >= 12 &&
    data.toString('ascii', 0, 4) === 'RIFF' &&
    data.toString('ascii', 8, 12) === 'WEBP'
  )
    return 'image/webp';
  return null;
}

export function extensionFor(type: ImageMimeType): string {
  return EXTENSION[type];
}

const CONTENT_TYPE_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

/** Stored names carry the extension chosen from the content at upload, so it names the type. */
export function contentTypeForPath(relativePath: string): string {
  const ext = path.extname(relativePath).slice(1).toLowerCase();
  return CONTENT_TYPE_BY_EXTENSION[ext] ?? 'application/octet-stream';
}

export function isImageMimeType(type: string): type is ImageMimeType {
  return (IMAGE_MIME_TYPES as readonly string[]).includes(type);
}

/** Normalises a client-given path ("/uploads/a/b.png", "uploads/a/b.png", "a/b.png") to "a/b.png". */
export function normalizeUploadPath(value: string): string {
  return value.replace(/^\/+/, '').replace(/^uploads\/+/, '');
}

/**
 * A file being written: stored files appear under their final name only once complete (a backup that
 * snapshots the folder never copies half a file), and names like this are never served or backed up.
 */
export function isPartialUpload(name: string): boolean {
  return name.startsWith('.') && name.includes('.partial-');
}

/** Gives a complete file its final name; link, unlike rename, never replaces an existing file. */
async function placeOnce(from: string, to: string): Promise<void> {
  try {
    await fs.link(from, to);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? '';
    // Some network and FUSE file systems have no hard links; the random names make a clash moot.
    if (!['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS'].includes(code)) throw err;
    await fs.rename(from, to);
  }
}

export interface LocalStorageOptions {
  /**
   * Wraps each removal. A backup on PostgreSQL snapshots the database and then links the files; a
   * removal in between (its row already gone from later snapshots) must wait for the link pass.
   */
  guardRemoval?: <T>(remove: () => Promise<T>) => Promise<T>;
}

export function createLocalStorage(root: string, options: LocalStorageOptions = {}): FileStorage {
  const absRoot = path.resolve(root);
  const guard = options.guardRemoval ?? ((remove) => remove());
  const resolve = (relativePath: string): string | null => {
    const clean = cleanStoragePath(relativePath);
    if (!clean) return null;
    const abs = path.resolve(absRoot, clean);
    return abs.startsWith(absRoot + path.sep) ? abs : null;
  };
  return {
    description: `local disk ${absRoot}`,
    external: false,
    async put(folder, data, extension) {
      const rel = newStoragePath(folder, extension);
      const abs = resolve(rel);
      if (!abs) throw new Error('invalid storage path');
      await fs.mkdir(path.dirname(abs), { recursive: true });
      const partial = path.join(
        path.dirname(abs),
        `.${path.basename(abs)}.partial-${randomBytes(4).toString('hex')}`,
      );
      try {
        await fs.writeFile(partial, data, { flag: 'wx' });
        await placeOnce(partial, abs);
      } finally {
        await fs.rm(partial, { force: true });
      }
      return rel;
    },
    async remove(relativePath) {
      const abs = resolve(relativePath);
      if (abs) await guard(() => fs.rm(abs, { force: true }));
    },
    async open(relativePath) {
      const abs = resolve(relativePath);
      if (!abs) return null;
      try {
        // A symlink planted under the root must not lead outside it.
        const real = await fs.realpath(abs);
        const realRoot = await fs.realpath(absRoot);
        if (!real.startsWith(realRoot + path.sep)) return null;
        const stat = await fs.stat(real);
        if (!stat.isFile()) return null;
        return { size: stat.size, stream: () => createReadStream(real) };
      } catch (err) {
        if (['ENOENT', 'ENOTDIR', 'ELOOP'].includes((err as NodeJS.ErrnoException).code ?? '')) return null;
        throw err;
      }
    },
  };
}
