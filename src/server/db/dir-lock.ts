import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';

/** The lock file that keeps a second process off an embedded database directory. */
export const PGLITE_LOCK_FILE = '.fleetpilot.lock';
/** Inside the lock directory: who holds it, so a successor can tell a crashed owner from a live one. */
const OWNER_FILE = 'owner.json';
/** Beside the lock: held for the moment one starting process clears a dead owner's lock. */
const TAKEOVER_SUFFIX = '.takeover';
/** A takeover marker older than this was left by a process that died while clearing a lock. */
const TAKEOVER_STALE_MS = 10_000;

interface Owner {
  pid: number;
  hostname: string;
  /** The kernel's start time of the process (Linux), so a reused pid is not taken for the owner. */
  startTime: string | null;
}

export class DirectoryLockedError extends Error {
  constructor(readonly dir: string) {
    super(`${dir} is locked by another live process`);
    this.name = 'DirectoryLockedError';
  }
}

function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses; the fields after its last ')' do not.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function readOwner(lockPath: string): Owner | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(path.join(lockPath, OWNER_FILE), 'utf8')) as Partial<Owner>;
    if (typeof parsed.pid !== 'number' || typeof parsed.hostname !== 'string') return null;
    return { pid: parsed.pid, hostname: parsed.hostname, startTime: parsed.startTime ?? null };
  } catch {
    return null;
  }
}

/**
 * Whether the recorded owner certainly no longer runs. Only an owner on this machine can be checked;
 * one on another host (a shared volume) keeps the lock until it goes stale by its age.
 */
export function ownerIsDead(owner: Owner): boolean {
  if (owner.hostname !== os.hostname()) return false;
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    // EPERM: the process exists but belongs to someone else, so it is alive.
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
  if (owner.startTime === null) return false;
  const current = processStartTime(owner.pid);
  return current !== null && current !== owner.startTime;
}

/**
 * Removes the lock of a crashed owner. The takeover marker (an atomic mkdir) lets only one starting
 * process do so, and the owner is read again under it, so a lock a competitor has just taken over is
 * never removed.
 */
function clearDeadOwner(lockPath: string): boolean {
  const marker = lockPath + TAKEOVER_SUFFIX;
  try {
    fs.mkdirSync(marker);
  } catch {
    try {
      if (Date.now() - fs.statSync(marker).mtimeMs > TAKEOVER_STALE_MS)
        fs.rmSync(marker, { recursive: true });
    } catch {
      // Gone meanwhile: the next attempt tries again.
    }
    return false;
  }
  try {
    const owner = readOwner(lockPath);
    if (!owner || !ownerIsDead(owner)) return false;
    fs.rmSync(lockPath, { recursive: true, force: true });
    return true;
  } finally {
    fs.rmSync(marker, { recursive: true, force: true });
  }
}

/** proper-lockfile removes a lock with rmdir; ours holds the owner file, so it is removed with it. */
const lockFs = {
  ...fs,
  rmdir: (target: string, callback: (err: NodeJS.ErrnoException | null) => void) =>
    fs.rm(target, { recursive: true }, callback),
  rmdirSync: (target: string) => fs.rmSync(target, { recursive: true }),
};

/**
 * Takes the lock `lockName` of directory `dir` for this process and returns its release. The lock is a
 * directory (proper-lockfile) that records the owner's pid: after a crash (kill -9, power loss of a
 * container) the next start sees the owner is gone and takes over at once instead of waiting until the
 * lock turns stale; a live owner still keeps every other process out (DirectoryLockedError).
 */
export async function lockDirectory(dir: string, lockName = PGLITE_LOCK_FILE): Promise<() => Promise<void>> {
  const lockPath = path.join(dir, lockName);
  for (let attempt = 0; ; attempt++) {
    try {
      const release = await lockfile.lock(dir, {
        lockfilePath: lockPath,
        // A crashed owner on this machine is recognised by its pid, so age only decides for owners that
        // cannot be checked. Generous, because the first start of an embedded database blocks the event
        // loop for a long while on a busy machine and a lock not refreshed in time counts as lost.
        stale: 120_000,
        update: 20_000,
        realpath: false,
        fs: lockFs,
      });
      const owner: Owner = {
        pid: process.pid,
        hostname: os.hostname(),
        startTime: processStartTime(process.pid),
      };
      // proper-lockfile tells its lock is still its own by the directory's mtime, which adding the file
      // changes: it is set back to the value the lock recorded.
      const { mtime } = fs.statSync(lockPath);
      fs.writeFileSync(path.join(lockPath, OWNER_FILE), JSON.stringify(owner));
      fs.utimesSync(lockPath, mtime, mtime);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
      if (attempt >= 2 || !clearDeadOwner(lockPath)) throw new DirectoryLockedError(dir);
    }
  }
}
