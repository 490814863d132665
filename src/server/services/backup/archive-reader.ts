import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { Parser, type ReadEntry } from 'tar';
import {
  ARCHIVE_DATABASE_DIR,
  ARCHIVE_UPLOADS_DIR,
  MANIFEST_NAME,
  manifestSchema,
  type Manifest,
} from './manifest';

/** An archive that cannot be restored: damaged, altered, incomplete or not a FleetPilot backup. */
export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveError';
  }
}

const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;
const TOP_LEVEL = new Set([MANIFEST_NAME, ARCHIVE_DATABASE_DIR, ARCHIVE_UPLOADS_DIR]);

/** The entry's path when it is a safe relative path inside the archive's layout, else null. */
function safePath(raw: string): string | null {
  const clean = raw.replace(/\/+$/, '');
  if (!clean || clean.includes('\\') || clean.includes('\0') || clean.startsWith('/')) return null;
  const parts = clean.split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..')) return null;
  return TOP_LEVEL.has(parts[0]!) ? clean : null;
}

export interface ExtractedFile {
  path: string;
  size: number;
  sha256: string;
}

/**
 * Unpacks a backup archive into `dest` (an empty folder) while hashing every file, then checks the
 * result against the manifest: every listed file present with its size and SHA-256, nothing else. The
 * manifest must come first; `onManifest` sees it before any other byte is written and may refuse the
 * archive by throwing (e.g. one from a newer schema). Any failure is an ArchiveError.
 */
export async function extractArchive(opts: {
  archive: string;
  dest: string;
  onManifest?: (manifest: Manifest) => void;
  onBytes?: (compressedBytes: number) => void;
}): Promise<Manifest> {
  let manifest: Manifest | null = null;
  let failure: Error | null = null;
  const extracted = new Map<string, ExtractedFile>();
  const writes: Promise<void>[] = [];

  const parser = new Parser({ strict: true });
  let rejectFailed: (err: Error) => void = () => undefined;
  const failed = new Promise<never>((_resolve, reject) => (rejectFailed = reject));
  failed.catch(() => undefined);
  const fail = (err: Error) => {
    if (failure) return;
    failure = err;
    rejectFailed(err);
  };
  parser.on('error', (err: Error) => fail(new ArchiveError(`The archive is damaged: ${err.message}`)));

  const readManifest = (entry: ReadEntry) => {
    const chunks: Buffer[] = [];
    let size = 0;
    entry.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_MANIFEST_BYTES)
        fail(new ArchiveError('The manifest is too large to be a FleetPilot manifest.'));
      else chunks.push(chunk);
    });
    entry.on('end', () => {
      try {
        const parsed = manifestSchema.safeParse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        if (!parsed.success)
          throw new ArchiveError(`The manifest is not valid: ${parsed.error.issues[0]?.message ?? ''}`);
        manifest = parsed.data;
        opts.onManifest?.(parsed.data);
      } catch (err) {
        fail(
          err instanceof SyntaxError ? new ArchiveError('The manifest is not valid JSON.') : (err as Error),
        );
      }
    });
  };

  const writeFile = (entry: ReadEntry, rel: string) => {
    const target = path.join(opts.dest, ...rel.split('/'));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const hash = createHash('sha256');
    let size = 0;
    const hasher = new Transform({
      transform(chunk: Buffer, _enc, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    writes.push(
      pipeline(entry, hasher, fs.createWriteStream(target, { flags: 'wx' })).then(
        () => void extracted.set(rel, { path: rel, size, sha256: hash.digest('hex') }),
        (err: unknown) => fail(err as Error),
      ),
    );
  };

  parser.on('entry', (entry: ReadEntry) => {
    const rel = safePath(entry.path);
    if (failure) return entry.resume();
    if (!rel)
      return fail(new ArchiveError(`The archive holds an entry outside its layout: "${entry.path}".`));
    if (!manifest && rel !== MANIFEST_NAME) {
      return fail(
        new ArchiveError(
          'The archive does not start with a FleetPilot manifest: it is not a FleetPilot backup.',
        ),
      );
    }
    if (entry.type === 'Directory') {
      fs.mkdirSync(path.join(opts.dest, ...rel.split('/')), { recursive: true });
      return entry.resume();
    }
    if (!['File', 'OldFile', 'ContiguousFile'].includes(entry.type)) {
      return fail(
        new ArchiveError(`The archive holds a ${entry.type} entry ("${rel}"); backups hold only files.`),
      );
    }
    if (rel === MANIFEST_NAME) {
      if (manifest) return fail(new ArchiveError('The archive holds two manifests.'));
      return readManifest(entry);
    }
    if (extracted.has(rel)) return fail(new ArchiveError(`The archive holds "${rel}" twice.`));
    writeFile(entry, rel);
  });
  parser.on('warn', (_code: string, message: string | Error) =>
    fail(
      new ArchiveError(`The archive is damaged: ${typeof message === 'string' ? message : message.message}`),
    ),
  );

  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      opts.onBytes?.(chunk.length);
      done(null, chunk);
    },
  });
  const parsed = new Promise<void>((resolve) => parser.on('end', () => resolve()));
  try {
    await pipeline(
      fs.createReadStream(opts.archive),
      counter,
      zlib.createGunzip(),
      async (source: AsyncIterable<Buffer>) => {
        for await (const chunk of source) {
          if (failure) throw failure;
          if (!parser.write(chunk)) await Promise.race([once(parser, 'drain'), failed]);
        }
        parser.end();
        await Promise.race([parsed, failed]);
      },
    );
  } catch (err) {
    if (failure) throw failure;
    const code = (err as NodeJS.ErrnoException).code ?? '';
    if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') {
      throw new ArchiveError(`The archive cannot be read: ${(err as Error).message}`);
    }
    throw new ArchiveError(
      `The archive is damaged or incomplete (${(err as Error).message}). Nothing was restored from it.`,
    );
  }
  await Promise.all(writes);
  if (failure) throw failure;
  if (!manifest) throw new ArchiveError('The archive holds no manifest: it is not a FleetPilot backup.');
  verifyFiles(manifest, extracted);
  return manifest;
}

/** Every file of the manifest with its size and hash, and no file the manifest does not list. */
function verifyFiles(manifest: Manifest, extracted: ReadonlyMap<string, ExtractedFile>): void {
  const problems: string[] = [];
  const listed = new Set<string>();
  for (const file of manifest.files) {
    listed.add(file.path);
    const got = extracted.get(file.path);
    if (!got) problems.push(`${file.path} is missing`);
    else if (got.size !== file.size)
      problems.push(`${file.path} has ${got.size} bytes, the manifest says ${file.size}`);
    else if (got.sha256 !== file.sha256) problems.push(`${file.path} does not match its SHA-256`);
  }
  for (const rel of extracted.keys()) if (!listed.has(rel)) problems.push(`${rel} is not in the manifest`);
  if (problems.length > 0) {
    const shown = problems.slice(0, 10).join('; ');
    const more = problems.length > 10 ? ` and ${problems.length - 10} more` : '';
    throw new ArchiveError(
      `The archive does not match its manifest: ${shown}${more}. Nothing was restored from it.`,
    );
  }
}

/**
 * Reads only the manifest at the head of an archive (a few kilobytes of a file of any size): what an
 * archive is can be told, and refused, before anything else happens. The files are checked when the
 * whole archive is unpacked.
 */
export async function readArchiveManifest(archive: string): Promise<Manifest> {
  const dest = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'fleetpilot-manifest-'));
  const stop = new Error('manifest read');
  let found: Manifest | null = null;
  try {
    await extractArchive({
      archive,
      dest,
      onManifest: (manifest) => {
        found = manifest;
        throw stop;
      },
    });
  } catch (err) {
    if (err !== stop) throw err;
  } finally {
    await fs.promises.rm(dest, { recursive: true, force: true });
  }
  if (!found) throw new ArchiveError('The archive holds no manifest: it is not a FleetPilot backup.');
  return found;
}
