import path from 'node:path';
import { createS3Storage } from '../services/storage-s3';
import { migrateUploads, type MigrationProgress } from '../services/storage-migrate';
import { formatBytes, readCommandLine } from './output';

/*
 * npm run storage:migrate [-- --from <folder>]
 *
 * Copies the uploads on local disk into the bucket named by STORAGE_URL, keeping their paths, so a
 * server switched to the bucket finds every photo its rows name. Run it again after an interruption:
 * what is already in the bucket is skipped.
 */

const USAGE = `Usage: npm run storage:migrate [-- --from <folder>]

Copies every file under DATA_DIR/uploads (or --from) into the bucket of STORAGE_URL under the same
path. Objects already there with the same size and checksum are skipped, so the command can be run
again after an interruption, and once more after the switch for files written in between.
The local files are left in place.`;

class CliError extends Error {}

/** One line rewritten in place on a terminal; elsewhere a line per tenth of the files (and the last). */
function progressLine(stream: NodeJS.WriteStream = process.stderr) {
  let lastTenth = -1;
  return {
    update(p: MigrationProgress) {
      const text = `${p.done}/${p.total} files: ${p.copied} copied, ${p.skipped} already there`;
      if (stream.isTTY) stream.write(`\r${text}`);
      else {
        const tenth = Math.floor((10 * p.done) / Math.max(p.total, 1));
        if (tenth !== lastTenth || p.done === p.total) stream.write(`${text}\n`);
        lastTenth = tenth;
      }
    },
    done() {
      if (stream.isTTY) stream.write('\n');
    },
  };
}

async function main() {
  const input = readCommandLine(USAGE, 'from');
  if (!input) return;
  const { flags, config } = input;
  const from =
    typeof flags.from === 'string' ? path.resolve(flags.from) : path.join(config.dataDir, 'uploads');
  const printer = progressLine();
  const storage = config.storage ? createS3Storage(config.storage) : null;
  try {
    if (!storage) throw new CliError('STORAGE_URL is not set: name the bucket to copy the uploads into.');
    await storage.check();
    console.info(`Copying ${from} into ${storage.description}`);
    const result = await migrateUploads({ localRoot: from, target: storage, onProgress: printer.update });
    printer.done();
    console.info(
      `Done: ${result.total} files, ${result.copied} copied (${formatBytes(result.bytesCopied)}), ` +
        `${result.skipped} already in the bucket.`,
    );
  } catch (err) {
    printer.done();
    console.error(`Storage migration failed: ${(err as Error).message}`);
    console.error('Run the command again to go on: files already copied are skipped.');
    process.exitCode = 1;
  } finally {
    storage?.client.destroy();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
