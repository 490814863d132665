import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { listFiles } from './backup/files';
import { cleanStoragePath, isPartialUpload } from './storage';
import type { S3FileStorage, StoredObjectInfo } from './storage-s3';

export interface MigrationProgress {
  /** Files looked at so far, of `total`. */
  done: number;
  total: number;
  copied: number;
  skipped: number;
  /** The file just handled and what happened to it. */
  file: string;
  outcome: 'copied' | 'skipped';
}

export interface MigrationResult {
  total: number;
  copied: number;
  skipped: number;
  bytesCopied: number;
}

/** Whether the object already holds exactly these bytes (by SHA-256 when known, else by MD5). */
function sameContent(info: StoredObjectInfo | null, data: Buffer): boolean {
  if (!info || info.size !== data.length) return false;
  if (info.sha256) return info.sha256 === createHash('sha256').update(data).digest('hex');
  if (info.md5) return info.md5 === createHash('md5').update(data).digest('hex');
  // A store that reports neither (multipart ETag, KMS): the size has to do; names are never reused.
  return true;
}

/**
 * Copies every finished upload under `localRoot` into the bucket under the same relative path. Safe to
 * run again after an interruption or with the server running: objects already there with the same
 * size and checksum are skipped, a differing or partial one is written again. Files stay on disk.
 */
export async function migrateUploads(opts: {
  localRoot: string;
  target: S3FileStorage;
  /** Files handled at once (each is one HEAD and maybe one PUT). */
  concurrency?: number;
  onProgress?: (progress: MigrationProgress) => void;
}): Promise<MigrationResult> {
  const files = (await listFiles(opts.localRoot, isPartialUpload)).filter((f) => cleanStoragePath(f.rel));
  const result: MigrationResult = { total: files.length, copied: 0, skipped: 0, bytesCopied: 0 };
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      let data: Buffer;
      try {
        data = await fs.readFile(file.abs);
      } catch (err) {
        // Removed by the running server since the listing: its row is gone too, nothing to copy.
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        done += 1;
        result.skipped += 1;
        opts.onProgress?.({ done, total: files.length, ...counts(), file: file.rel, outcome: 'skipped' });
        continue;
      }
      const present = sameContent(await opts.target.stat(file.rel), data);
      if (present) result.skipped += 1;
      else {
        await opts.target.write(file.rel, data);
        result.copied += 1;
        result.bytesCopied += data.length;
      }
      done += 1;
      opts.onProgress?.({
        done,
        total: files.length,
        ...counts(),
        file: file.rel,
        outcome: present ? 'skipped' : 'copied',
      });
    }
  };
  const counts = () => ({ copied: result.copied, skipped: result.skipped });
  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? 4) }, worker));
  return result;
}
