import { createHash } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

export interface TreeFile {
  /** Relative to the walked root, with forward slashes (archive paths). */
  rel: string;
  abs: string;
  size: number;
}

/** Whether a file of a tree is left out (lock files, files being written). */
export type SkipName = (name: string) => boolean;

/**
 * Every regular file under `root`, depth first, in a stable order. Symbolic links and other special
 * files are left out: an archive holds data, never links that could point outside the restore.
 */
export async function listFiles(root: string, skip: SkipName = () => false): Promise<TreeFile[]> {
  return (await listTree(root, skip)).files;
}

/** The files under `root` (as listFiles) and every folder, empty ones included ("a/b"). */
export async function listTree(
  root: string,
  skip: SkipName = () => false,
): Promise<{ files: TreeFile[]; dirs: string[] }> {
  const out: TreeFile[] = [];
  const dirs: string[] = [];
  const walk = async (dir: string, prefix: string) => {
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (skip(entry.name)) continue;
      const abs = path.join(dir, entry.name);
      const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        dirs.push(rel);
        await walk(abs, rel);
      } else if (entry.isFile()) {
        // A file removed between the listing and here is simply not part of the tree.
        const stat = await fs.stat(abs).catch(() => null);
        if (stat?.isFile()) out.push({ rel, abs, size: stat.size });
      }
    }
  };
  await walk(root, '');
  return { files: out, dirs };
}

/**
 * Copies a tree — every folder, empty ones too (PostgreSQL needs its empty folders), and every file (a
 * copy-on-write clone where the file system can); returns the copied bytes.
 */
export async function copyTree(
  tree: { files: readonly TreeFile[]; dirs: readonly string[] },
  dest: string,
): Promise<number> {
  await fs.mkdir(dest, { recursive: true });
  for (const dir of tree.dirs) await fs.mkdir(path.join(dest, ...dir.split('/')), { recursive: true });
  let bytes = 0;
  for (const file of tree.files) {
    const target = path.join(dest, ...file.rel.split('/'));
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.copyFile(file.abs, target, constants.COPYFILE_FICLONE);
    bytes += file.size;
  }
  return bytes;
}

/**
 * Hard-links files into `dest` (instant, no extra space); copies where links are impossible (another
 * file system). Stored uploads never change after they appear, so a link is as good as a copy — and
 * it keeps the bytes even when the original is removed afterwards.
 */
export async function linkFiles(files: readonly TreeFile[], dest: string): Promise<void> {
  let canLink = true;
  for (const file of files) {
    const target = path.join(dest, ...file.rel.split('/'));
    await fs.mkdir(path.dirname(target), { recursive: true });
    try {
      if (!canLink) throw Object.assign(new Error('no links'), { code: 'EXDEV' });
      await fs.link(file.abs, target);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? '';
      if (code === 'ENOENT') continue; // removed since the listing: not part of the snapshot
      if (!['EXDEV', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EMLINK'].includes(code)) throw err;
      canLink = code === 'EMLINK';
      try {
        await fs.copyFile(file.abs, target, constants.COPYFILE_FICLONE);
      } catch (copyErr) {
        if ((copyErr as NodeJS.ErrnoException).code !== 'ENOENT') throw copyErr;
      }
    }
  }
}

/** SHA-256 (hex) and size of a file, read as a stream. */
export async function hashFile(
  abs: string,
  onBytes?: (n: number) => void,
): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(abs)) {
    const buf = chunk as Buffer;
    hash.update(buf);
    size += buf.length;
    onBytes?.(buf.length);
  }
  return { sha256: hash.digest('hex'), size };
}
