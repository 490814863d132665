import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { DatabaseLockedError, openPglite, pgliteDir } from '../db/client';
import { SERVER_VERSION } from '../modules/health/routes';
import {
  controlSocketPath,
  sendControlRequest,
  type ControlMessage,
} from '../modules/backups/control-socket';
import { siteTimeZone, zonedTime } from '../site-time';
import { archiveDirectory } from '../services/backup/archives';
import { createBackup, withBackupLock, type BackupTarget } from '../services/backup/create-backup';
import { describeS3 } from '../services/storage-url';
import { formatBytes, progressPrinter, readCommandLine } from './output';

/*
 * npm run backup [-- --out <folder>]
 *
 * Writes one archive of the database and the uploads. On the embedded database a running FleetPilot
 * makes it (asked over its local control socket: only it may open the database); with none running this
 * process opens the database itself. On PostgreSQL this process runs pg_dump directly, server or not.
 */

const USAGE = `Usage: npm run backup [-- --out <folder>]

Writes fleetpilot-<date>-<time>.tar.gz with the database, the uploads and a manifest (app version,
schema, rows per table, SHA-256 of every file) into BACKUP_DIR (else DATA_DIR/backups) or --out.`;

interface Outcome {
  path: string;
  size: number;
  files: number;
  tables: Record<string, number>;
  snapshotAt: string;
  how: string;
}

class CliError extends Error {}

function summary(outcome: Outcome, timeZone: string): string {
  const rows = Object.values(outcome.tables).reduce((sum, n) => sum + n, 0);
  const local = zonedTime(new Date(outcome.snapshotAt), timeZone);
  const clock = `${String(Math.floor(local.minutes / 60)).padStart(2, '0')}:${String(local.minutes % 60).padStart(2, '0')}`;
  return [
    `Backup written: ${outcome.path} (${formatBytes(outcome.size)})`,
    `  Snapshot ${local.date} ${clock} (${timeZone}): ${Object.keys(outcome.tables).length} tables, ` +
      `${rows} rows, ${outcome.files} files with their SHA-256 in the manifest.`,
    `  Database: ${outcome.how}.`,
  ].join('\n');
}

/** Asks a running FleetPilot; null when none listens. */
async function throughServer(config: Config, outDir: string): Promise<Outcome | null> {
  const printer = progressPrinter();
  let result: Outcome | null = null;
  let failure: string | null = null;
  const answered = await sendControlRequest(
    controlSocketPath(config.dataDir),
    { command: 'backup', outDir },
    (message: ControlMessage) => {
      if (message.type === 'progress') printer.update(message.progress.phase, message.progress.percent);
      else if (message.type === 'done') {
        result = {
          path: message.path,
          size: message.archive.size,
          files: message.files,
          tables: message.tables,
          snapshotAt: message.snapshotAt,
          how: 'embedded (PGlite) data directory, copied by the running FleetPilot while writes paused',
        };
      } else if (message.type === 'error') failure = message.message;
    },
  );
  printer.done();
  if (answered === null) return null;
  if (failure) throw new CliError(`The running FleetPilot could not make the backup: ${failure}`);
  if (!result) throw new CliError('The running FleetPilot closed the connection before the backup was done.');
  return result;
}

async function standalone(config: Config, outDir: string, target: BackupTarget): Promise<Outcome> {
  const printer = progressPrinter();
  const archiveDir = archiveDirectory(config);
  const locked = await withBackupLock(target, (source) =>
    createBackup({
      source,
      dataDir: config.dataDir,
      outDir,
      keep: path.resolve(outDir) === archiveDir ? config.backupKeep : undefined,
      timeZone: siteTimeZone(),
      appVersion: SERVER_VERSION,
      onProgress: printer.update,
    }),
  ).finally(() => printer.done());
  if (!locked.locked)
    throw new CliError('Another backup of this database is running. Try again when it is done.');
  const { value } = locked;
  const db = value.manifest.database;
  return {
    path: value.path,
    size: value.archive.size,
    files: value.manifest.files.length,
    tables: value.manifest.tables,
    snapshotAt: value.manifest.snapshotAt,
    how:
      db.engine === 'postgres'
        ? `PostgreSQL ${db.serverVersion}, dumped with ${db.tool} (one consistent snapshot)`
        : 'embedded (PGlite) data directory, copied while no FleetPilot was running',
  };
}

async function backupEmbedded(config: Config, outDir: string): Promise<Outcome> {
  const viaServer = await throughServer(config, outDir);
  if (viaServer) return viaServer;
  const dir = pgliteDir(config.dataDir);
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    throw new CliError(`There is no FleetPilot database in ${dir}. Is DATA_DIR right?`);
  }
  let handle;
  try {
    handle = await openPglite(dir, { migrate: false });
  } catch (err) {
    // A FleetPilot started between the two attempts: ask it after all.
    if (err instanceof DatabaseLockedError) {
      const late = await throughServer(config, outDir);
      if (late) return late;
    }
    throw err;
  }
  try {
    return await standalone(config, outDir, { kind: 'pglite', db: handle.db, pgliteDir: dir });
  } finally {
    await handle.close();
  }
}

async function main() {
  const input = readCommandLine(USAGE, 'out');
  if (!input) return;
  const { flags, config } = input;
  const outDir = typeof flags.out === 'string' ? path.resolve(flags.out) : archiveDirectory(config);
  try {
    const outcome = config.databaseUrl
      ? await standalone(config, outDir, {
          kind: 'postgres',
          databaseUrl: config.databaseUrl,
          pgBinDir: config.pgBinDir,
        })
      : await backupEmbedded(config, outDir);
    console.info(summary(outcome, siteTimeZone()));
    // The archive holds DATA_DIR/uploads only; files in a bucket are kept by the bucket's own versioning.
    if (config.storage) console.info(`  Uploads: in ${describeS3(config.storage)}, not in this archive.`);
  } catch (err) {
    console.error(`Backup failed: ${(err as Error).message}`);
    process.exit(1);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
