import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DirectoryLockedError, lockDirectory, PGLITE_LOCK_FILE } from '@/server/db/dir-lock';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetpilot-dirlock-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

const ownerFile = () => path.join(dir, PGLITE_LOCK_FILE, 'owner.json');

describe('directory lock with a recorded owner', () => {
  it('records this process as owner and removes everything on release', async () => {
    const release = await lockDirectory(dir);
    const owner = JSON.parse(fs.readFileSync(ownerFile(), 'utf8')) as { pid: number; hostname: string };
    expect(owner).toMatchObject({ pid: process.pid, hostname: os.hostname() });
    await release();
    expect(fs.existsSync(path.join(dir, PGLITE_LOCK_FILE))).toBe(false);
  });

  it('refuses a second holder while the owner lives', async () => {
    const release = await lockDirectory(dir);
    await expect(lockDirectory(dir)).rejects.toBeInstanceOf(DirectoryLockedError);
    await release();
  });

  it('takes over at once from an owner that died without releasing', async () => {
    fs.mkdirSync(path.join(dir, PGLITE_LOCK_FILE));
    fs.writeFileSync(
      ownerFile(),
      JSON.stringify({ pid: deadPid(), hostname: os.hostname(), startTime: null }),
    );
    const release = await lockDirectory(dir);
    expect(JSON.parse(fs.readFileSync(ownerFile(), 'utf8'))).toMatchObject({ pid: process.pid });
    await release();
  });

  it('takes over from a pid now used by another process (start time differs)', async () => {
    fs.mkdirSync(path.join(dir, PGLITE_LOCK_FILE));
    const owner = { pid: process.pid, hostname: os.hostname(), startTime: 'not-this-start' };
    fs.writeFileSync(ownerFile(), JSON.stringify(owner));
    const release = await lockDirectory(dir);
    await release();
  });

  it('leaves alone a fresh lock whose owner it cannot check (another host, or no owner recorded yet)', async () => {
    fs.mkdirSync(path.join(dir, PGLITE_LOCK_FILE));
    await expect(lockDirectory(dir)).rejects.toBeInstanceOf(DirectoryLockedError);
    fs.writeFileSync(ownerFile(), JSON.stringify({ pid: deadPid(), hostname: 'elsewhere', startTime: null }));
    await expect(lockDirectory(dir)).rejects.toBeInstanceOf(DirectoryLockedError);
  });
});
