import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { create as createTar } from 'tar';
import { hashFile, listFiles } from './files';
import { ARCHIVE_FORMAT_VERSION, MANIFEST_NAME, type Manifest, type ManifestFile } from './manifest';

/** Hashes every staged file (the manifest's `files`), reporting bytes read as it goes. */
export async function hashStaging(staging: string, onBytes?: (n: number) => void): Promise<ManifestFile[]> {
  const files = await listFiles(staging, (name) => name === MANIFEST_NAME);
  const out: ManifestFile[] = [];
  for (const file of files) {
    const { sha256, size } = await hashFile(file.abs, onBytes);
    out.push({ path: file.rel, size, sha256 });
  }
  return out;
}

export type ManifestDraft = Omit<Manifest, 'format' | 'formatVersion' | 'createdAt'>;

/**
 * Writes `staging` as a gzip-compressed tar to `target` with the manifest as its first entry (a restore
 * reads it before anything else). The archive appears under its name only once complete: it is written
 * beside it under a hidden partial name and renamed at the end.
 */
export async function writeArchive(opts: {
  staging: string;
  manifest: ManifestDraft;
  target: string;
  onBytes?: (n: number) => void;
}): Promise<Manifest> {
  const manifest: Manifest = {
    format: 'fleetpilot-backup',
    formatVersion: ARCHIVE_FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    ...opts.manifest,
  };
  fs.writeFileSync(path.join(opts.staging, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`);
  const entries = [
    MANIFEST_NAME,
    ...['database', 'uploads'].filter((dir) => fs.existsSync(path.join(opts.staging, dir))),
  ];

  const partial = path.join(path.dirname(opts.target), `.${path.basename(opts.target)}.partial`);
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      opts.onBytes?.(chunk.length);
      done(null, chunk);
    },
  });
  try {
    await pipeline(
      createTar({ cwd: opts.staging, portable: true, strict: true }, entries),
      counter,
      zlib.createGzip({ level: 6 }),
      fs.createWriteStream(partial, { flags: 'wx' }),
    );
    const fd = fs.openSync(partial, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(partial, opts.target);
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  }
  return manifest;
}
