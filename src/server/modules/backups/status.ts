import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { BackupStatus } from '@/domain/backup';
import type { DatabaseHandle } from '../../db/client';
import { currentSiteTimeZone } from '../../site-time';
import { archiveDirectory, listArchives } from '../../services/backup/archives';
import { assertToolFits, findPgTool } from '../../services/backup/pg-tools';
import { backupTarget, type BackupRunner } from './runner';
import { nextBackupAt } from './schedule';
import { readBackupState } from './state';

/** pg_dump is looked up again after this long (an admin may install it while FleetPilot runs). */
const TOOL_CHECK_MS = 60_000;

interface ToolCheck {
  at: number;
  tool: string | null;
  problem: string | null;
}

/** Whether pg_dump is there and fits the server, remembered for a minute. */
export function pgDumpChecker(app: FastifyInstance): () => Promise<ToolCheck> {
  let last: ToolCheck | null = null;
  return async () => {
    if (last && Date.now() - last.at < TOOL_CHECK_MS) return last;
    try {
      const tool = await findPgTool('pg_dump', app.config.pgBinDir);
      const result = await app.db.execute(sql`select current_setting('server_version_num') as num`);
      const num = Number((result as { rows?: Array<{ num?: string }> }).rows?.[0]?.num ?? 0);
      assertToolFits(tool, Math.floor(num / 10_000));
      last = { at: Date.now(), tool: tool.version, problem: null };
    } catch (err) {
      last = { at: Date.now(), tool: null, problem: (err as Error).message };
    }
    return last;
  };
}

/** Everything Settings → Backups shows: how backups are made, the schedule, the last run, the archives. */
export async function backupStatus(
  app: FastifyInstance,
  handle: DatabaseHandle,
  runner: BackupRunner,
  checkPgDump: () => Promise<ToolCheck>,
  now: Date = new Date(),
): Promise<BackupStatus> {
  const state = await readBackupState(app.db);
  const target = backupTarget(app, handle);
  let problem = typeof target === 'string' ? target : null;
  let tool: string | null = null;
  if (!problem && handle.kind === 'postgres') {
    const check = await checkPgDump();
    tool = check.tool;
    problem = check.problem;
  }
  const { backupDir, backupAt, backupKeep } = app.config;
  const timeZone = await currentSiteTimeZone(app);
  const directory = archiveDirectory(app.config);
  return {
    engine: handle.kind,
    method: handle.kind === 'pglite' ? 'data-directory' : 'pg_dump',
    available: problem === null,
    problem,
    tool,
    directory,
    schedule: {
      enabled: !!backupDir,
      at: backupAt,
      keep: backupKeep,
      timeZone,
      nextRunAt: backupDir
        ? nextBackupAt(now, backupAt, timeZone, state.lastScheduledDay).toISOString()
        : null,
    },
    running: runner.running,
    lastRun: state.lastRun,
    lastSuccessAt: state.lastSuccessAt,
    archives: await listArchives(directory),
  };
}
