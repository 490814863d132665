import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** PostgreSQL's client programs FleetPilot's backups use. */
export type PgTool = 'pg_dump' | 'pg_restore';

export interface FoundTool {
  path: string;
  /** "pg_dump (PostgreSQL) 15.20" */
  version: string;
  major: number;
}

export class PgToolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PgToolError';
  }
}

/** The program on PG_BIN_DIR, else on PATH; null when there is none. */
function locate(tool: PgTool, binDir: string | undefined): string | null {
  const names = process.platform === 'win32' ? [`${tool}.exe`, tool] : [tool];
  const dirs = binDir ? [binDir] : (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  for (const dir of dirs) {
    for (const name of names) {
      const candidate = path.join(dir, name);
      try {
        fs.accessSync(candidate, fs.constants.X_OK);
        if (fs.statSync(candidate).isFile()) return candidate;
      } catch {
        // not here
      }
    }
  }
  return null;
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a program to its end, collecting its output (bounded: a dump goes to a file, never stdout). */
export function run(
  file: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout = (stdout + c.toString()).slice(-64_000)));
    child.stderr.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-64_000)));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/** Finds pg_dump or pg_restore and reads its version; a clear PgToolError when it is missing. */
export async function findPgTool(tool: PgTool, binDir: string | undefined): Promise<FoundTool> {
  const found = locate(tool, binDir);
  if (!found) {
    throw new PgToolError(
      `${tool} was not found ${binDir ? `in PG_BIN_DIR (${binDir})` : 'on PATH'}. Install the PostgreSQL ` +
        `client programs of your server's version (Debian/Ubuntu: apt install postgresql-client) or set ` +
        `PG_BIN_DIR to the folder that holds ${tool}.`,
    );
  }
  const result = await run(found, ['--version']);
  const version = result.stdout.trim();
  const major = Number(/(\d+)(?:\.\d+)?/.exec(version)?.[1] ?? NaN);
  if (result.code !== 0 || !Number.isFinite(major)) {
    throw new PgToolError(`${found} --version did not answer a version: ${result.stderr.trim() || version}`);
  }
  return { path: found, version, major };
}

/** A tool older than the server cannot read it (pg_dump refuses); say which one to install. */
export function assertToolFits(tool: FoundTool, serverMajor: number): void {
  if (tool.major < serverMajor) {
    throw new PgToolError(
      `${tool.version} at ${tool.path} is older than the PostgreSQL ${serverMajor} server. Install the ` +
        `client programs of version ${serverMajor} or newer and point PG_BIN_DIR to their folder.`,
    );
  }
}

/** libpq's names for the connection options node-postgres also reads from a URL. */
const LIBPQ_PARAMS = new Set([
  'sslmode',
  'sslrootcert',
  'sslcert',
  'sslkey',
  'connect_timeout',
  'application_name',
  'options',
  'target_session_attrs',
]);

/**
 * A DATABASE_URL as pg_dump/pg_restore take it: the password moves into the environment (never on a
 * command line other users can list) and node-postgres' `ssl=true` becomes libpq's sslmode.
 */
export function libpqConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const params = new URLSearchParams();
  for (const [key, value] of url.searchParams) {
    if (LIBPQ_PARAMS.has(key)) params.set(key, value);
    else if (key === 'ssl' && value !== 'false' && value !== '0' && !url.searchParams.has('sslmode')) {
      params.set('sslmode', 'require');
    }
  }
  url.search = params.toString();
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password) env.PGPASSWORD = password;
  else delete env.PGPASSWORD;
  return { dbname: url.toString(), env };
}
