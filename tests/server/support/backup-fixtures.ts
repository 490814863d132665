import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { manifestSchema, type Manifest } from '@/server/services/backup/manifest';

const root = path.resolve(import.meta.dirname, '../../..');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `npm run backup` / `npm run restore` as an operator would (node + tsx, a clean environment). */
export function runCli(
  command: 'backup' | 'restore',
  args: readonly string[],
  env: Record<string, string>,
): Promise<CliResult> {
  const base = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TZ: 'Europe/Berlin' };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `src/server/cli/${command}.ts`, ...args], {
      cwd: root,
      env: { ...base, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/** The manifest of an archive, read with the system's tar (not with FleetPilot's own reader). */
export function readManifest(archive: string): Manifest {
  const text = execFileSync('tar', ['-xzOf', archive, 'manifest.json'], { encoding: 'utf8' });
  return manifestSchema.parse(JSON.parse(text));
}

/** SHA-256 of every file under `dir`, keyed by its path relative to `dir` prefixed with `prefix/`. */
export function hashTree(dir: string, prefix: string): Map<string, string> {
  const out = new Map<string, string>();
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const abs = path.join(entry.parentPath, entry.name);
    const rel = path.relative(dir, abs).split(path.sep).join('/');
    out.set(`${prefix}/${rel}`, createHash('sha256').update(fs.readFileSync(abs)).digest('hex'));
  }
  return out;
}

export function tempDir(label: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `fp-${label}-`));
}

/** A throw-away PostgreSQL database on the server of `url`; drop() removes it. */
export async function scratchDatabase(
  url: string,
  label: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `fp_${label}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = async (sqlText: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sqlText);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return { url: dbUrl.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
