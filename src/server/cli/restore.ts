import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config';
import { SERVER_VERSION } from '../modules/health/routes';
import { ArchiveError } from '../services/backup/archive-reader';
import { RestoreError, restoreBackup } from '../services/backup/restore';
import { parseArgs } from './output';

/*
 * npm run restore -- <archive> [--force]
 *
 * Restores a backup archive into DATA_DIR (and, for a PostgreSQL archive, into DATABASE_URL's
 * database). Says "done" only after every file's SHA-256 and every table's row count matched the
 * manifest and an older schema was migrated forward.
 */

const USAGE = `Usage: npm run restore -- <archive.tar.gz> [--force]

Restores the archive into DATA_DIR (for a PostgreSQL archive: into the empty database of DATABASE_URL).
DATA_DIR must be empty; --force replaces what is there. Stop FleetPilot first.`;

async function main() {
  let args;
  try {
    args = parseArgs(process.argv.slice(2), []);
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (args.flags.help) {
    console.info(USAGE);
    return;
  }
  const unknown = Object.keys(args.flags).filter((f) => f !== 'force');
  if (args.positional.length !== 1 || unknown.length > 0) {
    console.error(USAGE);
    process.exit(2);
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const archive = path.resolve(args.positional[0]!);
  const target = config.databaseUrl ? `${config.dataDir} and the PostgreSQL database` : config.dataDir;
  console.info(`Restoring ${archive} into ${target}`);
  try {
    const summary = await restoreBackup({
      archive,
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      pgBinDir: config.pgBinDir,
      force: args.flags.force === true,
      appVersion: SERVER_VERSION,
      log: (line) => console.info(`  ${line}`),
    });
    const migrated = summary.migrated.length
      ? ` Migrated forward from FleetPilot ${summary.manifest.appVersion}: ${summary.migrated.map((m) => m.tag).join(', ')}.`
      : '';
    console.info(
      `Done. ${summary.files} files match their SHA-256 and ${summary.tables} tables (${summary.rows} rows) ` +
        `match the manifest.${migrated}\nStart FleetPilot on it as usual (npm start with the same DATA_DIR` +
        `${config.databaseUrl ? ' and DATABASE_URL' : ''}).`,
    );
  } catch (err) {
    if (err instanceof RestoreError || err instanceof ArchiveError) {
      console.error(`Restore refused: ${err.message}`);
      process.exit(1);
    }
    console.error('Restore failed:', err);
    process.exit(1);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
